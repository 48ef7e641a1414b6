// AscendC register API: making predicates. CreateMask (fixed patterns) and UpdateMask (the first n elements,
// counting n down by one register's worth per call), and predicate logic: And, Or, Xor, Not (also spelt
// MaskAnd, MaskOr, MaskXor, MaskNot, the MicroAPI names).
#pragma once

#include <cstddef>
#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "ptosim/ops/micro.hpp"

namespace AscendC {
namespace Reg {

namespace detail {

template <typename T>
inline constexpr bool kIsMaskElement = sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8;

// Elements a fixed pattern selects from the front of a register of n elements (patterns M3/M4 are handled
// apart); -1 for a pattern that is not a prefix.
constexpr int64_t pattern_prefix(MaskPattern mode, uint32_t n) {
    switch (mode) {
        case MaskPattern::ALL:
            return n;
        case MaskPattern::VL1:
            return 1;
        case MaskPattern::VL2:
            return 2;
        case MaskPattern::VL3:
            return 3;
        case MaskPattern::VL4:
            return 4;
        case MaskPattern::VL8:
            return 8;
        case MaskPattern::VL16:
            return 16;
        case MaskPattern::VL32:
            return 32;
        case MaskPattern::VL64:
            return 64;
        case MaskPattern::VL128:
            return 128;
        case MaskPattern::H:
            return n / 2;
        case MaskPattern::Q:
            return n / 4;
        case MaskPattern::ALLF:
            return 0;
        default:
            return -1;
    }
}

constexpr bool pattern_known(MaskPattern mode) {
    return pattern_prefix(mode, 1) >= 0 || mode == MaskPattern::M3 || mode == MaskPattern::M4;
}

// A predicate selecting the first `count` elements of a register of T (count is at most kLanes<T>).
template <typename T>
constexpr MaskReg first_elements(uint32_t count) {
    MaskReg m;
    for (uint32_t j = 0; j < count; ++j)
        m.set_element<T>(j);
    return m;
}

}  // namespace detail

// A predicate with the fixed pattern `mode` over the elements of a register of T (b8/b16/b32/b64). For T
// wider than a byte only the lowest predicate bit of each selected element is set.
template <typename T, MaskPattern mode = MaskPattern::ALL, const RegTrait& regTrait = RegTraitNumOne>
__simd_callee__ inline MaskReg CreateMask() {
    PTOSIM_STATIC_CHECK(detail::kIsMaskElement<T>, "CreateMask", "T must be a b8, b16, b32 or b64 type");
    PTOSIM_STATIC_CHECK(regTrait.REG_NUM == 1, "CreateMask", "RegTraitNumTwo is not supported");
    PTOSIM_STATIC_CHECK(detail::pattern_known(mode), "CreateMask", "unknown MaskPattern");
    constexpr uint32_t n = ptosim::reg::kLanes<T>;
    // A register of T has fewer elements than VL64/VL128 name for wide T; AscendC does not say what the
    // hardware then selects, so ptosim rejects the combination instead of guessing.
    PTOSIM_STATIC_CHECK((detail::pattern_prefix(mode, n) <= static_cast<int64_t>(n)), "CreateMask",
                        "pattern VLk selects more elements than a register of T holds (VL / sizeof(T))");
    if constexpr (mode == MaskPattern::M3 || mode == MaskPattern::M4) {
        constexpr uint32_t step = mode == MaskPattern::M3 ? 3 : 4;
        MaskReg m;
        for (uint32_t j = 0; j < n; j += step)
            m.set_element<T>(j);
        return m;
    } else {
        return detail::first_elements<T>(static_cast<uint32_t>(detail::pattern_prefix(mode, n)));
    }
}

// A predicate selecting the first min(scalarValue, VL / sizeof(T)) elements of a register of T; then
// scalarValue = scalarValue < VL_T ? 0 : scalarValue - VL_T, ready for the next register of a loop.
template <typename T, const RegTrait& regTrait = RegTraitNumOne>
__simd_callee__ inline MaskReg UpdateMask(uint32_t& scalarValue) {
    PTOSIM_STATIC_CHECK(detail::kIsMaskElement<T>, "UpdateMask", "T must be a b8, b16, b32 or b64 type");
    PTOSIM_STATIC_CHECK(regTrait.REG_NUM == 1, "UpdateMask", "RegTraitNumTwo is not supported");
    return ptosim::micro::first_n_update(scalarValue, static_cast<uint32_t>(sizeof(T)));
}

// ---- predicate logic
// ------------------------------------------------------------------------------------------
// Bit by bit over all 256 predicate bits, whatever element size the operands were made for: bit i of dst is
// the operation on bit i of the sources where bit i of mask is set, and 0 where it is clear (AscendC says
// only that the mask "indicates which bits are valid"; zeroing matches Compare and the other predicate
// producers). dst may be any operand. The micro core's pred_logic (the pand / por / pxor / pnot rows)
// computes them, as it does for the CCE intrinsics.

__simd_callee__ inline void And(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::pand, src0, src1, mask);
}
__simd_callee__ inline void Or(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::por, src0, src1, mask);
}
__simd_callee__ inline void Xor(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::pxor, src0, src1, mask);
}
__simd_callee__ inline void Not(MaskReg& dst, MaskReg& src, MaskReg& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::pnot, src, src, mask);
}

// The MicroAPI spellings of the same operations.
__simd_callee__ inline void MaskAnd(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    And(dst, src0, src1, mask);
}
__simd_callee__ inline void MaskOr(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    Or(dst, src0, src1, mask);
}
__simd_callee__ inline void MaskXor(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask) {
    Xor(dst, src0, src1, mask);
}
__simd_callee__ inline void MaskNot(MaskReg& dst, MaskReg& src, MaskReg& mask) {
    Not(dst, src, mask);
}

}  // namespace Reg
}  // namespace AscendC
