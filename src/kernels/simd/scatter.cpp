// Fast MSCATTER, and the index-range scan that the checked entry points of MSCATTER and MGATHER run before
// every access with an undefined out-of-bounds policy (a Highway min/max reduction: it must cost little next
// to the scatter or gather itself).
//
// The scatter: The hot case of a radix sort's distribution step (Coalesce::Elem, plain writes, row-major
// src and idx) is one typed loop per row with no per-element offset arithmetic or type dispatch; Row mode
// copies whole rows. Atomic writes and column-major operands are rare and go to the reference kernel. A
// scatter has no vector form on AVX2 (no scatter instruction), so "fast" here means a tight scalar loop.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/scatter.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstdint>
#include <cstring>
#include <limits>

#include "ptosim/kernels/index_range.hpp"
#include "ptosim/ops/scatter.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Smallest and largest of p[0 .. n), folded into lo / hi. Four accumulators keep the reduction off one chain.
template <typename T>
void MinMaxRow(const T* HWY_RESTRICT p, int32_t n, T& lo, T& hi) {
    int32_t i = 0;
#if HWY_TARGET != HWY_SCALAR
    const hn::ScalableTag<T> d;
    const auto lanes = static_cast<int32_t>(hn::Lanes(d));
    if (n >= 4 * lanes) {
        auto mn0 = hn::Set(d, lo), mn1 = mn0, mn2 = mn0, mn3 = mn0;
        auto mx0 = hn::Set(d, hi), mx1 = mx0, mx2 = mx0, mx3 = mx0;
        for (; i + 4 * lanes <= n; i += 4 * lanes) {
            const auto v0 = hn::LoadU(d, p + i), v1 = hn::LoadU(d, p + i + lanes);
            const auto v2 = hn::LoadU(d, p + i + 2 * lanes), v3 = hn::LoadU(d, p + i + 3 * lanes);
            mn0 = hn::Min(mn0, v0);
            mn1 = hn::Min(mn1, v1);
            mn2 = hn::Min(mn2, v2);
            mn3 = hn::Min(mn3, v3);
            mx0 = hn::Max(mx0, v0);
            mx1 = hn::Max(mx1, v1);
            mx2 = hn::Max(mx2, v2);
            mx3 = hn::Max(mx3, v3);
        }
        lo = hn::GetLane(hn::MinOfLanes(d, hn::Min(hn::Min(mn0, mn1), hn::Min(mn2, mn3))));
        hi = hn::GetLane(hn::MaxOfLanes(d, hn::Max(hn::Max(mx0, mx1), hn::Max(mx2, mx3))));
    }
#endif
    for (; i < n; ++i) {
        lo = p[i] < lo ? p[i] : lo;
        hi = p[i] > hi ? p[i] : hi;
    }
}

template <typename T>
void MinMaxTile(const TileView& idx, int64_t& lo, int64_t& hi) {
    T mn = std::numeric_limits<T>::max(), mx = std::numeric_limits<T>::lowest();
    for (int32_t r = 0; r < idx.valid_rows; ++r) {
        idx.layout.for_each_row_span(r, 0, idx.valid_cols,
                                     [&](std::size_t off, int32_t, int32_t n, int64_t step) {
                                         const T* p = idx.ptr<T>() + off;
                                         if (step == 1) {
                                             MinMaxRow(p, n, mn, mx);
                                         } else {
                                             for (int32_t k = 0; k < n; ++k) {
                                                 mn = p[k * step] < mn ? p[k * step] : mn;
                                                 mx = p[k * step] > mx ? p[k * step] : mx;
                                             }
                                         }
                                     });
    }
    lo = mn;
    hi = mx;
}

