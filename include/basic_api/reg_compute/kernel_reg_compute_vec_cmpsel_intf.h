// AscendC register API: comparing registers into predicates, and selecting by a predicate.
//
//   Compare<T, mode>(dst, src0, src1, mask)      dst bit of element j = mask_j && (src0[j] mode src1[j])
//   Compares<T, mode>(dst, src, scalar, mask)    dst bit of element j = mask_j && (src[j] mode scalar)
//   Select<T>(dst, src0, src1, mask)             dst[j] = mask_j ? src0[j] : src1[j]
//
// Comparisons are exact: integers by value, floating point by IEEE-754 (half and bfloat16_t through float,
// which is exact; NaN is unordered, so only NE holds). Element j's predicate is bit j * sizeof(T) of a
// MaskReg; the masks Compare writes set only those bits, and unselected elements' bits are zero (AscendC:
// "未选中元素在 目的操作数中被置零").
#pragma once

#include <cstdint>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_duplicate_intf.h"

namespace AscendC {
namespace Reg {

namespace detail {

// The element types Compare/Compares accept: every b8..b64 integer and floating-point type (not bool).
template <typename E>
inline constexpr bool kIsCompareElement = kIsRegElement<E> && !std::is_same_v<E, bool>;

constexpr bool cmp_mode_known(CMPMODE m) {
    return m == CMPMODE::LT || m == CMPMODE::GT || m == CMPMODE::EQ || m == CMPMODE::LE || m == CMPMODE::GE ||
           m == CMPMODE::NE;
}

// a `mode` b, exactly. The 16-bit floating-point classes compare through float (every value converts
// exactly).
template <CMPMODE mode, typename E>
constexpr bool compare_values(E a, E b) {
    if constexpr (kIsFp16Class<E>) {
        return compare_values<mode>(static_cast<float>(a), static_cast<float>(b));
    } else {
        switch (mode) {
            case CMPMODE::LT:
                return a < b;
            case CMPMODE::GT:
                return a > b;
            case CMPMODE::EQ:
                return a == b;
            case CMPMODE::LE:
                return a <= b;
            case CMPMODE::GE:
                return a >= b;
            default:
                return a != b;
        }
    }
}

template <typename T, CMPMODE mode, typename U>
constexpr void check_compare_types() {
    PTOSIM_STATIC_CHECK(kIsRegTensor<U>, "Compare", "srcReg must be a RegTensor");
    PTOSIM_STATIC_CHECK((kTypeArgMatches<T, U>), "Compare", "T must be the element type of srcReg");
    PTOSIM_STATIC_CHECK(kIsCompareElement<ElemOf<U>>, "Compare",
                        "element type must be int8_t..uint64_t, half, bfloat16_t or float");
    PTOSIM_STATIC_CHECK(cmp_mode_known(mode), "Compare", "mode must be LT, GT, EQ, LE, GE or NE");
}

// The predicate "element j is selected and pred(j)", one bit per element of E.
template <typename E, uint32_t N, typename Pred>
MaskReg element_mask(const MaskReg& mask, Pred pred) {
    MaskReg out;
    for (uint32_t j = 0; j < N; ++j) {
        if (mask.active<E>(j) && pred(j))
            out.set_element<E>(j);
    }
    return out;
}

}  // namespace detail

template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U>
__simd_callee__ inline void Compare(MaskReg& dst, U& srcReg0, U& srcReg1, MaskReg& mask) {
    detail::check_compare_types<T, mode, U>();
    if constexpr (detail::kIsRegTensor<U> && detail::kTypeArgMatches<T, U> &&
                  detail::kIsCompareElement<detail::ElemOf<U>>) {
        using E = detail::ElemOf<U>;
        // Built aside and assigned last: dst may be the mask operand.
        dst = detail::element_mask<E, U::kLanes>(mask, [&](uint32_t j) {
            return detail::compare_values<mode>(srcReg0.elems[j], srcReg1.elems[j]);
        });
    }
}

// The scalar is converted to the element type as Duplicate converts it (bit-exact when the types agree).
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, detail::RegScalar S>
__simd_callee__ inline void Compares(MaskReg& dst, U& srcReg, S scalarValue, MaskReg& mask) {
    detail::check_compare_types<T, mode, U>();
    if constexpr (detail::kIsRegTensor<U> && detail::kTypeArgMatches<T, U> &&
                  detail::kIsCompareElement<detail::ElemOf<U>>) {
        using E = detail::ElemOf<U>;
        const E s = detail::to_element<E>(scalarValue);
        dst = detail::element_mask<E, U::kLanes>(
            mask, [&](uint32_t j) { return detail::compare_values<mode>(srcReg.elems[j], s); });
    }
}

template <typename T = DefaultType, typename U>
__simd_callee__ inline void Select(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<U>, "Select", "dstReg, srcReg0 and srcReg1 must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, U>), "Select",
                        "T must be the element type of the registers");
    if constexpr (detail::kIsRegTensor<U> && detail::kTypeArgMatches<T, U>) {
        using E = detail::ElemOf<U>;
        for (uint32_t j = 0; j < U::kLanes; ++j)  // element by element: dstReg may be either source
            dstReg.elems[j] = mask.active<E>(j) ? srcReg0.elems[j] : srcReg1.elems[j];
    }
}

}  // namespace Reg
}  // namespace AscendC
