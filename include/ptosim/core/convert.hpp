// Element-type conversion (TCVT): one element's bits of any source type to any destination type, as an exact
// function of the input, a rounding direction and a saturation switch. docs/isa/TCVT.md states the rules;
// this is their one implementation, which the reference kernel runs per element and the fast kernels' tails
// use.
//
// Every finite input is first taken exactly (sign, 64-bit significand, power of two), then rounded once into
// the destination:
// - float destinations (float, half, bfloat16, double, the 8- and 4-bit formats): IEEE-style rounding in the
//   given direction; overflow gives +-max when saturating (or when the direction never rounds away from
//   zero), else infinity (the narrow formats: ptosim/core/narrow_float.hpp). +-inf stays infinite (a format
//   without one: its overflow value), except that a saturating conversion into a type whose largest finite
//   value is smaller than the source's (float -> bfloat16 too: 3.3895e38 < 3.4028e38), or that has no
//   infinity, gives
//   +-max. NaN stays NaN:
//   quiet, with the input's sign and the top bits of its payload (the 8- and 4-bit formats: their NaN code,
//   or a signed zero; their NaNs carry no payload into wider types).
// - integer destinations: rounded to an integer in the given direction, then
//   - saturating: clamped to the destination's range; NaN gives 0;
//   - not saturating: the low bits of the destination's width (two's complement wrap). A float source is
//   first
//     converted to an intermediate integer (int64 for 64-bit and uint32 destinations, int16 for half -> int8,
//     int32 otherwise, the devices' "PyTorch-compatible" chains); NaN and values outside the intermediate's
//     range give its minimum (0x80...0, as x86 and PyTorch do), whose low bits are then kept.
// The rounding direction and saturation of a TCVT come from its RoundMode and SaturationMode through
// rounding_for and saturation_for, which apply the devices' per-pair defaults.
#pragma once

#include <bit>
#include <cstdint>

#include "ptosim/core/dtype.hpp"
#include "ptosim/core/narrow_float.hpp"

