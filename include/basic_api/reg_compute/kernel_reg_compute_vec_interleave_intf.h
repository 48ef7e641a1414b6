// AscendC register API: interleaving and de-interleaving two registers (data reordering, no UB access).
//
//   Interleave(dst0, dst1, src0, src1)     s = src0[0], src1[0], src0[1], src1[1], ... (2N elements);
//                                          dst0 = s[0 .. N-1], dst1 = s[N .. 2N-1]
//   DeInterleave(dst0, dst1, src0, src1)   s = src0 followed by src1; dst0[j] = s[2j], dst1[j] = s[2j + 1]
//
// N = VL / sizeof(T). The two are inverses. Sources and destinations may be the same registers (AscendC
// allows Interleave(src0, src1, src0, src1)); dst0 and dst1 must be different registers. AscendC supports b64
// elements only with RegTraitNumTwo registers, which ptosim does not model, so b64 fails to compile.
#pragma once

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

namespace detail {

template <typename U>
inline constexpr bool kReorderable = kIsRegTensor<U>&& WidthOf<ElemOf<U>>::value < 8;

template <typename U>
inline void check_distinct_destinations(const char* instr, const U& dst0, const U& dst1) {
    PTOSIM_CHECK(&dst0 != &dst1, instr, "dstReg0 and dstReg1 must be different registers");
}

}  // namespace detail

template <typename T = DefaultType, typename U>
__simd_callee__ inline void Interleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "Interleave", "the operands must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, U>), "Interleave",
                        "T must be the element type of the registers");
    PTOSIM_STATIC_CHECK(!detail::kIsRegTensor<U> || detail::kReorderable<U>, "Interleave",
                        "b64 element types need RegTraitNumTwo registers, which ptosim does not model");
    if constexpr (detail::kReorderable<U> && detail::kTypeArgMatches<T, U>) {
        detail::check_distinct_destinations("Interleave", dstReg0, dstReg1);
        constexpr uint32_t n = U::kLanes;
        U lo, hi;  // built aside: the destinations may be the sources
        for (uint32_t i = 0; i < 2 * n; ++i) {
            const auto v = (i % 2 == 0 ? srcReg0 : srcReg1).elems[i / 2];
            (i < n ? lo : hi).elems[i % n] = v;
        }
        dstReg0 = lo;
        dstReg1 = hi;
    }
}

template <typename T = DefaultType, typename U>
__simd_callee__ inline void DeInterleave(U& dstReg0, U& dstReg1, U& srcReg0, U& srcReg1) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "DeInterleave", "the operands must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, U>), "DeInterleave",
                        "T must be the element type of the registers");
    PTOSIM_STATIC_CHECK(!detail::kIsRegTensor<U> || detail::kReorderable<U>, "DeInterleave",
                        "b64 element types need RegTraitNumTwo registers, which ptosim does not model");
    if constexpr (detail::kReorderable<U> && detail::kTypeArgMatches<T, U>) {
        detail::check_distinct_destinations("DeInterleave", dstReg0, dstReg1);
        constexpr uint32_t n = U::kLanes;
        U even, odd;
        for (uint32_t i = 0; i < 2 * n; ++i) {
            const auto v = (i < n ? srcReg0 : srcReg1).elems[i % n];
            (i % 2 == 0 ? even : odd).elems[i / 2] = v;
        }
        dstReg0 = even;
        dstReg1 = odd;
    }
}

}  // namespace Reg
}  // namespace AscendC
