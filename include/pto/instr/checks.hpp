// Helpers for the static checks of the instruction headers.
#pragma once

#include "pto/common/pto_tile.hpp"

namespace pto::detail {

// A profile rule as a condition that depends on a template parameter, so that the static check fires when the
// instruction is used, not when the header is read.
template <typename T>
constexpr bool profile_allows(bool available) {
    return available;
}

// Static extents are compared at compile time; a dynamic (-1) extent is left to the run-time check.
constexpr bool static_equal(int a, int b) {
    return a == DYNAMIC || b == DYNAMIC || a == b;
}
constexpr bool static_at_least(int a, int b) {
    return a == DYNAMIC || b == DYNAMIC || a >= b;
}

template <typename A, typename B>
constexpr bool same_static_valid_shape() {
    return static_equal(A::ValidRow, B::ValidRow) && static_equal(A::ValidCol, B::ValidCol);
}

// Plain row-major: no boxes.
template <typename TileT>
constexpr bool is_plain_row_major() {
    return TileT::isRowMajor && !TileT::isBoxedLayout;
}

}  // namespace pto::detail
