// Fast TSORT32 and TMRGSORT. TSORT32 sorts one block per vector lane: one signed 64-bit key per pair (the
// value's rank, then the complement of the index, so a smaller index comes first), transposed so that vector
// k holds key k of every block of the group, then a sorting network of min/max over the 32 vectors, which
// needs no shuffles, then transposed back. The pairs come back from the keys; equal keys give equal pairs
// except float zeros and NaNs (the key does not keep their bits), which are rewritten in column order
// afterwards, so the output is the reference's bytes. TMRGSORT of sorted lists is a vector merge of 64-bit
// keys (rank, then place) in a tree of two-way bitonic merges, the pairs then fetched by place; lists that
// are not sorted get the reference's greedy loop, whose order only for sorted lists is the sorted merge.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/sort.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

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

// TMRGSORT as the reference does it: take the largest head, the lowest list on equal values, one pair at a
// time. A key per list head (rank, then list number; 0 for a list with nothing left) makes each step three
// compares. Lists that are not sorted take this path (the kernel core does not require them sorted).
template <typename T>
sort::Executed MergeGreedy(std::span<const sort::PairList> lists, std::byte* out, bool exhausted) {
    sort::Executed taken{};
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
        return taken;
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
    return taken;
}

#if HWY_TARGET != HWY_SCALAR

// The merge of sorted lists. Every pair gets a signed 64-bit key: its value's rank (SortBits' order) in the
// upper half, and in the lower half the complement of its place in one scratch array that holds the lists
// one after another, so that equal values come from the lower list first, then in list order. The keys are
// all different, so sorting them is the merge; the pairs are then fetched by place.
constexpr int64_t kNoKey = INT64_MIN;     // below every pair's key (whose lower half is never 0)
constexpr int64_t kAboveKey = INT64_MAX;  // above every pair's key (whose lower half is never all ones)

// Sorts a bitonic vector into descending (or ascending) order: half-cleaners of distance N/2 .. 1, each a
// swap of lanes, then the larger key to the lane with the lower (higher) number.
template <bool kDescending, class D, class V>
HWY_INLINE V SortBitonic(D d, V v) {
    [[maybe_unused]] constexpr std::size_t kLanes = hn::MaxLanes(D());
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    // One masked min over the max instead of a min, a max and a blend.
    const auto clean = [&](V p, __mmask8 take_min) {
        return V{_mm512_mask_min_epi64(hn::Max(v, p).raw, kDescending ? take_min : ~take_min, v.raw, p.raw)};
    };
    v = clean(hn::ConcatLowerUpper(d, v, v), 0xF0);
    v = clean(hn::SwapAdjacentBlocks(v), 0xCC);
    v = clean(hn::Shuffle01(v), 0xAA);
#else
    const auto larger_first = [](V larger, V smaller) { return kDescending ? larger : smaller; };
    const auto larger_last = [](V larger, V smaller) { return kDescending ? smaller : larger; };
    if constexpr (kLanes >= 8) {
        const V p = hn::ConcatLowerUpper(d, v, v);
        const V mx = hn::Max(v, p), mn = hn::Min(v, p);
        v = hn::ConcatUpperLower(d, larger_last(mx, mn), larger_first(mx, mn));
    }
    if constexpr (kLanes >= 4) {
        const V p = hn::SwapAdjacentBlocks(v);
        const V mx = hn::Max(v, p), mn = hn::Min(v, p);
        v = hn::OddEvenBlocks(larger_last(mx, mn), larger_first(mx, mn));
    }
    if constexpr (kLanes >= 2) {
        const V p = hn::Shuffle01(v);
        const V mx = hn::Max(v, p), mn = hn::Min(v, p);
        v = hn::OddEven(larger_last(mx, mn), larger_first(mx, mn));
    }
#endif
    return v;
}

// One chain of Inoue et al.'s merge of two descending runs of keys, each preceded by two vectors of kAboveKey
// and followed by two of kNoKey. The keys not yet given stay in one vector, ascending, and are merged with
// the next vector of the run whose next key comes first (no key still in the runs can come before that
// vector's first): an ascending and a descending vector are bitonic together, so one min and one max split
// them into the half that is given and the half that stays, each bitonic. A chain from the front gives the
// larger keys first; one from the back the smaller keys first.
template <class D, bool kBack>
struct Chain {
    using V = hn::Vec<D>;
    static constexpr int64_t kLanes = hn::MaxLanes(D());
    const int64_t* a;  // the next key of each run (from the back: one past it)
    const int64_t* b;
    V rest;

