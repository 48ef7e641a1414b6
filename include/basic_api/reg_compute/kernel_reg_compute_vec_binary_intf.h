// AscendC register API: element-wise binary arithmetic.
//
//   Add<T, mode>(dstReg, srcReg0, srcReg1, mask)   dst[j] = src0[j] + src1[j] for selected elements; the
//   others
//                                                  are zeroed (ZEROING) or keep dst's value (MERGING)
//
// ptosim models integer elements (int8_t..uint64_t): sums wrap modulo 2^bits, the hardware's behaviour with
// integer saturation off (its default; AscendC enables saturation through a control register that ptosim does
// not model). Floating-point Add is not modelled yet and fails to compile.
#pragma once

#include <cstdint>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

namespace detail {

template <typename E>
inline constexpr bool kIsIntElement = std::is_integral_v<E> && !std::is_same_v<E, bool>;

// a + b modulo 2^bits, also for signed types (computed in the unsigned type of the same width, so no signed
// overflow happens in C++).
template <typename E>
constexpr E wrapping_add(E a, E b) {
    using W = std::make_unsigned_t<E>;
    return static_cast<E>(static_cast<W>(static_cast<W>(a) + static_cast<W>(b)));
}

}  // namespace detail

template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
__simd_callee__ inline void Add(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "Add", "dstReg, srcReg0 and srcReg1 must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, U>), "Add",
                        "T must be the element type of the registers");
    PTOSIM_STATIC_CHECK(detail::kIsIntElement<detail::ElemOf<U>>, "Add",
                        "ptosim models integer element types (int8_t..uint64_t) only");
    PTOSIM_STATIC_CHECK(mode == MaskMergeMode::ZEROING || mode == MaskMergeMode::MERGING, "Add",
                        "mode must be ZEROING or MERGING");
    if constexpr (detail::kIsRegTensor<U> && detail::kTypeArgMatches<T, U> &&
                  detail::kIsIntElement<detail::ElemOf<U>>) {
        using E = detail::ElemOf<U>;
        for (uint32_t j = 0; j < U::kLanes; ++j) {  // element by element: dstReg may be either source
            if (mask.active<E>(j))
                dstReg.elems[j] = detail::wrapping_add(srcReg0.elems[j], srcReg1.elems[j]);
            else if constexpr (mode == MaskMergeMode::ZEROING)
                dstReg.elems[j] = E{};
        }
    }
}

}  // namespace Reg
}  // namespace AscendC
