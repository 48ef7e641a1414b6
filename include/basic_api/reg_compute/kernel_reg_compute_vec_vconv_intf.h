// AscendC register API: Cast, converting the elements of one register into a register of another type.
//
//   Cast<T, U, trait>(dstReg, srcReg, mask)      T = destination type, U = source type (or DefaultType)
//
// ptosim models the integer-to-integer conversions of AscendC's table (b8/b16/b32; the int4x2_t and 64-bit
// pairs are not modelled) and rejects every other pair at compile time. One instruction works on one register
// of the wider type, N = VL / sizeof(wider) elements, and the narrow type's elements form groups of
// r = sizeof(wider) / sizeof(narrower) (2 or 4); trait.layoutMode (RegLayout::ZERO..THREE) picks one element
// of each group:
//
//   widening   dst[j] = convert(src[r*j + L])                  if source element r*j + L is selected, else 0
//   narrowing  dst[r*j + L] = convert(src[j]), dst[others] = 0  if source element j is selected (else 0 too)
//
// The mask is read per source element (bit k * sizeof(U) for source element k), as AscendC's Cast and
// RegLayout pages state ("MaskReg根据输入的源操作数进行有效元素筛选"). Widening is exact, except int16_t ->
// uint32_t, which AscendC documents as saturating (a negative value becomes 0). Narrowing keeps the low bits
// (SatMode::NO_SAT) or clamps to the destination's range (SatMode::SAT). Unselected and unwritten elements
// are zero: AscendC lists MaskMergeMode::ZEROING only (UNKNOWN, the default trait's, means the same).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

namespace detail {

// The integer pairs ptosim's Cast models (src -> dst), from AscendC's "整数转整数" table.
template <typename Src, typename Dst>
inline constexpr bool kCastPair =
    // widening
    (std::is_same_v<Src, int8_t> && (std::is_same_v<Dst, int16_t> || std::is_same_v<Dst, int32_t>)) ||
    (std::is_same_v<Src, uint8_t> && (std::is_same_v<Dst, uint16_t> || std::is_same_v<Dst, uint32_t>)) ||
    (std::is_same_v<Src, int16_t> && (std::is_same_v<Dst, int32_t> || std::is_same_v<Dst, uint32_t>)) ||
    (std::is_same_v<Src, uint16_t> && std::is_same_v<Dst, uint32_t>) ||
    // narrowing
    (std::is_same_v<Src, int16_t>&& std::is_same_v<Dst, uint8_t>) ||
    (std::is_same_v<Src, uint16_t> && std::is_same_v<Dst, uint8_t>) ||
    (std::is_same_v<Src, int32_t> &&
     (std::is_same_v<Dst, uint8_t> || std::is_same_v<Dst, int16_t> || std::is_same_v<Dst, uint16_t>)) ||
    (std::is_same_v<Src, uint32_t> &&
     (std::is_same_v<Dst, uint8_t> || std::is_same_v<Dst, int16_t> || std::is_same_v<Dst, uint16_t>));

constexpr int layout_index(RegLayout l) {
    return static_cast<int>(l);
}

// One element converted. Widening is exact except a signed source into an unsigned destination, which
// saturates at 0; narrowing truncates to the low bits or saturates.
template <typename Dst, typename Src, bool kSat>
constexpr Dst convert_int(Src v) {
    const auto wide = static_cast<int64_t>(v);
    if constexpr (sizeof(Dst) > sizeof(Src)) {
        if constexpr (std::is_signed_v<Src> && std::is_unsigned_v<Dst>)
            return wide < 0 ? Dst{0} : static_cast<Dst>(v);
        else
            return static_cast<Dst>(v);
    } else if constexpr (kSat) {
        constexpr auto lo = static_cast<int64_t>(std::numeric_limits<Dst>::min());
        constexpr auto hi = static_cast<int64_t>(std::numeric_limits<Dst>::max());
        return static_cast<Dst>(wide < lo ? lo : (wide > hi ? hi : wide));
    } else {
        return static_cast<Dst>(v);  // modulo 2^bits (C++20 defines it for signed destinations too)
    }
}

}  // namespace detail

template <typename T = DefaultType, typename U = DefaultType, const CastTrait& trait = castTrait, typename S,
          typename V>
__simd_callee__ inline void Cast(S& dstReg, V& srcReg, MaskReg& mask) {
    PTOSIM_STATIC_CHECK(detail::kIsRegTensor<S> && detail::kIsRegTensor<V>, "Cast",
                        "dstReg and srcReg must be RegTensors");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<T, S>), "Cast", "T must be the element type of dstReg");
    PTOSIM_STATIC_CHECK((detail::kTypeArgMatches<U, V>), "Cast", "U must be the element type of srcReg");
    using Dst = detail::ElemOf<S>;
    using Src = detail::ElemOf<V>;
    constexpr bool pairOk = detail::kCastPair<Src, Dst>;
    PTOSIM_STATIC_CHECK(
        pairOk, "Cast",
        "ptosim models the integer conversions int8_t -> int16_t/int32_t, uint8_t -> "
        "uint16_t/uint32_t, int16_t -> int32_t/uint32_t/uint8_t, uint16_t -> uint32_t/uint8_t, "
        "int32_t/uint32_t -> uint8_t/int16_t/uint16_t only");
    constexpr uint32_t dstWidth = detail::WidthOf<Dst>::value, srcWidth = detail::WidthOf<Src>::value;
    constexpr bool widening = dstWidth > srcWidth;
    constexpr uint32_t ratio = widening ? dstWidth / srcWidth : srcWidth / dstWidth;
    constexpr int layout = detail::layout_index(trait.layoutMode);
    PTOSIM_STATIC_CHECK(!pairOk || (layout >= 0 && layout < static_cast<int>(ratio)), "Cast",
                        "trait.layoutMode must pick an element of each group: ZERO or ONE for a 2:1 width "
                        "ratio, ZERO..THREE for 4:1");
    PTOSIM_STATIC_CHECK(trait.mrgMode == MaskMergeMode::ZEROING || trait.mrgMode == MaskMergeMode::UNKNOWN,
                        "Cast", "trait.mrgMode must be ZEROING (AscendC's conversions support no other)");
    PTOSIM_STATIC_CHECK(
        !pairOk || widening || trait.satMode == SatMode::NO_SAT || trait.satMode == SatMode::SAT, "Cast",
        "a narrowing conversion needs trait.satMode = NO_SAT (keep the low bits) or SAT");
    if constexpr (pairOk && layout >= 0 && layout < static_cast<int>(ratio)) {
        constexpr bool sat = trait.satMode == SatMode::SAT;
        S out;  // zero-filled: unselected and unwritten elements are 0
        if constexpr (widening) {
            for (uint32_t j = 0; j < S::kLanes; ++j) {
                const uint32_t k = ratio * j + static_cast<uint32_t>(layout);
                if (mask.active<Src>(k))
                    out.elems[j] = detail::convert_int<Dst, Src, sat>(srcReg.elems[k]);
            }
        } else {
            for (uint32_t j = 0; j < V::kLanes; ++j) {
                if (mask.active<Src>(j))
                    out.elems[ratio * j + static_cast<uint32_t>(layout)] =
                        detail::convert_int<Dst, Src, sat>(srcReg.elems[j]);
            }
        }
        dstReg = out;
    }
}

}  // namespace Reg
}  // namespace AscendC
