// AscendC register API: reductions across a register, on the micro core's reductions (vcadd, vcmax, vcmin and
// their per-VLane forms vcgadd, vcgmax, vcgmin; ptosim/ops/micro.hpp states their semantics):
//
//   Reduce<ReduceType::SUM | MAX | MIN>(dstReg, srcReg, mask)   dst[0] = the sum / extreme of the selected
//       elements; MAX and MIN put the extreme's element index in dst[1] (read it by reinterpreting the
//       element's bits as an unsigned integer); every other element 0
//   ReduceSum / ReduceMax / ReduceMin (dstReg, srcReg, mask)    the older names of the three
//   ReduceDataBlock<type>(dstReg, srcReg, mask)                 dst[k] = the reduction of 32-byte block k
//       (k = 0..7), every other element 0
//
// Unselected elements take no part. Sums are pairwise trees, each partial rounded to the element type.
// ptosim models the same-type forms (dst and src registers of one element type); AscendC's widening sums of
// 16-bit integers into 32-bit registers are not modelled and fail to compile.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_micro.h"

namespace AscendC {
namespace Reg {

enum class ReduceType { SUM, MAX, MIN };

namespace detail {

template <ReduceType type, bool kPerBlock>
constexpr ptosim::isa::MOp reduce_op() {
    using ptosim::isa::MOp;
    if constexpr (type == ReduceType::SUM)
        return kPerBlock ? MOp::vcgadd : MOp::vcadd;
    else if constexpr (type == ReduceType::MAX)
        return kPerBlock ? MOp::vcgmax : MOp::vcmax;
    else
        return kPerBlock ? MOp::vcgmin : MOp::vcmin;
}

template <ReduceType type, bool kPerBlock, typename U>
void micro_reduce(U& dst, const U& src, const MaskReg& mask) {
    using E = ElemOf<U>;
    ptosim::micro::VReg r;
    ptosim::micro::reduce(reduce_op<type, kPerBlock>(), ptosim::dtype_of<E>, r, to_vreg(src), mask);
    if constexpr (kPerBlock) {  // the micro core leaves block k's result at its first lane; AscendC packs
                                // them
        constexpr uint32_t kPerVLane = ptosim::micro::kVLaneBytes / sizeof(E);
        ptosim::micro::VReg packed;
        for (uint32_t k = 0; k < ptosim::micro::kVLanes; ++k)
            packed.set_lane<E>(k, r.lane<E>(k * kPerVLane));
        r = packed;
    }
    from_vreg(dst, r);
}

}  // namespace detail

#define PTOSIM_REG_REDUCE_CHECKS(NAME, U)                                                            \
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, #NAME, "the register operands must be RegTensors"); \
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, U>), #NAME,                                      \
                        "T must be the element type of the registers");                              \
    PTOSIM_STATIC_CHECK(                                                                             \
        (detail::kMicroTakes<detail::reduce_op<type, false>(), detail::ElemOf<U>>), #NAME,           \
        "element type not supported (the types of vcadd / vcmax / vcmin, docs/isa/micro.md)")

template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename U>
__simd_callee__ inline void Reduce(U& dstReg, U srcReg, MaskReg mask) {
    PTOSIM_REG_REDUCE_CHECKS(Reduce, U);
    if constexpr (detail::kIsRegTensor<U> &&
                  detail::kMicroTakes<detail::reduce_op<type, false>(), detail::ElemOf<U>>)
        detail::micro_reduce<type, false>(dstReg, srcReg, mask);
}

template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename U>
__simd_callee__ inline void ReduceDataBlock(U& dstReg, U srcReg, MaskReg mask) {
    PTOSIM_REG_REDUCE_CHECKS(ReduceDataBlock, U);
    if constexpr (detail::kIsRegTensor<U> &&
                  detail::kMicroTakes<detail::reduce_op<type, true>(), detail::ElemOf<U>>)
        detail::micro_reduce<type, true>(dstReg, srcReg, mask);
}

template <typename T = DefaultType, typename U>
__simd_callee__ inline void ReduceSum(U& dstReg, U srcReg, MaskReg mask) {
    Reduce<ReduceType::SUM, T>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void ReduceMax(U& dstReg, U srcReg, MaskReg mask) {
    Reduce<ReduceType::MAX, T>(dstReg, srcReg, mask);
}
template <typename T = DefaultType, typename U>
__simd_callee__ inline void ReduceMin(U& dstReg, U srcReg, MaskReg mask) {
    Reduce<ReduceType::MIN, T>(dstReg, srcReg, mask);
}

#undef PTOSIM_REG_REDUCE_CHECKS

}  // namespace Reg
}  // namespace AscendC