    static V Load(D d, const int64_t* p) { return hn::LoadU(d, kBack ? p - kLanes : p); }
    // The next vector of the result, descending.
    HWY_INLINE V Take(D d, V ascending, V descending) {
        const V larger = hn::Max(ascending, descending), smaller = hn::Min(ascending, descending);
        rest = SortBitonic<false>(d, kBack ? larger : smaller);
        return SortBitonic<true>(d, kBack ? smaller : larger);
    }
    HWY_INLINE V Start(D d) {
        const V first = hn::Reverse(d, Load(d, a));
        const V second = Load(d, b);
        a += kBack ? -kLanes : kLanes;
        b += kBack ? -kLanes : kLanes;
        return Take(d, first, second);
    }
    HWY_INLINE V Next(D d) {
        const bool from_a = kBack ? a[-1] < b[-1] : *a > *b;
        const int64_t* next = from_a ? a : b;
        a += from_a ? (kBack ? -kLanes : kLanes) : 0;
        b += from_a ? 0 : (kBack ? -kLanes : kLanes);
        return Take(d, rest, Load(d, next));
    }
};

// A merge of runs a and b (ca and cb keys) whose result vectors go to emit(vector, position). Each step of a
// chain waits for the one before, so the larger half of the result comes from a chain from the front and the
// smaller half from one from the back, stepped together. A merge of fewer than two vectors in all has only
// the front chain, whose last vector may run past the end (into kNoKey).
template <class D, class Emit>
struct Merge {
    static constexpr int64_t kLanes = hn::MaxLanes(D());
    Chain<D, false> front;
    Chain<D, true> back;
    int64_t total, front_vectors, back_vectors;
    const Emit& emit;

    Merge(const int64_t* a, int64_t ca, const int64_t* b, int64_t cb, const Emit& e)
        : front{a, b, {}}, back{a + ca, b + cb, {}}, total(ca + cb), emit(e) {
        if (total < 2 * kLanes) {
            front_vectors = (total + kLanes - 1) / kLanes;
            back_vectors = 0;
        } else {
            front_vectors = total / 2 / kLanes;  // the back chain takes as many or one more
            back_vectors = (total - front_vectors * kLanes + kLanes - 1) / kLanes;
        }
    }
    int64_t Steps() const { return std::max(front_vectors, back_vectors); }
    HWY_INLINE void Start(D d) {
        emit(front.Start(d), 0);
        if (back_vectors > 0)
            emit(back.Start(d), total - kLanes);
    }
    HWY_INLINE void Step(D d, int64_t v) {
        if (v < front_vectors)
            emit(front.Next(d), v * kLanes);
        if (v < back_vectors)
            emit(back.Next(d), total - (v + 1) * kLanes);
    }
};

template <class D, class Emit>
HWY_INLINE void MergeRuns(D d, const int64_t* a, int64_t ca, const int64_t* b, int64_t cb, const Emit& emit) {
    Merge<D, Emit> m(a, ca, b, cb, emit);
    m.Start(d);
    for (int64_t v = 1; v < m.Steps(); ++v)
        m.Step(d, v);
}

// Two independent merges stepped together: four chains.
template <class D, class Emit0, class Emit1>
HWY_INLINE void MergeRunsTwice(D d, Merge<D, Emit0> m0, Merge<D, Emit1> m1) {
    const int64_t steps = std::max(m0.Steps(), m1.Steps());
    m0.Start(d);
    m1.Start(d);
    for (int64_t v = 1; v < steps; ++v) {
        m0.Step(d, v);
        m1.Step(d, v);
    }
}

