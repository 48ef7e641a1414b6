// One element of TCMP / TCMPS: does `lhs <mode> rhs` hold? Shared by the reference kernel and the fast
// kernel's row tails, so both follow exactly one definition.
#pragma once

#include <type_traits>

#include "ptosim/ops/compare.hpp"

namespace ptosim::kernels {

// half and bfloat16 compare through float, which holds every one of their values exactly; everything else
// compares natively (integers by value, float by IEEE 754: NaN is unordered, +0 == -0).
template <typename T>
constexpr auto comparable(T v) {
    if constexpr (std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>) {
        return static_cast<float>(v);
    } else {
        return v;
    }
}

template <typename T>
constexpr bool compare_holds(T lhs, T rhs, CmpMode mode) {
    const auto a = comparable(lhs), b = comparable(rhs);
    switch (mode) {
        case CmpMode::EQ:
            return a == b;
        case CmpMode::NE:
            return a != b;
        case CmpMode::LT:
            return a < b;
        case CmpMode::LE:
            return a <= b;
        case CmpMode::GT:
            return a > b;
        case CmpMode::GE:
            return a >= b;
    }
    return false;
}

}  // namespace ptosim::kernels