namespace ptosim::convert {

using narrow::Rounding;
using narrow::Saturation;

// pto-isa's RoundMode (CAST_NONE = 0 ... CAST_ODD = 6) and SaturationMode (ON = 0, OFF = 1) numbering;
// Default: the pair's default saturation (the intrinsics without a SaturationMode argument).
enum class RoundMode : uint8_t { None = 0, Rint = 1, Round = 2, Floor = 3, Ceil = 4, Trunc = 5, Odd = 6 };
enum class SatMode : uint8_t { On = 0, Off = 1, Default = 2 };

// The element types TCVT converts between.
constexpr bool convertible(DType t) {
    switch (t) {
        case DType::F64:
        case DType::F32:
        case DType::F16:
        case DType::BF16:
        case DType::HIF8:
        case DType::E4M3:
        case DType::E5M2:
        case DType::E8M0:
        case DType::E2M1X2:
        case DType::E1M2X2:
        case DType::S64:
        case DType::S32:
        case DType::S16:
        case DType::S8:
        case DType::S4:
        case DType::U64:
        case DType::U32:
        case DType::U16:
        case DType::U8:
            return true;
        default:
            return false;
    }
}

constexpr bool is_integer(DType t) {
    return dtype_is_signed_int(t) || dtype_is_unsigned_int(t);
}

// What a RoundMode means for a pair (pto-isa's A5 TCVT dispatch): CAST_ODD is round-to-odd only for float ->
// half (the one pair the hardware rounds to odd) and otherwise behaves as CAST_NONE; CAST_NONE truncates
// float -> integer conversions and rounds to nearest even elsewhere.
constexpr Rounding rounding_for(RoundMode m, DType src, DType dst) {
    if (m == RoundMode::Odd && src == DType::F32 && dst == DType::F16)
        return Rounding::Odd;
    if (m == RoundMode::None || m == RoundMode::Odd)
        return !is_integer(src) && is_integer(dst) ? Rounding::Trunc : Rounding::Rint;
    return static_cast<Rounding>(m);
}

// The saturation of a conversion without an explicit SaturationMode (pto-isa's device TCVT_IMPL): off for
// half -> uint8 / int8 / int16, float -> int16, int64 -> int32 and int32 -> int16, on for everything else.
constexpr Saturation default_saturation(DType src, DType dst) {
    const bool off = (src == DType::F16 && (dst == DType::U8 || dst == DType::S8 || dst == DType::S16)) ||
                     (src == DType::F32 && dst == DType::S16) || (src == DType::S64 && dst == DType::S32) ||
                     (src == DType::S32 && dst == DType::S16);
    return off ? Saturation::Off : Saturation::On;
}

// An int4b_t result always saturates to [-8, 7], as pto-isa's CPU simulation clamps it in either mode.
constexpr Saturation saturation_for(SatMode s, DType src, DType dst) {
    if (s == SatMode::Default || dst == DType::S4)
        return default_saturation(src, dst);
    return s == SatMode::On ? Saturation::On : Saturation::Off;
}

namespace detail {

// A decoded input: +-mant * 2^exp2 when finite; NaN carries its payload left-aligned in 64 bits.
struct Exact {
    enum class Kind : uint8_t { Finite, Inf, NaN } kind = Kind::Finite;
    bool negative = false;
    uint64_t mant = 0;
    int exp2 = 0;
    uint64_t payload = 0;
};

// IEEE binary format with Man stored fraction bits and ExpBits exponent bits.
template <int Man, int ExpBits>
struct Ieee {
    static constexpr int bias = (1 << (ExpBits - 1)) - 1;
    static constexpr int emin = 1 - bias;
    static constexpr int emax = bias;
    static constexpr uint64_t sign = uint64_t{1} << (Man + ExpBits);
    static constexpr uint64_t inf = ((uint64_t{1} << ExpBits) - 1) << Man;
    static constexpr uint64_t max = inf - 1;
    static constexpr uint64_t quiet = uint64_t{1} << (Man - 1);
};
using F64 = Ieee<52, 11>;
using F32 = Ieee<23, 8>;
using F16 = Ieee<10, 5>;
using BF16 = Ieee<7, 8>;

template <class F>
constexpr int man_bits() {
    return std::countr_zero(F::inf);
}

template <class F>
constexpr Exact decode_ieee(uint64_t bits) {
    constexpr int man = man_bits<F>();
    Exact x;
    x.negative = (bits & F::sign) != 0;
    const uint64_t exp = (bits & F::inf) >> man;
    const uint64_t frac = bits & ((uint64_t{1} << man) - 1);
    if ((bits & F::inf) == F::inf) {
        x.kind = frac != 0 ? Exact::Kind::NaN : Exact::Kind::Inf;
        x.payload = frac << (64 - man);
        return x;
    }
    x.mant = exp == 0 ? frac : (frac | (uint64_t{1} << man));
    x.exp2 = (exp == 0 ? 1 : static_cast<int>(exp)) - F::bias - man;
    return x;
}

// Round +-(mant * 2^exp2) into F in direction r. Returns the code with its sign.
template <class F>
constexpr uint64_t encode_ieee(bool negative, uint64_t mant, int exp2, Rounding r, Saturation sat) {
    constexpr int man = man_bits<F>();
    const uint64_t sign = negative ? F::sign : 0;
    const auto overflow = [&] {
        const bool to_max = sat == Saturation::On || r == Rounding::Trunc || r == Rounding::Odd ||
                            (r == Rounding::Floor && !negative) || (r == Rounding::Ceil && negative);
        return sign | (to_max ? F::max : F::inf);
    };
    if (mant == 0)
        return sign;
    const int lz = std::countl_zero(mant);
    mant <<= lz;
    const int e = exp2 - lz + 63;  // the value lies in [2^e, 2^(e+1))
    if (e > F::emax)
        return overflow();
    const int q = (e < F::emin ? F::emin : e) - man;  // the spacing of the value's binade
    const int shift = 63 - (e - q);                   // bits of mant below one unit of 2^q
    uint64_t k = 0;
    bool exact = false;
    int vs_half = -1;  // the discarded part against half a unit: -1 below, 0 equal, 1 above
    if (shift < 64) {
        k = shift == 0 ? mant : mant >> shift;
        const uint64_t rem = shift == 0 ? 0 : mant & ((uint64_t{1} << shift) - 1);
        exact = rem == 0;
        if (shift > 0) {
            const uint64_t half = uint64_t{1} << (shift - 1);
            vs_half = rem < half ? -1 : rem == half ? 0 : 1;
        }
    } else if (shift == 64) {
        vs_half = mant == (uint64_t{1} << 63) ? 0 : 1;
    }
    if (!exact && narrow::detail::round_up(r, negative, (k & 1) != 0, vs_half))  // a code's parity is k's
        ++k;
    if (k == 0)
        return sign;
    uint64_t code;
    if (e < F::emin) {
        code = k;  // subnormal (k == 2^man is the smallest normal's code)
    } else {
        // k in [2^man, 2^(man+1)]: a carry into the next binade is taken by the addition.
        code = (static_cast<uint64_t>(e + F::bias) << man) + (k - (uint64_t{1} << man));
    }
    if (code >= F::inf)
        return overflow();
    return sign | code;
}

template <class F>
constexpr uint64_t encode_ieee(const Exact& x, Rounding r, Saturation sat, bool narrows) {
    constexpr int man = man_bits<F>();
    const uint64_t sign = x.negative ? F::sign : 0;
    switch (x.kind) {
        case Exact::Kind::NaN:
            return sign | F::inf | F::quiet | (x.payload >> (64 - man));
        case Exact::Kind::Inf:
            return sign | (sat == Saturation::On && narrows ? F::max : F::inf);
        default:
            return encode_ieee<F>(x.negative, x.mant, x.exp2, r, sat);
    }
}

constexpr narrow::Format narrow_format(DType t) {
    switch (t) {
        case DType::E4M3:
            return narrow::Format::E4M3;
        case DType::E5M2:
            return narrow::Format::E5M2;
        case DType::E8M0:
            return narrow::Format::E8M0;
        case DType::E2M1X2:
            return narrow::Format::E2M1;
        case DType::E1M2X2:
            return narrow::Format::E1M2;
        default:
            return narrow::Format::HiF8;
    }
}

template <narrow::Format N>
constexpr uint64_t encode_narrow(const Exact& x, Rounding r, Saturation sat, bool narrows) {
    switch (x.kind) {
        case Exact::Kind::NaN:
            return narrow::detail::nan_code<N>(x.negative);
        case Exact::Kind::Inf:
            return narrow::detail::infinity_input<N>(x.negative, narrows ? sat : Saturation::Off);
        default:
            return narrow::detail::encode<N>(x.negative, x.mant, x.exp2, r, sat);
    }
}

constexpr uint64_t encode_narrow(DType t, const Exact& x, Rounding r, Saturation sat, bool narrows) {
    switch (narrow_format(t)) {
        case narrow::Format::E4M3:
            return encode_narrow<narrow::Format::E4M3>(x, r, sat, narrows);
        case narrow::Format::E5M2:
            return encode_narrow<narrow::Format::E5M2>(x, r, sat, narrows);
        case narrow::Format::E8M0:
            return encode_narrow<narrow::Format::E8M0>(x, r, sat, narrows);
        case narrow::Format::E2M1:
            return encode_narrow<narrow::Format::E2M1>(x, r, sat, narrows);
        case narrow::Format::E1M2:
            return encode_narrow<narrow::Format::E1M2>(x, r, sat, narrows);
        case narrow::Format::HiF8:
            break;
    }
    return encode_narrow<narrow::Format::HiF8>(x, r, sat, narrows);
}

constexpr int int_bits(DType t) {
    return t == DType::S4 ? 4 : static_cast<int>(dtype_size(t)) * 8;
}

constexpr Exact decode(DType t, uint64_t bits) {
    switch (t) {
        case DType::F64:
            return decode_ieee<F64>(bits);
        case DType::F32:
            return decode_ieee<F32>(bits & 0xFFFFFFFFu);
        case DType::F16:
            return decode_ieee<F16>(bits & 0xFFFFu);
        case DType::BF16:
            return decode_ieee<BF16>(bits & 0xFFFFu);
        default:
            break;
    }
    if (is_integer(t)) {
        const int n = int_bits(t);
        const uint64_t mask = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
        uint64_t v = bits & mask;
        Exact x;
        if (dtype_is_signed_int(t) && ((v >> (n - 1)) & 1) != 0) {
            x.negative = true;
            v = (~v + 1) & mask;  // the magnitude; 2^(n-1) for the minimum
        }
        x.mant = v;
        return x;
    }
    // The 8- and 4-bit formats: every value is a float.
    const float f = narrow::to_float(narrow_format(t), static_cast<uint8_t>(bits));
    Exact x = decode_ieee<F32>(std::bit_cast<uint32_t>(f));
    if (x.kind == Exact::Kind::NaN)
        x.payload = 0;
    return x;
}

// The integer range of t: [lo, hi] as (negative?, magnitude) bounds.
constexpr uint64_t int_max(DType t) {
    const int n = int_bits(t);
    if (dtype_is_signed_int(t))
        return (uint64_t{1} << (n - 1)) - 1;
    return n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
}
constexpr uint64_t int_min_mag(DType t) {  // |lowest|
    return dtype_is_signed_int(t) ? uint64_t{1} << (int_bits(t) - 1) : 0;
}

// The largest finite value of a type, to tell which conversions narrow the range.
constexpr double max_finite(DType t) {
    switch (t) {
        case DType::F64:
            return 1.7976931348623157e308;
        case DType::F32:
            return 3.4028234663852886e38;
        case DType::BF16:
            return 3.3895313892515355e38;
        case DType::E8M0:
            return 1.7014118346046923e38;  // 2^127
        case DType::F16:
            return 65504.0;
        case DType::E5M2:
            return 57344.0;
        case DType::HIF8:
            return 32768.0;
        case DType::E4M3:
            return 448.0;
        case DType::E2M1X2:
            return 6.0;
        case DType::E1M2X2:
            return 1.75;
        default:
            return static_cast<double>(int_max(t));
    }
}

// The integer of x rounded in direction r: its magnitude, and whether it reaches 2^64 or more.
struct Rounded {
    uint64_t mag = 0;
    bool huge = false;
};
constexpr Rounded round_to_integer(const Exact& x, Rounding r) {
    if (x.exp2 >= 0) {
        if (x.mant != 0 && std::bit_width(x.mant) + x.exp2 > 64)
            return {0, true};
        return {x.mant << x.exp2, false};
    }
    const int sh = -x.exp2;
    uint64_t ip = 0;
    int vs_half;
    bool exact;
    if (sh >= 64) {
        exact = x.mant == 0;
        vs_half = sh > 64 ? -1 : (x.mant < (uint64_t{1} << 63) ? -1 : x.mant == (uint64_t{1} << 63) ? 0 : 1);
    } else {
        ip = x.mant >> sh;
        const uint64_t rem = x.mant & ((uint64_t{1} << sh) - 1);
        const uint64_t half = uint64_t{1} << (sh - 1);
        exact = rem == 0;
        vs_half = rem < half ? -1 : rem == half ? 0 : 1;
    }
    if (!exact && narrow::detail::round_up(r, x.negative, (ip & 1) != 0, vs_half))
        ++ip;
    return {ip, false};
}

// Two's complement bits of +-mag.
constexpr uint64_t signed_bits(bool negative, uint64_t mag) {
    return negative ? ~mag + 1 : mag;
}

// The intermediate integer of a non-saturating float -> integer conversion.
constexpr DType wrap_intermediate(DType src, DType dst) {
    if (int_bits(dst) == 64 || dst == DType::U32)
        return DType::S64;
    if (src == DType::F16 && dst == DType::S8)
        return DType::S16;
    return DType::S32;
}

constexpr uint64_t encode_int(DType src, DType dst, const Exact& x, Rounding r, Saturation sat) {
    const int n = int_bits(dst);
    const uint64_t mask = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    if (sat == Saturation::On) {
        if (x.kind == Exact::Kind::NaN)
            return 0;
        const Rounded v = x.kind == Exact::Kind::Inf ? Rounded{0, true} : round_to_integer(x, r);
        if (x.negative) {
            const uint64_t lim = int_min_mag(dst);
            return signed_bits(true, v.huge || v.mag > lim ? lim : v.mag) & mask;
        }
        const uint64_t lim = int_max(dst);
        return (v.huge || v.mag > lim ? lim : v.mag) & mask;
    }
    if (is_integer(src))
        return signed_bits(x.negative, x.mant) & mask;  // wrap
    const DType w = wrap_intermediate(src, dst);
    const uint64_t w_min = signed_bits(true, int_min_mag(w));
    if (x.kind != Exact::Kind::Finite)
        return w_min & mask;
    const Rounded v = round_to_integer(x, r);
    const bool in_range = !v.huge && (x.negative ? v.mag <= int_min_mag(w) : v.mag <= int_max(w));
    return (in_range ? signed_bits(x.negative, v.mag) : w_min) & mask;
}

constexpr uint64_t encode_float(DType dst, const Exact& x, Rounding r, Saturation sat, bool narrows) {
    switch (dst) {
        case DType::F64:
            return encode_ieee<F64>(x, r, sat, narrows);
        case DType::F32:
            return encode_ieee<F32>(x, r, sat, narrows);
        case DType::F16:
            return encode_ieee<F16>(x, r, sat, narrows);
        case DType::BF16:
            return encode_ieee<BF16>(x, r, sat, narrows);
        default:
            return encode_narrow(dst, x, r, sat, narrows);
    }
}

}  // namespace detail

// The bits of src-typed `bits` converted to dst (both convertible()), rounded in direction r. A 4-bit format
// takes and gives one element in the low nibble.
constexpr uint64_t convert_bits(DType src, DType dst, uint64_t bits, Rounding r, Saturation sat) {
    using namespace detail;
    const Exact x = decode(src, bits);
    if (is_integer(dst))
        return encode_int(src, dst, x, r, sat);
    // Saturating, +-inf becomes +-max when dst has a smaller range or no infinity.
    const bool narrows = max_finite(dst) < max_finite(src) || dst == DType::E4M3 || dst == DType::E8M0 ||
                         dst == DType::E2M1X2 || dst == DType::E1M2X2;
    // A float converted to its own type is rounded to an integral value (pto-isa's float -> float "round").
    if (src == dst && x.kind == Exact::Kind::Finite && x.exp2 < 0) {
        Exact y = x;
        y.mant = round_to_integer(x, r).mag;
        y.exp2 = 0;
        return encode_float(dst, y, r, sat, false);
    }
    return encode_float(dst, x, r, sat, narrows);
}

// B.DATR CANON: a NaN result becomes the destination's canonical quiet NaN (positive; HiF8 and E8M0 have one
// NaN code). Integers and the 4-bit formats (no NaN) are unchanged.
constexpr uint64_t canonicalize(DType t, uint64_t bits) {
    if (is_integer(t) || t == DType::E2M1X2 || t == DType::E1M2X2 ||
        detail::decode(t, bits).kind != detail::Exact::Kind::NaN)
        return bits;
    switch (t) {
        case DType::F64:
            return 0x7FF8000000000000u;
        case DType::F32:
            return 0x7FC00000u;
        case DType::F16:
            return 0x7E00u;
        case DType::BF16:
            return 0x7FC0u;
        case DType::E4M3:
            return 0x7Fu;
        case DType::E5M2:
            return 0x7Eu;
        case DType::E8M0:
            return 0xFFu;
        default:
            return 0x80u;  // HiF8
    }
}

}  // namespace ptosim::convert
