// Narrow floating-point element formats (8-bit and 4-bit): exact decoding of a raw code to float, encoding
// from float, double and integers with one rounding step, a rounding direction and a saturation switch, and
// ptosim::NarrowFloat, the one-byte value type behind pto-isa's float8_e4m3_t, hifloat8_t, ... names.
//
// | format | fields (bias)     | finite magnitudes                        | NaN                | inf        |
// |--------|-------------------|------------------------------------------|--------------------|------------|
// | E4M3   | s eeee mmm (7)    | 0, 2^-9 .. 448; subnormal below 2^-6     | s.1111.111         | none       |
// | E5M2   | s eeeee mm (15)   | 0, 2^-16 .. 57344; subnormal below 2^-14 | s.11111.(01|10|11) | s.11111.00 |
// | E8M0   | eeeeeeee (127)    | 2^(e-127) = 2^-127 .. 2^127; no zero     | 0xFF               | none       |
// | E2M1   | s ee m (1), 4 bit | 0 0.5 1 1.5 2 3 4 6                      | none               | none       |
// | E1M2   | s e mm (1), 4 bit | 0 0.25 0.5 0.75 1 1.25 1.5 1.75          | none               | none       |
// | HiF8   | s dot exp mant    | 0, 2^-22 .. 32768, tapered (see below)   | 0x80               | 0x6F, 0xEF |
//
// Encoding (from_float / from_double / from_integer):
// - One rounding step from the exact input, in the direction `Rounding` (pto-isa's RoundMode numbering):
//   Rint = nearest, ties to the even code; Round = nearest, ties away from zero; Floor; Ceil; Trunc (toward
//   0); Odd = the exact value, else the neighbour with an odd code (a non-zero value never becomes 0).
//   "Even code" generalises ties-to-even to formats with no fraction bits (E8M0, the HiF8 denormals).
// - Overflow is decided IEEE-style: round as if the top binade's spacing went on; a result above max
//   overflows. Saturation::On gives +-max. Saturation::Off gives the format's overflow value (E4M3: NaN,
//   E5M2: inf, E8M0: NaN, HiF8: inf, E2M1/E1M2: +-max, having neither) for Rint, Round and the directed modes
//   that move away from zero (Ceil above, Floor below); Trunc, Odd and the directed modes toward zero give
//   +-max, as IEEE 754 7.4 prescribes.
// - +-inf input: Saturation::On -> +-max; Off -> the overflow value above.
// - NaN input: the format's NaN with the input's sign (E4M3 s.1111.111, E5M2 s.11111.10, E8M0 0xFF,
//   HiF8 0x80). E2M1/E1M2 have no NaN: NaN gives zero with the input's sign, as en_dtypes and the AscendC
//   CPU-debug types (FP4_T_NAN = 0) do.
// - Zero results keep the input's sign (-0), except HiF8, which has no -0 (0x80 is its NaN): 0x00.
// - E8M0 has no sign and no zero: negative inputs (and -inf) give NaN; a result of zero (zero input, or an
//   underflow below 2^-127 in the rounding direction) gives NaN, or 2^-127 with Saturation::On.
// Decoding (to_float) is exact: every value of these formats is a float. NaN codes decode to a quiet NaN with
// the code's sign. 4-bit formats use the low nibble of the raw byte and ignore the high one.
//
// HiFloat8 (Huawei, "Ascend HiFloat8 Format for Deep Learning", arXiv:2409.16626): after the sign bit, a
// prefix-coded dot field gives the exponent width D; the exponent is sign-magnitude with an implicit leading
// 1 in its magnitude; the remaining bits are the fraction of 1.m.
//   dot 11   (D=4): s 11 E eee m    |e| in 8..15, 1 fraction bit
//   dot 10   (D=3): s 10 E ee mm    |e| in 4..7,  2 fraction bits
//   dot 01   (D=2): s 01 E e mmm    |e| in 2..3,  3 fraction bits
//   dot 001  (D=1): s 001 E mmm     |e| = 1,      3 fraction bits
//   dot 0001 (D=0): s 0001 mmm      e = 0,        3 fraction bits
//   dot 0000      : s 0000 mmm      denormal 2^(m-23) for m = 1..7; 0x00 = zero, 0x80 = NaN
// E is the exponent's sign, so 2^-15 is 0x7E and 2^15 is 0x6E; 0x6F/0xEF (where 1.5*2^15 would be) are +-inf.
// HiF8 hardware and en_dtypes round ties away from zero (Rounding::Round); the A5 vector unit converts to
// HiF8 only with ROUND_A (away) or ROUND_H (hybrid, not provided here). This encoder agrees with en_dtypes'
// hifloat8 for every float with Saturation::Off (en_dtypes sends [1.25, 1.5) * 2^15 to inf even when
// saturating, and rounds a double through float first; this encoder rounds once).
// Sources: the paper; en_dtypes' hifloat8.h and README (pto-isa's tests make their HiF8 and FP4 goldens with
// en_dtypes, their FP8 ones with ml_dtypes); AscendC's cpudebug kernel_hif8.h (the same encoding table).
//
// E1M2: one exponent bit with bias 1, so 0.mm * 2^0 below 1 and 1.mm * 2^0 above (max 1.75). This is
// pto-isa's MXTypes (bias 1, decode table 0 .. 1.75), en_dtypes' float4_e1m2, the Ascend MX-quant docs
// (FLOAT4_E1M2 emax = 0) and AscendC cpudebug kernel_fp4_e1m2.h (max exponent field 1).
#pragma once