// The keys of a vector of pairs; `low` holds the lower halves.
template <typename T, class D>
HWY_INLINE hn::Vec<D> PairKeys(D d, hn::Vec<D> pair, hn::Vec<D> low) {
    using B = SortBits<T>;
    // The value sign-extended into the upper half (only its own bytes: a 2-byte value's padding is ignored,
    // as the reference ignores it).
    hn::Vec<D> x = sizeof(T) == 4 ? hn::ShiftLeft<32>(pair) : hn::ShiftRight<16>(hn::ShiftLeft<48>(pair));
    if constexpr (B::kFloat) {
        const auto magnitude_bits = hn::Set(d, static_cast<int64_t>(uint64_t{B::kMagnitude} << 32));
        const auto magnitude = hn::And(x, magnitude_bits);
        const auto zero = hn::Eq(magnitude, hn::Zero(d));
        const auto nan = hn::Gt(magnitude, hn::Set(d, static_cast<int64_t>(uint64_t{B::kInf} << 32)));
        x = hn::Xor(x, hn::And(hn::BroadcastSignBit(x), magnitude_bits));
        x = hn::IfThenElse(nan, hn::Set(d, kNoKey), hn::IfThenZeroElse(zero, x));
    }
    return hn::Or(x, low);
}

// The fast merge, or false (nothing written) when a list is not sorted: the reference's greedy merge is the
// sorted merge only for sorted lists.
template <typename T>
bool MergeSorted(std::span<const sort::PairList> lists, std::byte* out, bool exhausted,
                 sort::Executed& taken) {
    const hn::ScalableTag<int64_t> d;
    using V = hn::Vec<decltype(d)>;
    constexpr int64_t kLanes = static_cast<int64_t>(hn::MaxLanes(d));
    constexpr int64_t kPad = 2 * kLanes;  // kAboveKey before a run, kNoKey after it
    const auto n = static_cast<int32_t>(lists.size());
    // Each list's keys (and pairs, at the same places) start at at[l] + kPad, with room for whole vectors.
    int64_t at[sort::kMaxLists + 1] = {};
    for (int32_t l = 0; l < n; ++l)
        at[l + 1] = at[l] + (lists[l].pairs + kLanes - 1) / kLanes * kLanes + 2 * kPad;
    const int64_t room = at[n] + kLanes;
    thread_local std::vector<int64_t> scratch;  // the largest merge's so far on this thread, reused
    if (scratch.size() < static_cast<std::size_t>(4 * room))
        scratch.resize(static_cast<std::size_t>(4 * room));
    int64_t* keys = scratch.data();
    int64_t* pairs = keys + room;
    int64_t* first = pairs + room;   // lists 0 and 1 merged (the first kPad is padding)
    int64_t* second = first + room;  // lists 2 and 3 merged

    for (int32_t l = 0; l < n; ++l) {
        const std::byte* src = lists[l].data;
        const int64_t count = lists[l].pairs;
        int64_t* k = keys + at[l] + kPad;
        int64_t* p = pairs + at[l] + kPad;
        // The lower halves: the complement of the place (never all ones: no key is kAboveKey).
        V low = hn::Sub(hn::Set(d, int64_t{0xFFFFFFFF} - at[l] - kPad), hn::Iota(d, 0));
        for (int64_t i = 0; i < count; i += kLanes) {
            V pair;
            if (i + kLanes <= count) {
                pair = hn::LoadU(d, reinterpret_cast<const int64_t*>(src + i * sort::kPairBytes));
            } else {
                HWY_ALIGN int64_t tail[kLanes] = {};
                std::memcpy(tail, src + i * sort::kPairBytes,
                            static_cast<std::size_t>(count - i) * sort::kPairBytes);
                pair = hn::Load(d, tail);
            }
            hn::StoreU(pair, d, p + i);
            hn::StoreU(PairKeys<T>(d, pair, low), d, k + i);
            low = hn::Sub(low, hn::Set(d, kLanes));
        }
        // Sorted (non-increasing values) when the keys strictly decrease.
        int64_t i = 0;
        for (; i + kLanes < count; i += kLanes)
            if (!hn::AllTrue(d, hn::Gt(hn::LoadU(d, k + i), hn::LoadU(d, k + i + 1))))
                return false;
        for (; i + 1 < count; ++i)
            if (k[i] <= k[i + 1])
                return false;
    }

    // The pairs each list gives. With `exhausted` the greedy merge stops right after the last pair of the
    // list whose last key comes first, so every list gives its keys down to that key (nothing at all if a
    // list is empty from the start).
    int64_t last = kNoKey;
    for (int32_t l = 0; l < n; ++l) {
        if (exhausted && lists[l].pairs == 0)
            return true;
        if (lists[l].pairs > 0)
            last = std::max(last, keys[at[l] + kPad + lists[l].pairs - 1]);
    }
    int64_t total = 0;
    for (int32_t l = 0; l < n; ++l) {
        int64_t* k = keys + at[l] + kPad;
        const int64_t count =
            exhausted ? std::partition_point(k, k + lists[l].pairs, [&](int64_t x) { return x >= last; }) - k
                      : lists[l].pairs;
        taken[l] = static_cast<uint16_t>(count);
        total += count;
        std::fill(k - kPad, k, kAboveKey);
        std::fill(k + count, k + count + kPad, kNoKey);
    }
    if (total == 0)
        return true;

    // The last merge fetches the pairs of its keys by place (the lower half's complement); a last vector that
    // runs past the end holds kNoKey, which has no place, so only its keys before the end are fetched.
    const auto to_out = [&](V key, int64_t o) {
        const V place = hn::AndNot(key, hn::Set(d, int64_t{0xFFFFFFFF}));
        std::byte* to = out + o * sort::kPairBytes;
        if (o + kLanes <= total) {
            hn::StoreU(hn::GatherIndex(d, pairs, place), d, reinterpret_cast<int64_t*>(to));
        } else {
            HWY_ALIGN int64_t places[kLanes];
            hn::Store(place, d, places);
            for (int64_t j = 0; j < total - o; ++j)
                std::memcpy(to + j * sort::kPairBytes, pairs + places[j], sort::kPairBytes);
        }
    };
    const auto run = [&](int32_t l) { return keys + at[l] + kPad; };
    // Two lists merged into a run like theirs.
    const auto merged = [&](int64_t* to) { return to + kPad; };
    const auto to_first = [&](V key, int64_t o) { hn::StoreU(key, d, merged(first) + o); };
    const auto to_second = [&](V key, int64_t o) { hn::StoreU(key, d, merged(second) + o); };
    const auto pad = [&](int64_t* k, int64_t count) {
        std::fill(k - kPad, k, kAboveKey);
        std::fill(k + count, k + count + kPad, kNoKey);
    };
    if (n == 2) {
        MergeRuns(d, run(0), taken[0], run(1), taken[1], to_out);
    } else if (n == 3) {
        MergeRuns(d, run(0), taken[0], run(1), taken[1], to_first);
        pad(merged(first), taken[0] + taken[1]);
        MergeRuns(d, merged(first), taken[0] + taken[1], run(2), taken[2], to_out);
    } else {
        using M0 = Merge<hn::ScalableTag<int64_t>, decltype(to_first)>;
        using M1 = Merge<hn::ScalableTag<int64_t>, decltype(to_second)>;
        MergeRunsTwice(hn::ScalableTag<int64_t>(), M0(run(0), taken[0], run(1), taken[1], to_first),
                       M1(run(2), taken[2], run(3), taken[3], to_second));
        pad(merged(first), taken[0] + taken[1]);
        pad(merged(second), taken[2] + taken[3]);
        MergeRuns(d, merged(first), taken[0] + taken[1], merged(second), taken[2] + taken[3], to_out);
    }
    return true;
}

#endif  // HWY_TARGET != HWY_SCALAR

sort::Executed MergePairs(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted) {
    sort::Executed taken{};
    so::visit(t, [&](auto tag) {
        using T = decltype(tag);
#if HWY_TARGET != HWY_SCALAR
        // The places in the scratch array fit in the keys' 32 bits with room to spare.
        bool small = true;
        for (const sort::PairList& l : lists)
            small = small && l.pairs <= 65535;
        if (small && MergeSorted<T>(lists, out, exhausted, taken))
            return;
#endif
        taken = MergeGreedy<T>(lists, out, exhausted);
    });
    return taken;
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {

HWY_EXPORT(Tsort32);
HWY_EXPORT(MergePairs);

void tsort32(const TileView& dst, const TileView& src, const TileView& idx) {
    HWY_DYNAMIC_DISPATCH(Tsort32)(dst, src, idx);
}

sort::Executed merge_pairs(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted) {
    return HWY_DYNAMIC_DISPATCH(MergePairs)(t, lists, out, exhausted);
}

}  // namespace ptosim::simd
#endif
