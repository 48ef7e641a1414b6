// TCMPS on half and bfloat16 as one interval test on 16-bit order keys, used by the fast kernel.
//
// The key of a 16-bit float's bits h is t = h ^ ((h >> 15) & 0x7FFF) as int16_t (arithmetic shift): positive
// values keep their bits (+0 -> 0, +inf -> INF), negative ones become -1 - magnitude (-0 -> -1, -inf -> -1 -
// INF), so keys order every non-NaN value as IEEE 754 does, with -0 just below +0, and NaNs fall outside
// [-1 - INF, INF]. For a non-NaN scalar s, {a : a <mode> s} is then one interval of keys (EQ at zero is
// [-1, 0], both zeros), or for NE the complement of EQ's interval, which also takes in every NaN as IEEE
// says. The interval test (t - lo) <u count is done in signed 16-bit arithmetic: (t + shift) < limit with
// shift = 0x8000 - lo and limit = count ^ 0x8000.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/compare.hpp"

namespace ptosim::kernels {

struct KeyInterval {
    int16_t shift = 0;    // 0x8000 - lo, wrapped to 16 bits
    int16_t limit = 0;    // the interval's length (1..0xFFFF) ^ 0x8000, as int16_t
    bool invert = false;  // the result is the complement (NE)
};

// The interval of `a <mode> s` for the scalar's bits; none for a NaN scalar or an empty set (LT -inf, GT
// +inf), which the caller handles another way.
template <typename T>
std::optional<KeyInterval> key_interval(uint16_t s_bits, CmpMode mode) {
    static_assert(std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>);
    constexpr int kInf = std::is_same_v<T, float16> ? 0x7C00 : 0x7F80;
    const int magnitude = s_bits & 0x7FFF;
    if (magnitude > kInf)
        return std::nullopt;
    const int t = (s_bits & 0x8000) ? -1 - magnitude : magnitude;
    const int eq_lo = magnitude == 0 ? -1 : t, eq_hi = magnitude == 0 ? 0 : t;
    constexpr int kLowest = -1 - kInf, kHighest = kInf;
    int lo = eq_lo, hi = eq_hi;
    bool invert = false;
    switch (mode) {
        case CmpMode::EQ:
            break;
        case CmpMode::NE:
            invert = true;
            break;
        case CmpMode::LT:
            lo = kLowest;
            hi = eq_lo - 1;
            break;
        case CmpMode::LE:
            lo = kLowest;
            break;
        case CmpMode::GT:
            lo = eq_hi + 1;
            hi = kHighest;
            break;
        case CmpMode::GE:
            hi = kHighest;
            break;
    }
    if (hi < lo)
        return std::nullopt;
    const int count = hi - lo + 1;  // at most 2 * INF + 2 <= 0xFF02
    return KeyInterval{static_cast<int16_t>(static_cast<uint16_t>(0x8000 - lo)),
                       static_cast<int16_t>(static_cast<uint16_t>(count ^ 0x8000)), invert};
}

}  // namespace ptosim::kernels