#include <bit>
#include <compare>
#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <type_traits>

namespace ptosim::narrow {

enum class Format : uint8_t { E4M3, E5M2, E8M0, E2M1, E1M2, HiF8 };

// pto-isa's RoundMode values (CAST_RINT = 1 ... CAST_ODD = 6), so front ends convert with a static_cast.
enum class Rounding : uint8_t { Rint = 1, Round = 2, Floor = 3, Ceil = 4, Trunc = 5, Odd = 6 };

enum class Saturation : uint8_t { Off, On };

// Constant codes and std::numeric_limits data of each format (the numeric_limits specialisation below reads
// them). Codes a format does not have are 0, and the matching has_* flag is false.
template <Format F>
struct FormatInfo;

template <>
struct FormatInfo<Format::E4M3> {
    static constexpr int bits = 8;
    static constexpr bool is_signed = true, has_infinity = false, has_quiet_NaN = true,
                          has_signaling_NaN = false;
    static constexpr bool has_denorm = true;
    static constexpr uint8_t max = 0x7E, lowest = 0xFE, min = 0x08, denorm_min = 0x01, epsilon = 0x20;
    static constexpr uint8_t round_error = 0x30, infinity = 0, quiet_NaN = 0x7F, signaling_NaN = 0;
    static constexpr int digits = 4, digits10 = 0, max_digits10 = 3;
    static constexpr int min_exponent = -5, min_exponent10 = -1, max_exponent = 9, max_exponent10 = 2;
};

template <>
struct FormatInfo<Format::E5M2> {
    static constexpr int bits = 8;
    static constexpr bool is_signed = true, has_infinity = true, has_quiet_NaN = true,
                          has_signaling_NaN = true;
    static constexpr bool has_denorm = true;
    static constexpr uint8_t max = 0x7B, lowest = 0xFB, min = 0x04, denorm_min = 0x01, epsilon = 0x34;
    static constexpr uint8_t round_error = 0x38, infinity = 0x7C, quiet_NaN = 0x7E, signaling_NaN = 0x7D;
    static constexpr int digits = 3, digits10 = 0, max_digits10 = 2;
    static constexpr int min_exponent = -13, min_exponent10 = -4, max_exponent = 16, max_exponent10 = 4;
};

template <>
struct FormatInfo<Format::E8M0> {
    static constexpr int bits = 8;
    static constexpr bool is_signed = false, has_infinity = false, has_quiet_NaN = true,
                          has_signaling_NaN = false;
    static constexpr bool has_denorm = false;
    // No zero and no sign: the smallest value, 2^-127 (code 0), is min, lowest and denorm_min at once.
    static constexpr uint8_t max = 0xFE, lowest = 0x00, min = 0x00, denorm_min = 0x00, epsilon = 0x7F;
    static constexpr uint8_t round_error = 0x7E, infinity = 0, quiet_NaN = 0xFF, signaling_NaN = 0;
    static constexpr int digits = 1, digits10 = 0, max_digits10 = 2;
    static constexpr int min_exponent = -126, min_exponent10 = -38, max_exponent = 128, max_exponent10 = 38;
};

template <>
struct FormatInfo<Format::E2M1> {
    static constexpr int bits = 4;
    static constexpr bool is_signed = true, has_infinity = false, has_quiet_NaN = false,
                          has_signaling_NaN = false;
    static constexpr bool has_denorm = true;
    static constexpr uint8_t max = 0x7, lowest = 0xF, min = 0x2, denorm_min = 0x1, epsilon = 0x1;
    static constexpr uint8_t round_error = 0x1, infinity = 0, quiet_NaN = 0, signaling_NaN = 0;
    static constexpr int digits = 2, digits10 = 0, max_digits10 = 2;
    static constexpr int min_exponent = 1, min_exponent10 = 0, max_exponent = 3, max_exponent10 = 0;
};

template <>
struct FormatInfo<Format::E1M2> {
    static constexpr int bits = 4;
    static constexpr bool is_signed = true, has_infinity = false, has_quiet_NaN = false,
                          has_signaling_NaN = false;
    static constexpr bool has_denorm = true;
    static constexpr uint8_t max = 0x7, lowest = 0xF, min = 0x4, denorm_min = 0x1, epsilon = 0x1;
    static constexpr uint8_t round_error = 0x2, infinity = 0, quiet_NaN = 0, signaling_NaN = 0;
    static constexpr int digits = 3, digits10 = 0, max_digits10 = 2;
    static constexpr int min_exponent = 1, min_exponent10 = 0, max_exponent = 1, max_exponent10 = 0;
};

template <>
struct FormatInfo<Format::HiF8> {
    static constexpr int bits = 8;
    static constexpr bool is_signed = true, has_infinity = true, has_quiet_NaN = true,
                          has_signaling_NaN = false;
    static constexpr bool has_denorm = true;
    // digits is the precision around 1.0 (1 + 3 fraction bits); toward the ends it drops to 2 (D=4), then 1.
    static constexpr uint8_t max = 0x6E, lowest = 0xEE, min = 0x7E, denorm_min = 0x01, epsilon = 0x38;
    static constexpr uint8_t round_error = 0x18, infinity = 0x6F, quiet_NaN = 0x80, signaling_NaN = 0;
    static constexpr int digits = 4, digits10 = 0, max_digits10 = 3;
    static constexpr int min_exponent = -14, min_exponent10 = -4, max_exponent = 16, max_exponent10 = 4;
};

namespace detail {

// Field layout of the formats built like IEEE binary formats (all but HiF8).
template <Format F>
struct Ieee;
template <>
struct Ieee<Format::E4M3> {
    static constexpr int man = 3, bias = 7, emin = -6, emax = 8;
    static constexpr uint8_t sign = 0x80, nan = 0x7F, overflow = 0x7F;
    static constexpr bool subnormals = true;
};
template <>
struct Ieee<Format::E5M2> {
    static constexpr int man = 2, bias = 15, emin = -14, emax = 15;
    static constexpr uint8_t sign = 0x80, nan = 0x7E, overflow = 0x7C;
    static constexpr bool subnormals = true;
};
template <>
struct Ieee<Format::E8M0> {
    static constexpr int man = 0, bias = 127, emin = -127, emax = 127;
    static constexpr uint8_t sign = 0, nan = 0xFF, overflow = 0xFF;
    static constexpr bool subnormals = false;
};
template <>
struct Ieee<Format::E2M1> {
    static constexpr int man = 1, bias = 1, emin = 0, emax = 2;
    static constexpr uint8_t sign = 0x8, nan = 0, overflow = 0x7;
    static constexpr bool subnormals = true;
};
template <>
struct Ieee<Format::E1M2> {
    static constexpr int man = 2, bias = 1, emin = 0, emax = 0;
    static constexpr uint8_t sign = 0x8, nan = 0, overflow = 0x7;
    static constexpr bool subnormals = true;
};

template <Format F>
constexpr uint8_t sign_bit() {
    if constexpr (F == Format::HiF8) {
        return 0x80;
    } else {
        return Ieee<F>::sign;
    }
}

template <Format F>
constexpr int emax() {
    if constexpr (F == Format::HiF8) {
        return 15;
    } else {
        return Ieee<F>::emax;
    }
}

// Fraction bits of a HiF8 value 1.m * 2^e (e in -15..15); 0 for the denormals 2^-22 .. 2^-16.
constexpr int hif8_fraction_bits(int e) {
    const int a = e < 0 ? -e : e;
    return a <= 3 ? 3 : a <= 7 ? 2 : a <= 15 ? 1 : 0;
}

// Exponent of the spacing between neighbouring values in the binade [2^e, 2^(e+1)), for e <= emax. Below the
// smallest binade the spacing of the smallest values continues down to zero.
template <Format F>
constexpr int quantum(int e) {
    if constexpr (F == Format::HiF8) {
        return e < -22 ? -22 : e - hif8_fraction_bits(e);
    } else {
        return (e < Ieee<F>::emin ? Ieee<F>::emin : e) - Ieee<F>::man;
    }
}

// The magnitude code of k * 2^q (k >= 1, q the spacing of the value's binade or of the binade below it when
// rounding carried). Also used one step past max, where it yields the code in that slot (NaN or inf) whose
// parity ties-to-even and round-to-odd need.
template <Format F>
constexpr uint8_t code_of(uint64_t k, int q) {
    const int e = std::bit_width(k) - 1 + q;
    if constexpr (F == Format::HiF8) {
        if (e < -15)
            return static_cast<uint8_t>(e + 23);
        const int m = hif8_fraction_bits(e);
        const int shift = q - (e - m);
        const uint32_t frac =
            static_cast<uint32_t>((shift >= 0 ? k << shift : k >> -shift) - (uint64_t{1} << m));
        const uint32_t a = static_cast<uint32_t>(e < 0 ? -e : e);
        const uint32_t es = e < 0 ? 1u : 0u;
        uint32_t code;
        if (a == 0) {
            code = 0x08u | frac;
        } else if (a == 1) {
            code = 0x10u | (es << 3) | frac;
        } else if (a <= 3) {
            code = 0x20u | (es << 4) | ((a & 1u) << 3) | frac;
        } else if (a <= 7) {
            code = 0x40u | (es << 4) | ((a & 3u) << 2) | frac;
        } else {
            code = 0x60u | (es << 4) | ((a & 7u) << 1) | frac;
        }
        return static_cast<uint8_t>(code);
    } else {
        using L = Ieee<F>;
        if (e < L::emin)  // subnormal: q is the subnormal spacing, so k is the fraction field
            return static_cast<uint8_t>(k);
        const int shift = q - (e - L::man);
        const uint64_t sig = shift >= 0 ? k << shift : k >> -shift;
        return static_cast<uint8_t>((static_cast<uint32_t>(e + L::bias) << L::man) |
                                    (static_cast<uint32_t>(sig) & ((1u << L::man) - 1u)));
    }
}

template <Format F>
constexpr uint8_t max_code() {
    return FormatInfo<F>::max;
}

// Magnitude code a non-saturating overflow produces.
template <Format F>
constexpr uint8_t overflow_code() {
    if constexpr (F == Format::HiF8) {
        return 0x6F;
    } else {
        return Ieee<F>::overflow;
    }
}

template <Format F>
constexpr uint8_t nan_code(bool negative) {
    if constexpr (F == Format::HiF8) {
        return 0x80;
    } else if constexpr (F == Format::E8M0) {
        return 0xFF;
    } else {
        return static_cast<uint8_t>((negative ? Ieee<F>::sign : 0) | Ieee<F>::nan);
    }
}

template <Format F>
constexpr uint8_t zero_code(bool negative, Saturation sat) {
    if constexpr (F == Format::E8M0) {
        return sat == Saturation::On ? uint8_t{0x00} : uint8_t{0xFF};
    } else if constexpr (F == Format::HiF8) {
        return 0x00;
    } else {
        return negative ? Ieee<F>::sign : uint8_t{0};
    }
}

template <Format F>
constexpr uint8_t overflow(bool negative, Rounding r, Saturation sat) {
    // IEEE 754 7.4: directions that never round away from zero stop at max.
    const bool to_max = sat == Saturation::On || r == Rounding::Trunc || r == Rounding::Odd ||
                        (r == Rounding::Floor && !negative) || (r == Rounding::Ceil && negative);
    const uint8_t mag = to_max ? max_code<F>() : overflow_code<F>();
    return static_cast<uint8_t>((negative ? sign_bit<F>() : 0) | mag);
}

template <Format F>
constexpr uint8_t infinity_input(bool negative, Saturation sat) {
    if constexpr (F == Format::E8M0) {
        if (negative)
            return 0xFF;
    }
    const uint8_t mag = sat == Saturation::On ? max_code<F>() : overflow_code<F>();
    return static_cast<uint8_t>((negative ? sign_bit<F>() : 0) | mag);
}

// Whether an inexact magnitude rounds away from the lower neighbour (whose code is odd or not), given how the
// discarded part compares with half a unit (-1 below, 0 equal, 1 above). Shared with ptosim/core/convert.hpp.
constexpr bool round_up(Rounding r, bool negative, bool lower_odd, int vs_half) {
    switch (r) {
        case Rounding::Trunc:
            return false;
        case Rounding::Floor:
            return negative;
        case Rounding::Ceil:
            return !negative;
        case Rounding::Round:
            return vs_half >= 0;
        case Rounding::Odd:
            return !lower_odd;
        default:  // Rint
            return vs_half > 0 || (vs_half == 0 && lower_odd);
    }
}

// Encodes +-(mant * 2^exp2), the exact value of a finite input.
template <Format F>
constexpr uint8_t encode(bool negative, uint64_t mant, int exp2, Rounding r, Saturation sat) {
    if (mant == 0)
        return zero_code<F>(negative, sat);
    if constexpr (F == Format::E8M0) {
        if (negative)
            return 0xFF;
    }
    const int lz = std::countl_zero(mant);
    mant <<= lz;
    const int e = exp2 - lz + 63;  // the value lies in [2^e, 2^(e+1)); mant's leading one is bit 63
    if (e > emax<F>())
        return overflow<F>(negative, r, sat);
    const int q = quantum<F>(e);
    // k = the value in units of 2^q, truncated; the bits of mant below unit 2^q decide the rounding. e - q is
    // at most 3, so shift >= 60; in the region below the smallest binade it exceeds 63 and k is 0.
    const int shift = 63 - (e - q);
    uint64_t k = 0;
    bool exact = false;
    int vs_half = -1;  // the discarded part compared with half a unit: -1 below, 0 equal, 1 above
    if (shift < 64) {
        k = mant >> shift;
        const uint64_t rem = mant & ((uint64_t{1} << shift) - 1);
        const uint64_t half = uint64_t{1} << (shift - 1);
        exact = rem == 0;
        vs_half = rem < half ? -1 : rem == half ? 0 : 1;
    } else if (shift == 64) {
        vs_half = mant == (uint64_t{1} << 63) ? 0 : 1;
    }
    if (!exact && round_up(r, negative, k != 0 && (code_of<F>(k, q) & 1u) != 0, vs_half))
        ++k;
    if (k == 0)
        return zero_code<F>(negative, sat);
    const int er = std::bit_width(k) - 1 + q;
    constexpr int top = emax<F>();
    // Codes grow with the value inside the top binade, and the slot past max holds NaN or inf.
    if (er > top || (er == top && code_of<F>(k, q) > max_code<F>()))
        return overflow<F>(negative, r, sat);
    return static_cast<uint8_t>((negative ? sign_bit<F>() : 0) | code_of<F>(k, q));
}

// 2^n as a float for -149 <= n <= 127 (subnormal below -126).
constexpr float pow2f(int n) {
    if (n >= -126)
        return std::bit_cast<float>(static_cast<uint32_t>(n + 127) << 23);
    return std::bit_cast<float>(uint32_t{1} << (n + 149));
}

constexpr float signed_nan(bool negative) {
    return std::bit_cast<float>((negative ? 0x80000000u : 0u) | 0x7FC00000u);
}

constexpr float signed_value(bool negative, uint32_t k, int q) {
    const float mag = static_cast<float>(k) * pow2f(q);  // exact: k < 16 and the product is representable
    return negative ? -mag : mag;
}

}  // namespace detail

// Exact value of a code. 4-bit formats read the low nibble.
template <Format F>
constexpr float to_float(uint8_t raw) {
    if constexpr (F == Format::HiF8) {
        const bool negative = (raw & 0x80u) != 0;
        const uint32_t mag = raw & 0x7Fu;
        if (raw == 0x80)
            return detail::signed_nan(true);
        if (mag == 0x6F)
            return negative ? -std::numeric_limits<float>::infinity()
                            : std::numeric_limits<float>::infinity();
        if (mag < 0x08)  // zero and the denormals 2^(m-23)
            return mag == 0 ? 0.0f : detail::signed_value(negative, 1, static_cast<int>(mag) - 23);
        // The dot prefix gives the exponent width; the stored exponent bits follow an implicit leading 1.
        uint32_t exp_sign = (mag >> 4) & 1u;
        uint32_t exp_mag = 0;
        uint32_t frac_bits = 3;
        if (mag >= 0x60) {
            exp_mag = 8u | ((mag >> 1) & 7u);
            frac_bits = 1;
        } else if (mag >= 0x40) {
            exp_mag = 4u | ((mag >> 2) & 3u);
            frac_bits = 2;
        } else if (mag >= 0x20) {
            exp_mag = 2u | ((mag >> 3) & 1u);
        } else if (mag >= 0x10) {
            exp_sign = (mag >> 3) & 1u;
            exp_mag = 1;
        } else {
            exp_sign = 0;  // 0001 mmm: exponent 0
        }
        const int e = exp_sign ? -static_cast<int>(exp_mag) : static_cast<int>(exp_mag);
        const uint32_t frac = mag & ((1u << frac_bits) - 1u);
        return detail::signed_value(negative, (1u << frac_bits) | frac, e - static_cast<int>(frac_bits));
    } else {
        using L = detail::Ieee<F>;
        constexpr uint32_t mask = FormatInfo<F>::bits == 4 ? 0xFu : 0xFFu;
        const uint32_t code = raw & mask;
        const bool negative = (code & L::sign) != 0;
        const uint32_t mag = code & ~static_cast<uint32_t>(L::sign) & mask;
        const uint32_t exp_field = mag >> L::man;
        const uint32_t frac = mag & ((1u << L::man) - 1u);
        if constexpr (F == Format::E4M3) {
            if (mag == 0x7F)
                return detail::signed_nan(negative);
        } else if constexpr (F == Format::E5M2) {
            if (exp_field == 0x1F) {
                if (frac != 0)
                    return detail::signed_nan(negative);
                return negative ? -std::numeric_limits<float>::infinity()
                                : std::numeric_limits<float>::infinity();
            }
        } else if constexpr (F == Format::E8M0) {
            if (mag == 0xFF)
                return detail::signed_nan(false);
        }
        if (L::subnormals && exp_field == 0)
            return detail::signed_value(negative, frac, L::emin - L::man);
        return detail::signed_value(negative, (1u << L::man) | frac,
                                    static_cast<int>(exp_field) - L::bias - L::man);
    }
}

template <Format F>
constexpr uint8_t from_float(float x, Rounding r = Rounding::Rint, Saturation sat = Saturation::Off) {
    const uint32_t bits = std::bit_cast<uint32_t>(x);
    const bool negative = (bits >> 31) != 0;
    const uint32_t exp = (bits >> 23) & 0xFFu;
    const uint32_t frac = bits & 0x7FFFFFu;
    if (exp == 0xFF)
        return frac != 0 ? detail::nan_code<F>(negative) : detail::infinity_input<F>(negative, sat);
    const uint64_t mant = exp == 0 ? frac : (frac | 0x800000u);
    const int exp2 = (exp == 0 ? 1 : static_cast<int>(exp)) - 127 - 23;
    return detail::encode<F>(negative, mant, exp2, r, sat);
}

template <Format F>
constexpr uint8_t from_double(double x, Rounding r = Rounding::Rint, Saturation sat = Saturation::Off) {
    const uint64_t bits = std::bit_cast<uint64_t>(x);
    const bool negative = (bits >> 63) != 0;
    const uint32_t exp = static_cast<uint32_t>((bits >> 52) & 0x7FFu);
    const uint64_t frac = bits & ((uint64_t{1} << 52) - 1);
    if (exp == 0x7FF)
        return frac != 0 ? detail::nan_code<F>(negative) : detail::infinity_input<F>(negative, sat);
    const uint64_t mant = exp == 0 ? frac : (frac | (uint64_t{1} << 52));
    const int exp2 = (exp == 0 ? 1 : static_cast<int>(exp)) - 1023 - 52;
    return detail::encode<F>(negative, mant, exp2, r, sat);
}

// Integers round once from their exact value (going through double would round twice above 2^53).
template <Format F, std::integral I>
requires(sizeof(I) <= sizeof(uint64_t)) constexpr uint8_t
    from_integer(I x, Rounding r = Rounding::Rint, Saturation sat = Saturation::Off) {
    if constexpr (std::is_signed_v<I>) {
        const bool negative = x < 0;
        const uint64_t mag = negative ? uint64_t{0} - static_cast<uint64_t>(static_cast<int64_t>(x))
                                      : static_cast<uint64_t>(x);
        return detail::encode<F>(negative, mag, 0, r, sat);
    } else {
        return detail::encode<F>(false, static_cast<uint64_t>(x), 0, r, sat);
    }
}

// The code of -value: the sign flipped, except where the format cannot represent it (E8M0: NaN; HiF8 zero
// and NaN stay as they are). A 4-bit code keeps the high nibble of its byte.
template <Format F>
constexpr uint8_t negate(uint8_t raw) {
    if constexpr (F == Format::E8M0) {
        return 0xFF;
    } else if constexpr (F == Format::HiF8) {
        return (raw & 0x7Fu) == 0 ? raw : static_cast<uint8_t>(raw ^ 0x80u);
    } else {
        return static_cast<uint8_t>(raw ^ detail::Ieee<F>::sign);
    }
}

// Run-time format selection, for kernels that see the format as a DType.
constexpr float to_float(Format f, uint8_t raw) {
    switch (f) {
        case Format::E4M3:
            return to_float<Format::E4M3>(raw);
        case Format::E5M2:
            return to_float<Format::E5M2>(raw);
        case Format::E8M0:
            return to_float<Format::E8M0>(raw);
        case Format::E2M1:
            return to_float<Format::E2M1>(raw);
        case Format::E1M2:
            return to_float<Format::E1M2>(raw);
        case Format::HiF8:
            break;
    }
    return to_float<Format::HiF8>(raw);
}

constexpr uint8_t from_float(Format f, float x, Rounding r, Saturation sat) {
    switch (f) {
        case Format::E4M3:
            return from_float<Format::E4M3>(x, r, sat);
        case Format::E5M2:
            return from_float<Format::E5M2>(x, r, sat);
        case Format::E8M0:
            return from_float<Format::E8M0>(x, r, sat);
        case Format::E2M1:
            return from_float<Format::E2M1>(x, r, sat);
        case Format::E1M2:
            return from_float<Format::E1M2>(x, r, sat);
        case Format::HiF8:
            break;
    }
    return from_float<Format::HiF8>(x, r, sat);
}

constexpr uint8_t from_double(Format f, double x, Rounding r, Saturation sat) {
    switch (f) {
        case Format::E4M3:
            return from_double<Format::E4M3>(x, r, sat);
        case Format::E5M2:
            return from_double<Format::E5M2>(x, r, sat);
        case Format::E8M0:
            return from_double<Format::E8M0>(x, r, sat);
        case Format::E2M1:
            return from_double<Format::E2M1>(x, r, sat);
        case Format::E1M2:
            return from_double<Format::E1M2>(x, r, sat);
        case Format::HiF8:
            break;
    }
    return from_double<Format::HiF8>(x, r, sat);
}

}  // namespace ptosim::narrow

