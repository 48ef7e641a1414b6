// Fast TSORT32 and TMRGSORT. TSORT32 sorts one block per vector lane: one signed 64-bit key per pair (the
// value's rank, then the complement of the index, so a smaller index comes first), transposed so that vector
// k holds key k of every block of the group, then a sorting network of min/max over the 32 vectors, which
// needs no shuffles, then transposed back. The pairs come back from the keys; equal keys give equal pairs
// except float zeros and NaNs (the key does not keep their bits), which are rewritten in column order
// afterwards, so the output is the reference's bytes. TMRGSORT keeps one 64-bit key per list head (rank,
// then list number; 0 for a list with nothing left) and takes the largest, so each step is three compares and
// no data-dependent branch on values.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/sort.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kernels/common/sort_order.hpp"
#include "ptosim/ops/sort.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace so = kernels::sort_order;

// The sort element types as the vector code sees them: a value sign-extended into a 32-bit lane. Integers
// compare as they are. Floats are sign-magnitude: flipping the magnitude bits of a negative value makes the
// lane compare as a signed integer in value order (and flipping them again undoes it); zeros and NaNs are the
// exceptions, set to 0 and INT32_MIN (kernels/common/sort_order.hpp: +0 == -0, every NaN lowest). These
// ranks differ from so::rank<T>'s but give the same order, which is all a key needs.
template <typename T>
struct SortBits {
    static constexpr bool kFloat = !std::is_same_v<T, int32_t> && !std::is_same_v<T, int16_t>;
    static constexpr uint32_t kBits = sizeof(T) == 4 ? 0xFFFFFFFFu : 0xFFFFu;  // a value's bits in its lane
    static constexpr uint32_t kMagnitude = kBits >> 1;
    static constexpr uint32_t kInf = std::is_same_v<T, float>      ? 0x7F800000u
                                     : std::is_same_v<T, bfloat16> ? 0x7F80u
                                                                   : 0x7C00u;
};

// Batcher's odd-even merge sort of 32, descending: comparator (a, b) leaves the larger key at a. It has 191
// comparators against the bitonic network's 240. The comparators that sort each half of 16 come first, one
// half after the other (they touch nothing of the other half), so that only 16 vectors are live until the
// final merge; in Batcher's order all 32 are, and they spill.
struct Network {
    uint8_t a[191];
    uint8_t b[191];
};
constexpr Network kNetwork = [] {
    constexpr int32_t kHalf = sort::kBlock / 2;
    Network net{};
    int32_t n = 0;
    for (int32_t pass = 0; pass < 3; ++pass)  // the first half's sort, the second's, the merge
        for (int32_t p = pass < 2 ? 1 : kHalf; p < (pass < 2 ? kHalf : sort::kBlock); p <<= 1)
            for (int32_t k = p; k >= 1; k >>= 1)
                for (int32_t j = k % p; j + k < sort::kBlock; j += 2 * k)
                    for (int32_t i = 0; i < k && i + j + k < sort::kBlock; ++i)
                        if ((i + j) / (2 * p) == (i + j + k) / (2 * p) &&
                            (pass == 2 || (i + j) / kHalf == pass)) {
                            net.a[n] = static_cast<uint8_t>(i + j);
                            net.b[n] = static_cast<uint8_t>(i + j + k);
                            ++n;
                        }
    if (n != 191)
        throw "the odd-even merge sort of 32 has 191 comparators";
    return net;
}();

template <class V>
HWY_INLINE void Exchange(V& a, V& b) {
    const V larger = hn::Max(a, b);
    b = hn::Min(a, b);
    a = larger;
}

// Unrolled so that every vector index is a constant and the 32 vectors can live in registers.
template <class V, std::size_t... I>
HWY_INLINE void RunNetwork(V* v, std::index_sequence<I...>) {
    (Exchange(v[kNetwork.a[I]], v[kNetwork.b[I]]), ...);
}

