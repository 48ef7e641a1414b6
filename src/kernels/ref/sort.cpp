// Reference TSORT32 and TMRGSORT: each block sorted with std::stable_sort, the lists merged one pair at a
// time.
#include <algorithm>
#include <cstring>
#include <vector>

#include "../common/sort_order.hpp"
#include "ptosim/ops/sort.hpp"

namespace ptosim::ref {

namespace so = kernels::sort_order;

void tsort32(const TileView& dst, const TileView& src, const TileView& idx) {
    so::visit(src.dtype, [&](auto tag) {
        using T = decltype(tag);
        struct Entry {
            uint32_t rank;
            uint32_t index;
            const std::byte* value;
        };
        std::vector<Entry> block;
        for (int32_t r = 0; r < src.valid_rows; ++r) {
            const uint32_t* ids = idx.row<uint32_t>(idx.valid_rows == 1 ? 0 : r);
            const std::byte* values = src.at(r, 0);
            std::byte* out = dst.at(r, 0);
            for (int32_t c0 = 0; c0 < src.valid_cols; c0 += sort::kBlock) {
                const int32_t n = std::min(sort::kBlock, src.valid_cols - c0);
                block.clear();
                for (int32_t k = 0; k < n; ++k) {
                    const std::byte* v = values + (c0 + k) * sizeof(T);
                    uint32_t id;
                    std::memcpy(&id, ids + c0 + k, 4);
                    block.push_back({so::rank<T>(v), id, v});
                }
                // Stable: equal values with equal indices keep their column order.
                std::stable_sort(block.begin(), block.end(), [](const Entry& a, const Entry& b) {
                    return a.rank != b.rank ? a.rank > b.rank : a.index < b.index;
                });
                for (int32_t k = 0; k < n; ++k)
                    so::write_pair<T>(out + (c0 + k) * sort::kPairBytes, block[k].value, block[k].index);
            }
        }
    });
}

sort::Executed merge_pairs(DType t, std::span<const sort::PairList> lists, std::byte* out, bool exhausted) {
    sort::Executed taken{};
    so::visit(t, [&](auto tag) {
        using T = decltype(tag);
        const auto n = static_cast<int32_t>(lists.size());
        const auto left = [&](int32_t l) { return taken[l] < lists[l].pairs; };
        for (;;) {
            if (exhausted) {
                bool any_done = false;
                for (int32_t l = 0; l < n; ++l)
                    any_done = any_done || !left(l);
                if (any_done)
                    break;
            }
            int32_t pick = -1;
            uint32_t best = 0;
            for (int32_t l = 0; l < n; ++l) {
                if (!left(l))
                    continue;
                const uint32_t r = so::rank<T>(lists[l].data + taken[l] * sort::kPairBytes);
                if (pick < 0 || r > best) {  // strictly larger: equal values from the lower list first
                    pick = l;
                    best = r;
                }
            }
            if (pick < 0)
                break;
            std::memcpy(out, lists[pick].data + taken[pick] * sort::kPairBytes, sort::kPairBytes);
            out += sort::kPairBytes;
            ++taken[pick];
        }
    });
    return taken;
}

}  // namespace ptosim::ref