namespace ptosim {

// One element of a narrow format as a value type (pto-isa's float8_e4m3_t, hifloat8_t, ...; see
// pto/cpu/MXTypes.hpp). It holds the raw code in one byte; a 4-bit format's value is the low nibble (the
// packed "x2" types keep two elements per byte only in arrays, through GetProperDataPart/SetProperDataPart).
// Construction from float, double and integers rounds once, to nearest with ties to even (HiF8: ties away
// from zero, its hardware and en_dtypes rounding), without saturation. Arithmetic is done in float (exact
// for every value) and yields float, as if the element were a float; conversions out are explicit so that an
// element never silently turns into a number of another type.
template <narrow::Format F>
class NarrowFloat {
    template <typename T>
    static constexpr bool kArithmetic = std::is_arithmetic_v<T>;
    // bool <=> double is ill-formed, so comparisons take numbers other than bool.
    template <typename T>
    static constexpr bool kComparable = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

  public:
    NarrowFloat() = default;
    constexpr NarrowFloat(float f) : bits_(narrow::from_float<F>(f, kRounding)) {}
    constexpr NarrowFloat(double d) : bits_(narrow::from_double<F>(d, kRounding)) {}
    template <std::integral I>
    requires(sizeof(I) <= sizeof(uint64_t)) constexpr NarrowFloat(I i)
        : bits_(narrow::from_integer<F>(i, kRounding)) {}