// Transposes the lanes x lanes matrix whose rows are rows[0..lanes): log2(lanes) rounds of splitting rows
// into their even and odd lanes, each of which rotates the bits of (row, lane) by one.
template <class D, class V>
HWY_INLINE void Transpose(D d, V* rows) {
#if HWY_TARGET == HWY_SCALAR
    (void)d;
    (void)rows;
#else
    constexpr std::size_t kLanes = hn::MaxLanes(D());
    for (std::size_t width = 1; width < kLanes; width *= 2) {
        V out[kLanes];
        for (std::size_t i = 0; i < kLanes / 2; ++i) {
            out[i] = hn::ConcatEven(d, rows[2 * i + 1], rows[2 * i]);
            out[i + kLanes / 2] = hn::ConcatOdd(d, rows[2 * i + 1], rows[2 * i]);
        }
        for (std::size_t i = 0; i < kLanes; ++i)
            rows[i] = out[i];
    }
#endif
}

// One block of TSORT32 for a group: where its values, indices and pairs are, and how many (0 for a lane
// with no block, whose keys are all padding).
struct BlockRef {
    const std::byte* values;
    const uint32_t* ids;
    std::byte* out;
    int32_t n;
};

// The keys of one block into key[0..32), signed 64-bit: the value's rank in the upper half, the complement
// of the index (a smaller index first) in the lower. They are in no particular column order: keys that are
// equal give equal pairs, so their order does not show, except for float zeros and NaNs, whose bits the key
// does not determine (FixFloatClass puts those back in column order). Returns whether the block has any.
template <typename T, class D64>
HWY_INLINE bool BlockKeys(D64 d64, const BlockRef& b, int64_t* key) {
    using B = SortBits<T>;
#if HWY_TARGET == HWY_SCALAR
    const hn::Rebind<int32_t, D64> d32;  // one value per key
#else
    const hn::Repartition<int32_t, D64> d32;  // two vectors of keys per vector of values
#endif
    const hn::RebindToUnsigned<decltype(d32)> du32;
    const hn::RebindToUnsigned<D64> du64;
    constexpr std::size_t kStep = hn::MaxLanes(d32);
    // A short block is read through a full one so that every load stays inside its buffer. The padding
    // has the lowest key (the lowest value, index 0xFFFFFFFF), so it sorts after every real pair (or is
    // equal to one, which gives the same bytes).
    HWY_ALIGN std::byte value_pad[sort::kBlock * sizeof(T)];
    HWY_ALIGN uint32_t id_pad[sort::kBlock];
    const std::byte* values = b.values;
    const uint32_t* ids = b.ids;
    if (b.n < sort::kBlock) {
        // A NaN (all ones) or the most negative integer.
        using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint16_t>;
        const auto lowest = static_cast<Bits>(B::kFloat ? B::kBits : B::kMagnitude + 1);
        for (int32_t k = 0; k < sort::kBlock; ++k) {
            std::memcpy(value_pad + k * sizeof(T),
                        k < b.n ? static_cast<const void*>(b.values + k * sizeof(T)) : &lowest, sizeof(T));
            id_pad[k] = k < b.n ? b.ids[k] : 0xFFFFFFFFu;
        }
        values = value_pad;
        ids = id_pad;
    }
    auto odd = hn::MaskFromVec(hn::Zero(d32));
    for (std::size_t k = 0; k < sort::kBlock; k += kStep) {
        hn::Vec<decltype(d32)> x;
        if constexpr (sizeof(T) == 4) {
            x = hn::LoadU(d32, reinterpret_cast<const int32_t*>(values) + k);
        } else {
            const hn::Rebind<int16_t, decltype(d32)> d16;
            x = hn::PromoteTo(d32, hn::LoadU(d16, reinterpret_cast<const int16_t*>(values) + k));
        }
        auto rank = x;
        if constexpr (B::kFloat) {
            const auto magnitude_bits = hn::Set(d32, static_cast<int32_t>(B::kMagnitude));
            const auto magnitude = hn::And(x, magnitude_bits);
            const auto zero = hn::Eq(magnitude, hn::Zero(d32));
            const auto nan = hn::Gt(magnitude, hn::Set(d32, static_cast<int32_t>(B::kInf)));
            rank = hn::Xor(x, hn::And(hn::BroadcastSignBit(x), magnitude_bits));
            rank = hn::IfThenElse(nan, hn::Set(d32, INT32_MIN), hn::IfThenZeroElse(zero, rank));
            odd = hn::Or(odd, hn::Or(zero, nan));
        }
        const auto not_id = hn::Not(hn::LoadU(du32, ids + k));
        const auto r = hn::BitCast(du32, rank);
        hn::Store(hn::BitCast(d64, hn::ZipLower(du64, not_id, r)), d64, key + k);
#if HWY_TARGET != HWY_SCALAR
        hn::Store(hn::BitCast(d64, hn::ZipUpper(du64, not_id, r)), d64, key + k + kStep / 2);
#endif
    }
    return !hn::AllFalse(d32, odd);
}

