// TLOAD from the MX scale layouts of global memory (Layout::MX_A_ZZ / MX_A_ND / MX_A_DN for the left
// operand's scales, MX_B_NN / MX_B_ND / MX_B_DN for the right's; docs/isa/TLOAD.md): the layout's kernel-core
// value and the static rules of pto-isa's device code (include/pto/npu/a5/TLoad.hpp, TLoadMxCubeCheck).
#pragma once

#include "pto/common/pto_tile.hpp"
#include "ptosim/core/global_view.hpp"

namespace pto::detail {

constexpr bool is_mx_a_layout(Layout l) {
    return l == Layout::MX_A_ZZ || l == Layout::MX_A_ND || l == Layout::MX_A_DN;
}
constexpr bool is_mx_b_layout(Layout l) {
    return l == Layout::MX_B_NN || l == Layout::MX_B_ND || l == Layout::MX_B_DN;
}
constexpr bool is_mx_layout(Layout l) {
    return is_mx_a_layout(l) || is_mx_b_layout(l);
}

// The kernel core's value of an MX layout (callers check is_mx_layout first).
constexpr ptosim::GlobalLayout mx_global_layout(Layout l) {
    switch (l) {
        case Layout::MX_A_ZZ:
            return ptosim::GlobalLayout::MX_A_ZZ;
        case Layout::MX_A_ND:
            return ptosim::GlobalLayout::MX_A_ND;
        case Layout::MX_A_DN:
            return ptosim::GlobalLayout::MX_A_DN;
        case Layout::MX_B_NN:
            return ptosim::GlobalLayout::MX_B_NN;
        case Layout::MX_B_ND:
            return ptosim::GlobalLayout::MX_B_ND;
        default:
            return ptosim::GlobalLayout::MX_B_DN;
    }
}

// A static extent of the global tensor's shape is `want` or dynamic (checked at run time then).
template <typename GlobalData>
constexpr bool mx_extent_is(int dim, int64_t want) {
    return GlobalData::staticShape[dim] == want || GlobalData::staticShape[dim] == DYNAMIC;
}

// The device loads scales into the cube buffer only, in the scale tiles' box orders, as E8M0 values.
template <typename TileData, typename GlobalData>
constexpr void tload_mx_checks() {
    constexpr Layout L = GlobalData::layout;
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Mat, "TLOAD",
                        "a global tensor in an MX layout loads into a Mat tile");
    PTOSIM_STATIC_CHECK(
        ptosim::dtype_of<typename TileData::DType> == ptosim::DType::E8M0 &&
            ptosim::dtype_of<typename GlobalData::RawDType> == ptosim::DType::E8M0,
        "TLOAD", "the MX layouts hold float8_e8m0_t scales: tile and global tensor must be float8_e8m0_t");
    PTOSIM_STATIC_CHECK(TileData::SFractalSize == TileConfig::fractalMxSize, "TLOAD",
                        "a tile loaded from an MX layout must have SFractalSize 32 (the scale boxes)");
    PTOSIM_STATIC_CHECK(!is_mx_a_layout(L) || (TileData::isRowMajor && TileData::isInnerRowMajor), "TLOAD",
                        "MX_A_ZZ / MX_A_ND / MX_A_DN load into a Zz tile (BLayout::RowMajor, "
                        "SLayout::RowMajor: the left scale order)");
    PTOSIM_STATIC_CHECK(!is_mx_b_layout(L) || (!TileData::isRowMajor && TileData::isInnerColMajor), "TLOAD",
                        "MX_B_NN / MX_B_ND / MX_B_DN load into an Nn tile (BLayout::ColMajor, "
                        "SLayout::ColMajor: the right scale order)");
    PTOSIM_STATIC_CHECK(mx_extent_is<GlobalData>(0, 1), "TLOAD",
                        "an MX layout's global shape has dim 0 = 1 (pto-isa never indexes it)");
    if constexpr (L == Layout::MX_A_ZZ || L == Layout::MX_B_NN) {
        PTOSIM_STATIC_CHECK(mx_extent_is<GlobalData>(3, 16) && mx_extent_is<GlobalData>(4, 2), "TLOAD",
                            "MX_A_ZZ and MX_B_NN global shapes end in 16 x 2 boxes (dims 3, 4 = 16, 2)");
    } else {
        PTOSIM_STATIC_CHECK(mx_extent_is<GlobalData>(1, 1) && mx_extent_is<GlobalData>(4, 2), "TLOAD",
                            "MX_A_ND / MX_A_DN / MX_B_ND / MX_B_DN global shapes are 3-D pairs (dim 1 = 1, "
                            "dim 4 = 2)");
    }
}

}  // namespace pto::detail