    static constexpr NarrowFloat FromRaw(uint8_t raw) {
        NarrowFloat v;
        v.bits_ = raw;
        return v;
    }
    constexpr uint8_t RawData() const { return bits_; }

    template <typename T>
    requires std::is_arithmetic_v<T>
    explicit constexpr operator T() const { return static_cast<T>(narrow::to_float<F>(bits_)); }

    constexpr NarrowFloat operator+() const { return *this; }
    constexpr NarrowFloat operator-() const { return FromRaw(narrow::negate<F>(bits_)); }

    template <typename T>
    constexpr NarrowFloat& operator+=(T v) {
        return *this = NarrowFloat(*this + v);
    }
    template <typename T>
    constexpr NarrowFloat& operator-=(T v) {
        return *this = NarrowFloat(*this - v);
    }
    template <typename T>
    constexpr NarrowFloat& operator*=(T v) {
        return *this = NarrowFloat(*this * v);
    }
    template <typename T>
    constexpr NarrowFloat& operator/=(T v) {
        return *this = NarrowFloat(*this / v);
    }

    template <narrow::Format G>
    friend constexpr float operator+(NarrowFloat a, NarrowFloat<G> b) {
        return static_cast<float>(a) + static_cast<float>(b);
    }
    template <narrow::Format G>
    friend constexpr float operator-(NarrowFloat a, NarrowFloat<G> b) {
        return static_cast<float>(a) - static_cast<float>(b);
    }
    template <narrow::Format G>
    friend constexpr float operator*(NarrowFloat a, NarrowFloat<G> b) {
        return static_cast<float>(a) * static_cast<float>(b);
    }
    template <narrow::Format G>
    friend constexpr float operator/(NarrowFloat a, NarrowFloat<G> b) {
        return static_cast<float>(a) / static_cast<float>(b);
    }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator+(NarrowFloat a, T b) { return static_cast<float>(a) + b; }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator+(T a, NarrowFloat b) { return a + static_cast<float>(b); }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator-(NarrowFloat a, T b) { return static_cast<float>(a) - b; }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator-(T a, NarrowFloat b) { return a - static_cast<float>(b); }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator*(NarrowFloat a, T b) { return static_cast<float>(a) * b; }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator*(T a, NarrowFloat b) { return a * static_cast<float>(b); }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator/(NarrowFloat a, T b) { return static_cast<float>(a) / b; }
    template <typename T>
    requires kArithmetic<T>
    friend constexpr auto operator/(T a, NarrowFloat b) { return a / static_cast<float>(b); }

