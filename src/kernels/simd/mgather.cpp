// Fast MGATHER. The hot case (Coalesce::Elem on row-major tiles and a packed ND table: a hash-table probe,
// an embedding lookup by element) is one typed loop per row with no per-element offset arithmetic or type
// dispatch; Row mode copies whole rows. A random-access gather gains nothing from AVX2's gather instruction
// over scalar loads, so "fast" here means a tight scalar loop; the index scan before it is the vectorised one
// (ptosim/kernels/index_range.hpp). NZ tables and Elem operands that are not row-major are rare and take the
// reference kernel.
#include <cstdint>
#include <cstring>

#include "ptosim/ops/mgather.hpp"

namespace ptosim::simd {

namespace {

template <typename T, typename I>
void gather_elements(const TileView& dst, const T* table, int64_t capacity, const TileView& idx,
                     GatherOob oob) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        T* d = dst.row<T>(r);
        const I* ix = idx.row<I>(r);
        const int32_t n = dst.valid_cols;
        if (oob == GatherOob::Undefined) {
            // Every index was checked to lie inside the table.
            for (int32_t c = 0; c < n; ++c)
                d[c] = table[static_cast<uint32_t>(ix[c])];
        } else if (oob == GatherOob::Zero) {
            for (int32_t c = 0; c < n; ++c) {
                const auto i = static_cast<uint32_t>(ix[c]);
                d[c] = static_cast<int64_t>(i) < capacity ? table[i] : T{0};
            }
        } else {
            for (int32_t c = 0; c < n; ++c)
                d[c] = table[gather_remap(static_cast<uint32_t>(ix[c]), capacity, oob)];
        }
    }
}

template <typename T>
void gather_elements_typed(const TileView& dst, const GlobalView& table, int64_t capacity,
                           const TileView& idx, GatherOob oob) {
    const T* t = reinterpret_cast<const T*>(table.data);
    if (idx.dtype == DType::S32)
        gather_elements<T, int32_t>(dst, t, capacity, idx, oob);
    else
        gather_elements<T, uint32_t>(dst, t, capacity, idx, oob);
}

uint32_t read_index(const TileView& idx, int32_t r, int32_t c) {
    uint32_t v;
    std::memcpy(&v, idx.at(r, c), sizeof v);
    return v;
}

// Row mode: each destination row is one table row (or zeros), copied span by span.
void gather_rows(const TileView& dst, const GlobalView& table, const TileView& idx, GatherOob oob) {
    const std::size_t es = dst.elem_size();
    const int64_t rows = table.rows();
    const int64_t step = table.col_step();
    const bool idx_is_row = idx.valid_rows == 1 && idx.valid_cols == dst.valid_rows;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const int64_t row =
            gather_remap(idx_is_row ? read_index(idx, 0, r) : read_index(idx, r, 0), rows, oob);
        const std::byte* in =
            row < 0 ? nullptr : table.data + table.offset(row, 0) * static_cast<int64_t>(es);
        dst.layout.for_each_row_span(
            r, 0, dst.valid_cols, [&](std::size_t off, int32_t c, int32_t n, int64_t s) {
                std::byte* out = dst.data + off * es;
                if (in == nullptr) {
                    for (int32_t k = 0; k < n; ++k)
                        std::memset(out + k * s * static_cast<int64_t>(es), 0, es);
                } else if (s == 1 && step == 1) {
                    std::memcpy(out, in + c * static_cast<int64_t>(es), static_cast<std::size_t>(n) * es);
                } else {
                    for (int32_t k = 0; k < n; ++k)
                        std::memcpy(out + k * s * static_cast<int64_t>(es),
                                    in + (c + k) * step * static_cast<int64_t>(es), es);
                }
            });
    }
}

}  // namespace

void mgather(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy) {
    if (table.layout != GlobalLayout::ND) {
        ref::mgather(dst, table, idx, policy);
        return;
    }
    if (policy.mode == Coalesce::Row) {
        gather_rows(dst, table, idx, policy.oob);
        return;
    }
    if (!dst.layout.is_row_major() || !idx.layout.is_row_major()) {
        ref::mgather(dst, table, idx, policy);
        return;
    }
    int64_t capacity = 1;
    for (int64_t e : table.shape)
        capacity *= e;
    switch (dst.elem_size()) {
        case 1:
            return gather_elements_typed<uint8_t>(dst, table, capacity, idx, policy.oob);
        case 2:
            return gather_elements_typed<uint16_t>(dst, table, capacity, idx, policy.oob);
        default:
            return gather_elements_typed<uint32_t>(dst, table, capacity, idx, policy.oob);
    }
}

}  // namespace ptosim::simd
