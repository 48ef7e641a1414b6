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

// Number of functor arguments of an element-wise row.
constexpr std::size_t arity(const isa::OpInfo& d) {
    switch (d.family) {
        case isa::Family::Unary:
            return 1;
        case isa::Family::Ternary:
            return 3;
        case isa::Family::TileScalar:
            return d.src_min == 2 ? 3 : 2 + (d.reads_dst ? 1 : 0);
        default:
            return 2 + (d.reads_dst ? 1 : 0);
    }
}

template <typename T>
struct Input {
    const T* base = nullptr;  // nullptr: the scalar `value`
    int64_t stride = 0;       // elements between rows
    compute_t<T> value{};

    const T* row(int64_t r) const { return base + r * stride; }
};

template <typename T>
Input<T> tile_input(const TileView& v) {
    return {v.ptr<T>(), v.layout.cols, {}};
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
    } else {
        for (std::size_t k = 0; k < N; ++k)
            in[k] = k < o.src.size() ? tile_input<T>(o.src[k]) : tile_input<T>(o.dst[0]);
    }
    return in;
}

}  // namespace ptosim::kernels