    // Comparisons are by value: NaN is unordered, +0 == -0. A number is compared exactly (through double),
    // not after rounding it to this format.
    template <narrow::Format G>
    friend constexpr bool operator==(NarrowFloat a, NarrowFloat<G> b) {
        return static_cast<float>(a) == static_cast<float>(b);
    }
    template <narrow::Format G>
    friend constexpr std::partial_ordering operator<=>(NarrowFloat a, NarrowFloat<G> b) {
        return static_cast<float>(a) <=> static_cast<float>(b);
    }
    template <typename T>
    requires kComparable<T>
    friend constexpr bool operator==(NarrowFloat a, T b) { return static_cast<double>(a) == b; }
    template <typename T>
    requires kComparable<T>
    friend constexpr std::partial_ordering operator<=>(NarrowFloat a, T b) {
        return static_cast<double>(a) <=> b;
    }

    template <typename CharT, typename Traits>
    friend std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os,
                                                         NarrowFloat v) {
        return os << static_cast<float>(v);
    }

  private:
    static constexpr narrow::Rounding kRounding =
        F == narrow::Format::HiF8 ? narrow::Rounding::Round : narrow::Rounding::Rint;

    uint8_t bits_ = 0;
};

}  // namespace ptosim

// numeric_limits from the format's FormatInfo. Members a format does not have (infinity() of E4M3,
// quiet_NaN() of E2M1, ...) return T(), as the primary template does; their has_* flag is false.
template <ptosim::narrow::Format F>
class std::numeric_limits<ptosim::NarrowFloat<F>> {
    using Info = ptosim::narrow::FormatInfo<F>;
    using T = ptosim::NarrowFloat<F>;

