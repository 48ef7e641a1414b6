// The element rules of MX quantisation (TQUANT's MXFP8 / MXFP4_E2M1 forms, docs/isa/TQUANT.md): a block of 32
// values shares one power-of-two scale, stored as an E8M0 exponent; each value times the block's scaling
// factor is encoded as FP8 E4M3 or FP4 E2M1. Header-only, because pto-isa's test suites call these rules from
// their checks (pto::cpu_quant, include/pto/cpu/quant_helpers.hpp) and the kernels use the same definitions.
//
// Two ways to choose the block exponent (pto-isa's QuantScaleAlg):
// - Ocp (the OCP MX specification): the block maximum's float exponent less the element format's largest
//   exponent (8 for E4M3, 2 for E2M1), at least 0; a NaN maximum gives 0xFF.
// - Nv: the exponent of max / 448 (E4M3) or max / 6 (E2M1), rounded up to the next power of two unless the
//   quotient is one (a subnormal quotient at most 2^-127 rounds down); inf gives 0xFE, NaN 0xFF, 0 gives 0.
// The scaling factor is 2^(127 - e) (2^-127 where that underflows, and for e = 0xFE with Nv); e = 0xFF gives
// the block maximum itself (NaN, or what the exponent rule saturated).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "ptosim/core/narrow_float.hpp"

namespace ptosim::mx {

enum class Element : uint8_t { E4M3, E2M1 };  // the element format: MXFP8 (E4M3) or MXFP4_E2M1
enum class ScaleAlg : uint8_t { Ocp, Nv };    // pto-isa's QuantScaleAlg
inline constexpr int kBlock = 32;             // values per shared exponent

// The upper 16 bits of |x| (bfloat16 truncated toward zero), as an unsigned integer.
constexpr uint16_t abs_bf16_bits(float x) {
    return static_cast<uint16_t>((std::bit_cast<uint32_t>(x) >> 16) & 0x7FFFu);
}
constexpr float bf16_bits_to_float(uint16_t b) {
    return std::bit_cast<float>(static_cast<uint32_t>(b) << 16);
}

// The block maximum, fed one value at a time. E4M3 (both algorithms): the largest |x|, NaNs skipped. E2M1
// with Nv: the largest |x|, NaN as soon as one value is NaN. E2M1 with Ocp: the largest |x| truncated to
// bfloat16 (compared as bit patterns, so a NaN wins over every number).
class BlockMax {
  public:
    constexpr BlockMax(Element e, ScaleAlg a)
        : bf16_(e == Element::E2M1 && a == ScaleAlg::Ocp),
          nan_wins_(e == Element::E2M1 && a == ScaleAlg::Nv) {}
    constexpr void add(float x) {
        if (bf16_) {
            const uint16_t b = abs_bf16_bits(x);
            bits_ = b > bits_ ? b : bits_;
        } else if (x != x) {
            nan_ |= nan_wins_;
        } else {
            const float a = x < 0 ? -x : x;
            max_ = a > max_ ? a : max_;
        }
    }
    constexpr float value() const {
        if (bf16_)
            return bf16_bits_to_float(bits_);
        return nan_ ? std::bit_cast<float>(0x7FC00000u) : max_;
    }

  private:
    bool bf16_, nan_wins_;
    bool nan_ = false;
    uint16_t bits_ = 0;
    float max_ = 0.0f;
};

// The block's E8M0 exponent from its maximum.
constexpr uint8_t shared_exponent(Element e, ScaleAlg a, float max) {
    if (a == ScaleAlg::Ocp) {
        const uint32_t bits = std::bit_cast<uint32_t>(max);
        const uint32_t exp = (bits >> 23) & 0xFFu, man = bits & 0x7FFFFFu;
        if (exp == 0xFFu && man != 0)
            return 0xFF;
        const uint32_t emax = e == Element::E4M3 ? 8u : 2u;
        return static_cast<uint8_t>(exp <= emax ? 0u : exp - emax);
    }
    if (max == 0.0f)
        return 0;
    const float quotient = max * (e == Element::E4M3 ? 1.0f / 448.0f : 1.0f / 6.0f);
    const uint32_t bits = std::bit_cast<uint32_t>(quotient);
    const uint32_t exp = (bits >> 23) & 0xFFu, man = bits & 0x7FFFFFu;
    if (exp == 0xFFu)
        return man == 0 ? 0xFE : 0xFF;
    const bool up = man != 0 && exp != 0xFEu && !(exp == 0 && man <= 0x400000u);
    return static_cast<uint8_t>(exp + (up ? 1u : 0u));
}

// The factor each value of the block is multiplied by before encoding.
constexpr float scaling(ScaleAlg a, float max, uint8_t exp) {
    if (exp == 0xFF)
        return max;
    if (a == ScaleAlg::Nv && exp == 0xFE)
        return 0x1p-127f;
    const float s = std::bit_cast<float>(static_cast<uint32_t>(254u - exp) << 23);
    return s == 0.0f ? 0x1p-127f : s;
}

// FP8 E4M3 code of x: nearest, ties to the even code, saturating at +-448; zeros keep their sign; NaN gives
// 0x7F (the devices' vcvt with ROUND_R and saturation).
constexpr uint8_t encode_e4m3(float x) {
    if (x != x)
        return 0x7F;
    return narrow::from_float<narrow::Format::E4M3>(x, narrow::Rounding::Rint, narrow::Saturation::On);
}

// FP4 E2M1 code of x (low nibble): nearest, ties to the even code, saturating at +-6 (+-inf too); NaN gives
// 0x7 (A5's TQuant code computation clamps the exponent and then selects the unsigned code for NaN lanes).
constexpr uint8_t encode_e2m1(float x) {
    if (x != x)
        return 0x7;
    return narrow::from_float<narrow::Format::E2M1>(x, narrow::Rounding::Rint, narrow::Saturation::On);
}

// The element code of x times the block's factor (a NaN factor gives 0x7 for E2M1, 0x7F for E4M3).
constexpr uint8_t encode(Element e, float x, float factor) {
    const float v = x * factor;
    return e == Element::E4M3 ? encode_e4m3(v) : encode_e2m1(v);
}

}  // namespace ptosim::mx