void IndexRange(const TileView& idx, int64_t& lo, int64_t& hi) {
    switch (idx.dtype) {
        case DType::S16:
            return MinMaxTile<int16_t>(idx, lo, hi);
        case DType::U16:
            return MinMaxTile<uint16_t>(idx, lo, hi);
        case DType::S32:
            return MinMaxTile<int32_t>(idx, lo, hi);
        default:
            return MinMaxTile<uint32_t>(idx, lo, hi);
    }
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(IndexRange);

void index_range(const TileView& idx, int64_t& lo, int64_t& hi) {
    HWY_DYNAMIC_DISPATCH(IndexRange)(idx, lo, hi);
}

namespace {

template <typename T, typename I>
void scatter_elements(T* table, int64_t capacity, const TileView& src, const TileView& idx, ScatterOob oob) {
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        const T* s = src.row<T>(r);
        const I* ix = idx.row<I>(r);
        const int32_t n = src.valid_cols;
        if (oob == ScatterOob::Undefined) {
            // Every index was checked to lie inside the table.
            for (int32_t c = 0; c < n; ++c)
                table[static_cast<int64_t>(ix[c])] = s[c];
        } else if (oob == ScatterOob::Skip) {
            for (int32_t c = 0; c < n; ++c) {
                const int64_t i = ix[c];
                if (i >= 0 && i < capacity)
                    table[i] = s[c];
            }
        } else {
            for (int32_t c = 0; c < n; ++c) {
                const int64_t i = scatter_remap(ix[c], capacity, oob);
                table[i] = s[c];
            }
        }
    }
}

template <typename T>
void scatter_elements_typed(const GlobalView& table, int64_t capacity, const TileView& src,
                            const TileView& idx, ScatterOob oob) {
    T* t = reinterpret_cast<T*>(table.data);
    if (idx.dtype == DType::S32)
        scatter_elements<T, int32_t>(t, capacity, src, idx, oob);
    else
        scatter_elements<T, uint32_t>(t, capacity, src, idx, oob);
}

int64_t read_index(const TileView& idx, int32_t r, int32_t c) {
    const std::byte* p = idx.at(r, c);
    if (idx.dtype == DType::S32)
        return *reinterpret_cast<const int32_t*>(p);
    return *reinterpret_cast<const uint32_t*>(p);
}

// Row mode, plain writes: each source row becomes one table row, copied span by span.
void scatter_rows(const GlobalView& table, const TileView& src, const TileView& idx, ScatterOob oob) {
    const std::size_t es = src.elem_size();
    const int64_t rows = table.rows();
    const bool idx_is_row = idx.valid_rows == 1 && idx.valid_cols == src.valid_rows;
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        const int64_t row =
            scatter_remap(idx_is_row ? read_index(idx, 0, r) : read_index(idx, r, 0), rows, oob);
        if (row < 0)
            continue;
        std::byte* out = table.data + table.offset(row, 0) * static_cast<int64_t>(es);
        const int64_t step = table.col_step();
        src.layout.for_each_row_span(
            r, 0, src.valid_cols, [&](std::size_t off, int32_t c, int32_t n, int64_t s) {
                const std::byte* in = src.data + off * es;
                if (s == 1 && step == 1) {
                    std::memcpy(out + c * static_cast<int64_t>(es), in, static_cast<std::size_t>(n) * es);
                } else {
                    for (int32_t k = 0; k < n; ++k)
                        std::memcpy(out + (c + k) * step * static_cast<int64_t>(es), in + k * s * es, es);
                }
            });
    }
}

}  // namespace

void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy) {
    if (policy.atomic != ScatterAtomic::None) {
        ref::mscatter(table, src, idx, policy);
        return;
    }
    if (policy.mode == Coalesce::Row) {
        scatter_rows(table, src, idx, policy.oob);
        return;
    }
    if (!src.layout.is_row_major() || !idx.layout.is_row_major()) {
        ref::mscatter(table, src, idx, policy);
        return;
    }
    int64_t capacity = 1;
    for (int64_t e : table.shape)
        capacity *= e;
    switch (src.elem_size()) {
        case 1:
            return scatter_elements_typed<uint8_t>(table, capacity, src, idx, policy.oob);
        case 2:
            return scatter_elements_typed<uint16_t>(table, capacity, src, idx, policy.oob);
        default:
            return scatter_elements_typed<uint32_t>(table, capacity, src, idx, policy.oob);
    }
}

}  // namespace ptosim::simd
#endif