  public:
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = Info::is_signed;
    static constexpr bool is_integer = false;
    static constexpr bool is_exact = false;
    static constexpr bool has_infinity = Info::has_infinity;
    static constexpr bool has_quiet_NaN = Info::has_quiet_NaN;
    static constexpr bool has_signaling_NaN = Info::has_signaling_NaN;
    static constexpr std::float_denorm_style has_denorm =
        Info::has_denorm ? std::denorm_present : std::denorm_absent;
    static constexpr bool has_denorm_loss = false;
    static constexpr std::float_round_style round_style = std::round_to_nearest;
    static constexpr bool is_iec559 = false;
    static constexpr bool is_bounded = true;
    static constexpr bool is_modulo = false;
    static constexpr int digits = Info::digits;
    static constexpr int digits10 = Info::digits10;
    static constexpr int max_digits10 = Info::max_digits10;
    static constexpr int radix = 2;
    static constexpr int min_exponent = Info::min_exponent;
    static constexpr int min_exponent10 = Info::min_exponent10;
    static constexpr int max_exponent = Info::max_exponent;
    static constexpr int max_exponent10 = Info::max_exponent10;
    static constexpr bool traps = false;
    static constexpr bool tinyness_before = false;
    static constexpr T min() noexcept { return T::FromRaw(Info::min); }
    static constexpr T max() noexcept { return T::FromRaw(Info::max); }
    static constexpr T lowest() noexcept { return T::FromRaw(Info::lowest); }
    static constexpr T epsilon() noexcept { return T::FromRaw(Info::epsilon); }
    static constexpr T round_error() noexcept { return T::FromRaw(Info::round_error); }
    static constexpr T infinity() noexcept { return T::FromRaw(Info::infinity); }
    static constexpr T quiet_NaN() noexcept { return T::FromRaw(Info::quiet_NaN); }
    static constexpr T signaling_NaN() noexcept { return T::FromRaw(Info::signaling_NaN); }
    static constexpr T denorm_min() noexcept { return T::FromRaw(Info::denorm_min); }
};
