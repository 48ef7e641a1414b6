// Fast TSORT32 and TMRGSORT. TSORT32 ranks instead of sorting: a block holds at most 32 pairs, and the place
// of each is the number of pairs that come before it, counted with branch-free comparisons the compiler turns
// into vector code. The order is total (value rank, then index, then column), so any correct method gives the
// reference's bits. TMRGSORT keeps one 64-bit key per list head (rank, then list number; 0 for a list with
// nothing left) and takes the largest, so each step is a few compares and no data-dependent branch on values.
#include <algorithm>
#include <cstring>

#include "../common/sort_order.hpp"
#include "ptosim/ops/sort.hpp"

namespace ptosim::simd {

namespace so = kernels::sort_order;

namespace {

template <typename T>
void sort_block(std::byte* out, const std::byte* values, const uint32_t* ids, int32_t n) {
    uint32_t rank[sort::kBlock], id[sort::kBlock];
    for (int32_t k = 0; k < n; ++k) {
        rank[k] = so::rank<T>(values + k * sizeof(T));
        std::memcpy(&id[k], ids + k, 4);
    }
    for (int32_t i = 0; i < n; ++i) {
        const uint32_t ri = rank[i], ii = id[i];
        int32_t place = 0;
        for (int32_t j = 0; j < n; ++j) {
            const bool before = rank[j] > ri || (rank[j] == ri && (id[j] < ii || (id[j] == ii && j < i)));
            place += before ? 1 : 0;
        }
        so::write_pair<T>(out + place * sort::kPairBytes, values + i * sizeof(T), ii);
    }
}

}  // namespace

void tsort32(const TileView& dst, const TileView& src, const TileView& idx) {
    so::visit(src.dtype, [&](auto tag) {
        using T = decltype(tag);
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            const uint32_t* ids = idx.row<uint32_t>(idx.valid_rows == 1 ? 0 : r);
            const std::byte* values = src.at(r, 0);
            std::byte* out = dst.at(r, 0);
            for (int32_t c0 = 0; c0 < src.valid_cols; c0 += sort::kBlock) {
                const int32_t n = std::min(sort::kBlock, src.valid_cols - c0);
                sort_block<T>(out + c0 * sort::kPairBytes, values + c0 * sizeof(T), ids + c0, n);
            }
        }
    });
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
