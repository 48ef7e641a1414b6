// TCMPS on half and bfloat16 as one or two range tests on the raw 16-bit patterns, used by the fast kernel.
//
// Order the values by the key t = h ^ ((h >> 15) & 0x7FFF) of their bits h (int16_t, arithmetic shift):
// positive values keep their bits (+0 -> 0, +inf -> INF), negative ones become -1 - magnitude (-0 -> -1, -inf
// -> -1 - INF), so keys order every non-NaN value as IEEE 754 does, with -0 just below +0, and NaNs fall
// outside
// [-1 - INF, INF]. For a non-NaN scalar s, {a : a <mode> s} is one interval of keys (EQ at zero is [-1, 0],
// both zeros), or for NE the complement of EQ's interval, which also takes in every NaN as IEEE says.
//
// The vector code does not compute keys: the non-negative part of a key interval is the same range of raw
// patterns, and the negative part is one range of raw patterns 0x8000 | magnitude. So the set is one or two
// ranges [first, first + count) of raw patterns, each tested as (h - first) <u count, done in signed 16-bit
// arithmetic as (h + shift) < limit with shift = 0x8000 - first and limit = count ^ 0x8000.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/compare.hpp"

namespace ptosim::kernels {

struct RawRange {
    int16_t shift = 0;  // 0x8000 - first, wrapped to 16 bits
    int16_t limit = 0;  // count ^ 0x8000, as int16_t (count is 1..0x8000)
};

struct RawRanges {
    int count = 0;        // 1 or 2
    RawRange range[2];    // an element is in the set when it is in either range
    bool invert = false;  // the result is the complement (NE)
};

namespace key_detail {

constexpr RawRange raw_range(int first, int last) {
    return RawRange{static_cast<int16_t>(static_cast<uint16_t>(0x8000 - first)),
                    static_cast<int16_t>(static_cast<uint16_t>((last - first + 1) ^ 0x8000))};
}

}  // namespace key_detail

// The ranges of `a <mode> s` for the scalar's bits; none for a NaN scalar or an empty set (LT -inf, GT +inf),
// which the caller handles another way.
template <typename T>
std::optional<RawRanges> raw_ranges(uint16_t s_bits, CmpMode mode) {
    static_assert(std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>);
    constexpr int kInf = std::is_same_v<T, float16> ? 0x7C00 : 0x7F80;
    const int magnitude = s_bits & 0x7FFF;
    if (magnitude > kInf)
        return std::nullopt;
    const int t = (s_bits & 0x8000) ? -1 - magnitude : magnitude;
    const int eq_lo = magnitude == 0 ? -1 : t, eq_hi = magnitude == 0 ? 0 : t;
    constexpr int kLowest = -1 - kInf, kHighest = kInf;
    int lo = eq_lo, hi = eq_hi;  // the key interval
    RawRanges out;
    switch (mode) {
        case CmpMode::EQ:
            break;
        case CmpMode::NE:
            out.invert = true;
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
    if (hi >= 0)  // keys [max(lo, 0), hi] are the same raw patterns
        out.range[out.count++] = key_detail::raw_range(lo > 0 ? lo : 0, hi);
    if (lo <= -1) {  // keys [lo, min(hi, -1)]: magnitudes -1 - key, raw patterns 0x8000 | magnitude
        const int top = hi < -1 ? hi : -1;
        out.range[out.count++] = key_detail::raw_range(0x8000 + (-1 - top), 0x8000 + (-1 - lo));
    }
    return out;
}

}  // namespace ptosim::kernels
