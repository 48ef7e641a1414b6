// Fast TSORT32 and TMRGSORT. TSORT32 places each pair of a block (at most 32) by counting the pairs that come
// before it: one 64-bit key per pair (the value's rank, then the complement of the index, so a smaller index
// comes first), compared with a whole vector of the block's keys at a time; equal keys go in column order.
// The order is total, so this gives the reference's bits. TMRGSORT keeps one 64-bit key per list head (rank,
// then list number; 0 for a list with nothing left) and takes the largest, so each step is three compares and
// no data-dependent branch on values.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/sort.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <climits>
#include <cstring>

#include "kernels/common/sort_order.hpp"
#include "ptosim/ops/sort.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace so = kernels::sort_order;

template <typename T>
void SortBlock(std::byte* out, const std::byte* values, const uint32_t* ids, int32_t n) {
    // Keys as signed integers (the unsigned key with its top bit flipped keeps the order); the array is
    // padded to whole vectors with the lowest key, which comes before no real key (on equal keys the
    // padding's column is the larger).
    HWY_ALIGN int64_t key[64];
    HWY_ALIGN int64_t column_of[64];
    const hn::ScalableTag<int64_t> d;
    const auto lanes = static_cast<int32_t>(hn::Lanes(d));
    const int32_t padded = (n + lanes - 1) / lanes * lanes;
    for (int32_t k = 0; k < n; ++k) {
        uint32_t id;
        std::memcpy(&id, ids + k, 4);
        const uint64_t u = (uint64_t{so::rank<T>(values + k * sizeof(T))} << 32) | static_cast<uint32_t>(~id);
        key[k] = static_cast<int64_t>(u ^ (uint64_t{1} << 63));
    }
    for (int32_t k = n; k < padded; ++k)
        key[k] = INT64_MIN;
    for (int32_t k = 0; k < padded; ++k)
        column_of[k] = k;
    for (int32_t i = 0; i < n; ++i) {
        const auto ki = hn::Set(d, key[i]);
        const auto column = hn::Set(d, int64_t{i});
        std::size_t place = 0;
        for (int32_t j = 0; j < padded; j += lanes) {
            const auto kj = hn::Load(d, key + j);
            const auto before =
                hn::Or(hn::Gt(kj, ki), hn::And(hn::Eq(kj, ki), hn::Lt(hn::Load(d, column_of + j), column)));
            place += hn::CountTrue(d, before);
        }
        uint32_t id;
        std::memcpy(&id, ids + i, 4);
        so::write_pair<T>(out + place * sort::kPairBytes, values + i * sizeof(T), id);
    }
}

void Tsort32(const TileView& dst, const TileView& src, const TileView& idx) {
    so::visit(src.dtype, [&](auto tag) {
        using T = decltype(tag);
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            const uint32_t* ids = idx.row<uint32_t>(idx.valid_rows == 1 ? 0 : r);
            const std::byte* values = src.at(r, 0);
            std::byte* out = dst.at(r, 0);
            for (int32_t c0 = 0; c0 < src.valid_cols; c0 += sort::kBlock) {
                const int32_t n = std::min(sort::kBlock, src.valid_cols - c0);
                SortBlock<T>(out + c0 * sort::kPairBytes, values + c0 * sizeof(T), ids + c0, n);
            }
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