// The pairs of a vector of sorted keys: the value's bits back from its rank (exact but for float zeros and
// NaNs), the index from the key's lower half.
template <typename T, class D64>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<D64>> KeysToPairs(D64, hn::Vec<D64> key) {
    using B = SortBits<T>;
    const hn::RebindToUnsigned<D64> du64;
    const auto s = hn::RotateRight<32>(hn::BitCast(du64, key));  // rank in the lower half, ~index upper
    auto flip = hn::Set(du64, 0xFFFFFFFF00000000ull);
    if constexpr (B::kFloat)
        flip = hn::Or(flip, hn::IfThenElseZero(hn::TestBit(s, hn::Set(du64, 0x80000000u)),
                                               hn::Set(du64, B::kMagnitude)));
    auto pair = hn::Xor(s, flip);
    if constexpr (sizeof(T) == 2)
        pair = hn::And(pair, hn::Set(du64, 0xFFFFFFFF0000FFFFull));  // the value's sign extension
    return pair;
}

// Rewrites the pairs of a block's zeros or NaNs (one rank each, so one run each in the sorted block) with
// their own bits: the run's pairs are its members in index order, then column order, and it starts after
// every pair that sorts before the class.
template <typename T>
void FixFloatClass(const BlockRef& b, bool nan_class) {
    using B = SortBits<T>;
    constexpr uint32_t kSign = B::kMagnitude + 1;
    struct Member {
        uint32_t index;
        int32_t column;
    };
    Member members[sort::kBlock];
    int32_t count = 0, start = 0;
    for (int32_t c = 0; c < b.n; ++c) {
        uint32_t bits = 0, id;
        std::memcpy(&bits, b.values + c * static_cast<int32_t>(sizeof(T)), sizeof(T));
        std::memcpy(&id, b.ids + c, 4);
        const uint32_t magnitude = bits & B::kMagnitude;
        const bool nan = magnitude > B::kInf;
        const bool in_class = nan_class ? nan : magnitude == 0;
        if (in_class) {
            // Insertion after every member with a smaller or equal index keeps equal indices in column order.
            int32_t at = count++;
            for (; at > 0 && members[at - 1].index > id; --at)
                members[at] = members[at - 1];
            members[at] = {id, c};
        } else if (nan_class ? !nan : (!nan && magnitude != 0 && (bits & kSign) == 0)) {
            ++start;
        }
    }
    for (int32_t m = 0; m < count; ++m)
        so::write_pair<T>(b.out + (start + m) * sort::kPairBytes,
                          b.values + members[m].column * static_cast<int32_t>(sizeof(T)), members[m].index);
}

