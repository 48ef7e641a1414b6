// AscendC register API: Duplicate, broadcasting a scalar (or a register's lowest element) to a register.
#pragma once

#include <cstdint>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

namespace detail {

// A scalar operand: an arithmetic value or one of the 16-bit floating-point classes.
template <typename U>
concept RegScalar = std::is_arithmetic_v<U> || std::is_same_v<U, half> || std::is_same_v<U, bfloat16_t>;

template <typename T, typename S>
constexpr void check_duplicate_types() {
    PTOSIM_STATIC_CHECK(kIsRegTensor<S>, "Duplicate", "dstReg must be a RegTensor");
    PTOSIM_STATIC_CHECK((kTypeArgMatches<T, S>), "Duplicate", "T must be the element type of dstReg");
}

template <typename T>
inline constexpr bool kIsFp16Class = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

// The scalar as an element: bit-exact when the types agree (NaN payloads survive), otherwise C++ conversion
// (half <-> bfloat16 through float, which is exact for both).
template <typename E, typename U>
constexpr E to_element(U value) {
    if constexpr (std::is_same_v<E, U>)
        return value;
    else if constexpr (kIsFp16Class<E> && kIsFp16Class<U>)
        return E(static_cast<float>(value));
    else
        return static_cast<E>(value);
}

}  // namespace detail

// Every element of dstReg = scalarValue (converted to the element type).
template <typename T = DefaultType, detail::RegScalar U, typename S>
__simd_callee__ inline void Duplicate(S& dstReg, U scalarValue) {
    detail::check_duplicate_types<T, S>();
    if constexpr (detail::kIsRegTensor<S> && detail::kTypeArgMatches<T, S>) {
        using E = detail::ElemOf<S>;
        const E v = detail::to_element<E>(scalarValue);
        for (auto& e : dstReg.elems)
            e = v;
    }
}

// Elements selected by mask = scalarValue; the others are zeroed (ZEROING) or keep their value (MERGING).
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, detail::RegScalar U,
          typename S>
__simd_callee__ inline void Duplicate(S& dstReg, U scalarValue, MaskReg& mask) {
    detail::check_duplicate_types<T, S>();
    PTOSIM_STATIC_CHECK(mode == MaskMergeMode::ZEROING || mode == MaskMergeMode::MERGING, "Duplicate",
                        "mode must be ZEROING or MERGING");
    if constexpr (detail::kIsRegTensor<S> && detail::kTypeArgMatches<T, S>) {
        using E = detail::ElemOf<S>;
        const E v = detail::to_element<E>(scalarValue);
        for (uint32_t j = 0; j < S::kLanes; ++j) {
            if (mask.active<E>(j))
                dstReg.elems[j] = v;
            else if constexpr (mode == MaskMergeMode::ZEROING)
                dstReg.elems[j] = E{};
        }
    }
}

// Elements selected by mask = srcReg's lowest element; the others are zeroed (ZEROING) or keep their value
// (MERGING).
template <typename T = DefaultType, HighLowPart pos = HighLowPart::LOWEST,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
__simd_callee__ inline void Duplicate(S& dstReg, S& srcReg, MaskReg& mask) {
    detail::check_duplicate_types<T, S>();
    PTOSIM_STATIC_CHECK(pos == HighLowPart::LOWEST, "Duplicate", "only pos = LOWEST is supported");
    PTOSIM_STATIC_CHECK(mode == MaskMergeMode::ZEROING || mode == MaskMergeMode::MERGING, "Duplicate",
                        "mode must be ZEROING or MERGING");
    if constexpr (detail::kIsRegTensor<S> && detail::kTypeArgMatches<T, S>) {
        using E = detail::ElemOf<S>;
        const E v = srcReg.elems[0];  // read first: dstReg and srcReg may be the same register
        for (uint32_t j = 0; j < S::kLanes; ++j) {
            if (mask.active<E>(j))
                dstReg.elems[j] = v;
            else if constexpr (mode == MaskMergeMode::ZEROING)
                dstReg.elems[j] = E{};
        }
    }
}

}  // namespace Reg
}  // namespace AscendC

// Older AscendC releases declare Interleave and DeInterleave in this header; kernels written against them
// include only this one.
#include "basic_api/reg_compute/kernel_reg_compute_vec_interleave_intf.h"
