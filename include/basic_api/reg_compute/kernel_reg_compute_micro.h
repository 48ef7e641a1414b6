// AscendC register API: how its typed operations reach the micro core (ptosim/ops/micro.hpp). A RegTensor is
// the 256 bytes of one vector register and a MaskReg is the micro core's predicate, so each operation copies
// its registers in, runs the micro-instruction's kernel (the row of ptosim/isa/micro.def that the operation
// is a name for) and copies the destination out. The element types an operation takes are its row's: one
// rule for the register API, the CCE intrinsics and PTO-AS.
#pragma once

#include <cstring>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "ptosim/core/dtype.hpp"
#include "ptosim/isa/micro.hpp"
#include "ptosim/ops/micro.hpp"

namespace AscendC {
namespace Reg {
namespace detail {

// The micro-instruction OP takes registers of element type E.
template <ptosim::isa::MOp OP, typename E>
inline constexpr bool kMicroTakes = [] {
    if constexpr (std::is_void_v<E> || std::is_same_v<E, bool>)
        return false;
    else
        return ptosim::isa::micro_info(OP).types.contains(ptosim::dtype_of<E>);
}();

template <typename U>
ptosim::micro::VReg to_vreg(const U& r) {
    static_assert(sizeof(r.elems) == ptosim::micro::kVL);
    ptosim::micro::VReg v;
    std::memcpy(v.data(), r.elems.data(), ptosim::micro::kVL);
    return v;
}
template <typename U>
void from_vreg(U& r, const ptosim::micro::VReg& v) {
    std::memcpy(r.elems.data(), v.data(), ptosim::micro::kVL);
}

// The merge mode of an operation's `mode` template argument (a MaskMergeMode).
template <auto mode>
inline constexpr bool kMerging =
    std::is_same_v<decltype(mode), MaskMergeMode>&& mode == MaskMergeMode::MERGING;
template <auto mode>
inline constexpr bool kValidMode = std::is_same_v<decltype(mode), MaskMergeMode> &&
                                   (mode == MaskMergeMode::ZEROING || mode == MaskMergeMode::MERGING);

template <ptosim::isa::MOp OP, bool kMerge, typename U>
void micro_binary(U& dst, const U& a, const U& b, const MaskReg& mask) {
    ptosim::micro::VReg d = to_vreg(dst);
    ptosim::micro::binary(OP, ptosim::dtype_of<ElemOf<U>>, d, to_vreg(a), to_vreg(b), mask, kMerge);
    from_vreg(dst, d);
}
template <ptosim::isa::MOp OP, bool kMerge, typename U, typename S>
void micro_vec_scalar(U& dst, const U& a, S scalar, const MaskReg& mask) {
    using E = ElemOf<U>;
    const E s = static_cast<E>(scalar);
    uint64_t bits = 0;
    std::memcpy(&bits, &s, sizeof(E));
    ptosim::micro::VReg d = to_vreg(dst);
    ptosim::micro::vec_scalar(OP, ptosim::dtype_of<E>, d, to_vreg(a), bits, mask, kMerge);
    from_vreg(dst, d);
}
template <ptosim::isa::MOp OP, bool kMerge, typename U>
void micro_unary(U& dst, const U& a, const MaskReg& mask) {
    ptosim::micro::VReg d = to_vreg(dst);
    ptosim::micro::unary(OP, ptosim::dtype_of<ElemOf<U>>, d, to_vreg(a), mask, kMerge);
    from_vreg(dst, d);
}

}  // namespace detail
}  // namespace Reg
}  // namespace AscendC

// One AscendC operation per micro-instruction row: the static rules (operands are registers of one element
// type, the type argument names it, the row takes it, the mode is ZEROING or MERGING), then the row's kernel.
#define PTOSIM_REG_CHECKS(NAME, OP, U)                                                               \
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, #NAME, "the register operands must be RegTensors"); \
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, U>), #NAME,                                      \
                        "T must be the element type of the registers");                              \
    PTOSIM_STATIC_CHECK((detail::kMicroTakes<ptosim::isa::MOp::OP, detail::ElemOf<U>>), #NAME,       \
                        "element type not supported (the types of micro-instruction " #OP            \
                        ", docs/isa/micro.md)");                                                     \
    PTOSIM_STATIC_CHECK(detail::kValidMode<mode>, #NAME, "mode must be MaskMergeMode::ZEROING or MERGING")

#define PTOSIM_REG_OK(OP, U)                                  \
    detail::kIsRegTensor<U>&& detail::kTypeArgMatches<T, U>&& \
        detail::kMicroTakes<ptosim::isa::MOp::OP, detail::ElemOf<U>>&& detail::kValidMode<mode>

#define PTOSIM_REG_BINARY(NAME, OP)                                                                      \
    template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>                  \
    __simd_callee__ inline void NAME(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {                 \
        PTOSIM_REG_CHECKS(NAME, OP, U);                                                                  \
        if constexpr (PTOSIM_REG_OK(OP, U))                                                              \
            detail::micro_binary<ptosim::isa::MOp::OP, detail::kMerging<mode>>(dstReg, srcReg0, srcReg1, \
                                                                               mask);                    \
    }

#define PTOSIM_REG_VEC_SCALAR(NAME, OP)                                                                \
    template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U, typename S>    \
    __simd_callee__ inline void NAME(U& dstReg, U& srcReg, S scalarValue, MaskReg& mask) {             \
        PTOSIM_REG_CHECKS(NAME, OP, U);                                                                \
        PTOSIM_STATIC_CHECK((std::is_arithmetic_v<S> || std::is_same_v<S, detail::ElemOf<U>>), #NAME,  \
                            "scalarValue must be a number");                                           \
        if constexpr (PTOSIM_REG_OK(OP, U))                                                            \
            detail::micro_vec_scalar<ptosim::isa::MOp::OP, detail::kMerging<mode>>(dstReg, srcReg,     \
                                                                                   scalarValue, mask); \
    }

#define PTOSIM_REG_UNARY(NAME, OP)                                                                   \
    template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>              \
    __simd_callee__ inline void NAME(U& dstReg, U& srcReg, MaskReg& mask) {                          \
        PTOSIM_REG_CHECKS(NAME, OP, U);                                                              \
        if constexpr (PTOSIM_REG_OK(OP, U))                                                          \
            detail::micro_unary<ptosim::isa::MOp::OP, detail::kMerging<mode>>(dstReg, srcReg, mask); \
    }
