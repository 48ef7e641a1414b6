// What an element-wise walker feeds a functor: per argument either a tile (row base and row stride) or one
// scalar value, in the order the family defines (functors.hpp). Shared by the reference and the fast walkers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/elementwise/scalar_ops.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"

namespace ptosim::kernels {

// True for the families the element-wise walkers run (the reductions have walkers of their own).
constexpr bool walks_elementwise(isa::Family f) {
    return f == isa::Family::Binary || f == isa::Family::Unary || f == isa::Family::Ternary ||
           f == isa::Family::TileScalar || f == isa::Family::RowExpand || f == isa::Family::ColExpand;
}

// Number of functor arguments of an element-wise row.
constexpr std::size_t arity(const isa::OpInfo& d) {
    switch (d.family) {
        case isa::Family::Unary:
            return 1;
        case isa::Family::RowExpand:
        case isa::Family::ColExpand:
            return d.src_min;
        case isa::Family::Ternary:
            return 3;
        case isa::Family::TileScalar:
            return d.src_min == 2 ? 3 : 2 + (d.reads_dst ? 1 : 0);
        default:
            return 2 + (d.reads_dst ? 1 : 0);
    }
}

// A tile (row r at base + r * stride; stride 0: the same row for every row, a column expansion's [1, C]
// vector), a per-row vector (period > 0: row r's element for column c is row(r)[c % period], a row
// expansion's [R, 1] or [R, 32 bytes] operand) or one scalar value (base nullptr).
template <typename T>
struct Input {
    const T* base = nullptr;
    int64_t stride = 0;
    compute_t<T> value{};
    int32_t period = 0;

    const T* row(int64_t r) const { return base + r * stride; }
};

template <typename T>
Input<T> tile_input(const TileView& v) {
    return {v.ptr<T>(), v.layout.cols, {}, 0};
}

// Which source of an expansion is its vector: the only source of the one-source forms; otherwise src1 when
// src0 has the destination's valid shape, else src0 (pto-isa's device rule; its CPU simulation always takes
// src1). The operands keep their order: TROWEXPANDSUB with src0 as the vector computes vector - tile.
inline std::size_t expansion_vector(const ops::Operands& o) {
    if (o.src.size() == 1)
        return 0;
    const TileView& d = o.dst[0];
    const TileView& s0 = o.src[0];
    return s0.valid_rows == d.valid_rows && s0.valid_cols == d.valid_cols ? 1 : 0;
}

// The vector operand's input. TROWEXPAND (the vector alone) reads column 0 of any width (pto-isa: dst[r, c] =
// src[r, 0]); the binary row expansions read [R, 1] or one 32-byte block per row, repeating along the row.
template <typename T>
Input<T> vector_input(isa::Family f, const TileView& v, bool alone) {
    if (f == isa::Family::ColExpand)
        return {v.ptr<T>(), 0, {}, 0};  // row 0 for every row
    const int64_t stride = v.layout.rows > 1 ? static_cast<int64_t>(v.layout.offset(1, 0)) -
                                                   static_cast<int64_t>(v.layout.offset(0, 0))
                                             : 0;
    return {v.ptr<T>(), stride, {}, alone ? 1 : v.valid_cols};
}

// The functor's arguments for row d of op's descriptor, in family order.
template <typename T, std::size_t N>
std::array<Input<T>, N> inputs(const isa::OpInfo& d, const ops::Operands& o) {
    std::array<Input<T>, N> in{};
    if (d.family == isa::Family::TileScalar) {
        in[0] = tile_input<T>(o.src[0]);
        in[1].value = ScalarOps<T>::from_bits(o.scalars[0]);
        if constexpr (N == 3)
            in[2] = d.src_min == 2 ? tile_input<T>(o.src[1]) : tile_input<T>(o.dst[0]);
    } else if (d.family == isa::Family::RowExpand || d.family == isa::Family::ColExpand) {
        const std::size_t v = expansion_vector(o);
        for (std::size_t k = 0; k < N; ++k)
            in[k] = k == v ? vector_input<T>(d.family, o.src[k], o.src.size() == 1) : tile_input<T>(o.src[k]);
    } else {
        for (std::size_t k = 0; k < N; ++k)
            in[k] = k < o.src.size() ? tile_input<T>(o.src[k]) : tile_input<T>(o.dst[0]);
    }
    return in;
}

}  // namespace ptosim::kernels
