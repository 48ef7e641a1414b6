// AscendC register API: RegTensor<T>, one 256-byte vector register holding VL / sizeof(T) elements of T.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"

namespace AscendC {
namespace Reg {

template <typename T, const RegTrait& regTrait = RegTraitNumOne>
struct RegTensor {
    PTOSIM_STATIC_CHECK(
        detail::kIsRegElement<T>, "RegTensor",
        "T must be a b8/b16/b32/b64 element type: bool, int8_t..uint64_t, half, bfloat16_t or float");
    PTOSIM_STATIC_CHECK(regTrait.REG_NUM == 1, "RegTensor",
                        "RegTraitNumTwo (2 x VL registers) is not supported");

    using ActualT = T;
    static constexpr RegTrait trait = regTrait;
    static constexpr int REG_NUM = regTrait.REG_NUM;

    // ptosim extension: the element count and direct element access, for tests and for code that composes
    // instructions from register operations. Device code moves data with LoadAlign/StoreAlign.
    static constexpr uint32_t kLanes = ptosim::reg::kLanes<T>;
    constexpr T& operator[](uint32_t i) { return elems[i]; }
    constexpr const T& operator[](uint32_t i) const { return elems[i]; }

    // Zero-initialised, so a register read before it is written gives the same result on every run.
    alignas(64) std::array<T, kLanes> elems{};
};

namespace detail {

template <typename R>
struct RegTensorInfo {
    static constexpr bool value = false;
    using type = void;
};
template <typename T, const RegTrait& R>
struct RegTensorInfo<RegTensor<T, R>> {
    static constexpr bool value = true;
    using type = T;
};

template <typename R>
inline constexpr bool kIsRegTensor = RegTensorInfo<std::remove_cv_t<R>>::value;

// The element type of a RegTensor type (void for anything else).
template <typename R>
using ElemOf = typename RegTensorInfo<std::remove_cv_t<R>>::type;

// sizeof, defined for void too (ElemOf of a non-register operand), so that a bad operand reports its own
// static message only.
template <typename E>
struct WidthOf {
    static constexpr uint32_t value = sizeof(E);
};
template <>
struct WidthOf<void> {
    static constexpr uint32_t value = 1;
};

// The explicit type argument T of an operation is DefaultType or the register's element type.
template <typename T, typename R>
inline constexpr bool kTypeArgMatches = kIsDefault<T> || std::is_same_v<T, ElemOf<R>>;

}  // namespace detail
}  // namespace Reg
}  // namespace AscendC
