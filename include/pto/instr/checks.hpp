// Helpers for the static checks of the instruction headers.
#pragma once

#include "pto/common/pto_tile.hpp"
#include "ptosim/isa/table.hpp"

// The rule text of the descriptor checks: the element types per profile are on the instruction's page.
#define PTOSIM_AVAILABLE_RULE "not available on the compiled architecture profile"
#define PTOSIM_TYPE_RULE(INSTR, WHAT)                                           \
    WHAT " not supported on the compiled architecture profile (docs/isa/" INSTR \
         ".md lists the types per profile)"

namespace pto::detail {

// A profile rule as a condition that depends on a template parameter, so that the static check fires when the
// instruction is used, not when the header is read.
template <typename T>
constexpr bool profile_allows(bool available) {
    return available;
}

// The rules of an instruction's descriptor (ptosim/isa/ops.def) for the compiled profile.
template <ptosim::isa::Op OP, typename T>
constexpr bool available_on_profile() {
    return profile_allows<T>(ptosim::isa::op_info(OP).available(ptosim::kArch));
}
template <ptosim::isa::Op OP, typename T>
constexpr bool type_on_profile() {
    return ptosim::isa::op_info(OP).types_for(ptosim::kArch).contains(ptosim::dtype_of<T>);
}
template <ptosim::isa::Op OP, typename T>
constexpr bool dst_type_on_profile() {
    return ptosim::isa::op_info(OP).dst_types_for(ptosim::kArch).contains(ptosim::dtype_of<T>);
}
template <typename T>
constexpr bool type_in(ptosim::isa::DTypeSet set) {
    return set.contains(ptosim::dtype_of<T>);
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
template <typename TileT>
constexpr bool is_plain_col_major() {
    return !TileT::isRowMajor && !TileT::isBoxedLayout;
}

}  // namespace pto::detail