// Sorts up to `lanes` blocks at once, one block per lane: the network compares key k of every block in
// one vector, so it needs no shuffles; the keys go into and out of that layout by lanes x lanes transposes.
template <typename T>
void SortGroup(const BlockRef* group) {
    const hn::ScalableTag<int64_t> d;
    using V = hn::Vec<decltype(d)>;
    constexpr std::size_t kLanes = hn::MaxLanes(d);
    HWY_ALIGN int64_t keys[kLanes][sort::kBlock];
    bool odd[kLanes];
    for (std::size_t l = 0; l < kLanes; ++l)
        odd[l] = BlockKeys<T>(d, group[l], keys[l]);
    V v[sort::kBlock];
    for (std::size_t k = 0; k < sort::kBlock; k += kLanes) {
        for (std::size_t l = 0; l < kLanes; ++l)
            v[k + l] = hn::Load(d, keys[l] + k);
        Transpose(d, v + k);
    }
    RunNetwork(v, std::make_index_sequence<191>());
    // A whole block's pairs go straight to dst; a short one's through keys, then its n pairs.
    const hn::Rebind<uint64_t, decltype(d)> du64;
    for (std::size_t k = 0; k < sort::kBlock; k += kLanes) {
        Transpose(d, v + k);
        for (std::size_t l = 0; l < kLanes; ++l) {
            uint64_t* to = group[l].n == sort::kBlock ? reinterpret_cast<uint64_t*>(group[l].out) + k
                                                      : reinterpret_cast<uint64_t*>(keys[l] + k);
            hn::StoreU(KeysToPairs<T>(d, v[k + l]), du64, to);
        }
    }
    for (std::size_t l = 0; l < kLanes; ++l) {
        const BlockRef& b = group[l];
        if (b.n == 0)
            continue;
        if (b.n < sort::kBlock)
            std::memcpy(b.out, keys[l], static_cast<std::size_t>(b.n) * sort::kPairBytes);
        if constexpr (SortBits<T>::kFloat) {
            if (odd[l]) {
                FixFloatClass<T>(b, false);
                FixFloatClass<T>(b, true);
            }
        }
    }
}

void Tsort32(const TileView& dst, const TileView& src, const TileView& idx) {
    so::visit(src.dtype, [&](auto tag) {
        using T = decltype(tag);
        constexpr std::size_t kLanes = hn::MaxLanes(hn::ScalableTag<int64_t>());
        BlockRef group[kLanes];
        std::size_t filled = 0;
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            const uint32_t* ids = idx.row<uint32_t>(idx.valid_rows == 1 ? 0 : r);
            const std::byte* values = src.at(r, 0);
            std::byte* out = dst.at(r, 0);
            for (int32_t c0 = 0; c0 < src.valid_cols; c0 += sort::kBlock) {
                group[filled++] = {values + c0 * static_cast<int32_t>(sizeof(T)), ids + c0,
                                   out + c0 * sort::kPairBytes, std::min(sort::kBlock, src.valid_cols - c0)};
                if (filled == kLanes) {
                    SortGroup<T>(group);
                    filled = 0;
                }
            }
        }
        if (filled > 0) {
            for (std::size_t l = filled; l < kLanes; ++l)
                group[l] = {group[0].values, group[0].ids, nullptr, 0};
            SortGroup<T>(group);
        }
    });
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {

namespace so = kernels::sort_order;

HWY_EXPORT(Tsort32);

void tsort32(const TileView& dst, const TileView& src, const TileView& idx) {
    HWY_DYNAMIC_DISPATCH(Tsort32)(dst, src, idx);
}

sort::Executed merge_pairs(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted) {
    sort::Executed taken{};
    so::visit(t, [&](auto tag) {
        using T = decltype(tag);
        const auto n = static_cast<int32_t>(lists.size());
        uint64_t head[sort::kMaxLists] = {};
        int64_t total = 0;
        bool any_empty = false;
        // Larger key first; the list number breaks ties towards the lower list.
        const auto key = [&](int32_t l) -> uint64_t {
            if (taken[l] >= lists[l].pairs)
                return 0;
            return (uint64_t{so::rank<T>(lists[l].data + taken[l] * sort::kPairBytes)} << 3) |
                   static_cast<uint64_t>(sort::kMaxLists - l);
        };
        for (int32_t l = 0; l < n; ++l) {
            head[l] = key(l);
            total += lists[l].pairs;
            any_empty = any_empty || lists[l].pairs == 0;
        }
        if (exhausted && any_empty)
            return;
        for (int64_t k = 0; k < total; ++k) {
            const int32_t a = head[1] > head[0] ? 1 : 0;
            const int32_t b = head[3] > head[2] ? 3 : 2;
            const int32_t pick = head[b] > head[a] ? b : a;
            std::memcpy(out, lists[pick].data + taken[pick] * sort::kPairBytes, sort::kPairBytes);
            out += sort::kPairBytes;
            ++taken[pick];
            head[pick] = key(pick);
            if (exhausted && head[pick] == 0)
                break;
        }
    });
    return taken;
}

}  // namespace ptosim::simd
#endif
