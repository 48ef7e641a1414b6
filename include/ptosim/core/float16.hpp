// IEEE binary16 (`half`) and bfloat16 as small value classes.
//
// Why classes and not the compiler's _Float16 / __bf16: those types exist only on some compilers and targets,
// and older pto-isa CPU builds even alias bfloat16 to _Float16. A class gives the same bits everywhere,
// constexpr conversions with round-to-nearest-even, and arithmetic through float (which is exact for every
// half/bf16 value).
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace ptosim {

namespace fp16_detail {

// A small binary floating-point format: FracBits stored fraction bits, ExpBits exponent bits, IEEE-style.
template <int FracBits, int ExpBits>
struct Format {
    static constexpr int bias = (1 << (ExpBits - 1)) - 1;
    static constexpr int emin = 1 - bias;
    static constexpr int emax = bias;
    static constexpr uint32_t inf = ((1u << ExpBits) - 1u) << FracBits;
    static constexpr uint32_t qnan = inf | (1u << (FracBits - 1));
};
using Half = Format<10, 5>;
using BFloat = Format<7, 8>;

// Round the positive value mant * 2^exp2 (mant != 0) to format F, round-to-nearest-even, and return the
// unsigned bit pattern (F::inf on overflow). The caller passes an exact (mant, exp2) pair taken from a float
// or a double, so there is exactly one rounding step.
template <typename F, int FracBits = std::countr_zero(F::inf)>
constexpr uint32_t round_magnitude(uint64_t mant, int exp2) {
    const int lz = std::countl_zero(mant);
    mant <<= lz;
    const int e = exp2 - lz + 63;  // value = 1.xxx * 2^e, leading one at bit 63
    if (e > F::emax)
        return F::inf;
    int shift;  // fraction bits of mant below the integer result
    if (e >= F::emin) {
        shift = 63 - FracBits;
    } else {
        shift = 63 - (e - F::emin + FracBits);  // subnormal: result = round(value * 2^(FracBits - emin))
        if (shift > 64)
            return 0;
        if (shift == 64)
            return mant > (uint64_t{1} << 63) ? 1u : 0u;
    }
    uint64_t r = mant >> shift;
    const uint64_t rem = mant & ((uint64_t{1} << shift) - 1);
    const uint64_t halfway = uint64_t{1} << (shift - 1);
    if (rem > halfway || (rem == halfway && (r & 1)))
        ++r;
    if (e < F::emin)
        return static_cast<uint32_t>(r);  // r == 1 << FracBits is the smallest normal: same bits
    // r in [1 << FracBits, 2 << FracBits]; a carry into the exponent is handled by the addition.
    const uint64_t bits = (static_cast<uint64_t>(e + F::bias) << FracBits) + (r - (uint64_t{1} << FracBits));
    return bits >= F::inf ? F::inf : static_cast<uint32_t>(bits);
}

template <typename F>
constexpr uint16_t from_float(float f) {
    constexpr int frac_bits = std::countr_zero(F::inf);
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint32_t sign = (x >> 31) << (frac_bits + std::popcount(F::inf));
    const uint32_t exp = (x >> 23) & 0xFFu;
    const uint32_t frac = x & 0x7FFFFFu;
    if (exp == 0xFF) {
        if (frac == 0)
            return static_cast<uint16_t>(sign | F::inf);
        return static_cast<uint16_t>(sign | F::qnan | (frac >> (23 - frac_bits)));  // quiet NaN, payload kept
    }
    if (exp == 0 && frac == 0)
        return static_cast<uint16_t>(sign);
    const uint64_t mant = exp == 0 ? frac : (frac | 0x800000u);
    const int exp2 = (exp == 0 ? 1 : static_cast<int>(exp)) - 127 - 23;
    return static_cast<uint16_t>(sign | round_magnitude<F>(mant, exp2));
}

template <typename F>
constexpr uint16_t from_double(double d) {
    constexpr int frac_bits = std::countr_zero(F::inf);
    const uint64_t x = std::bit_cast<uint64_t>(d);
    const uint32_t sign = static_cast<uint32_t>(x >> 63) << (frac_bits + std::popcount(F::inf));
    const uint32_t exp = static_cast<uint32_t>((x >> 52) & 0x7FFu);
    const uint64_t frac = x & ((uint64_t{1} << 52) - 1);
    if (exp == 0x7FF) {
        if (frac == 0)
            return static_cast<uint16_t>(sign | F::inf);
        return static_cast<uint16_t>(sign | F::qnan | static_cast<uint32_t>(frac >> (52 - frac_bits)));
    }
    if (exp == 0 && frac == 0)
        return static_cast<uint16_t>(sign);
    const uint64_t mant = exp == 0 ? frac : (frac | (uint64_t{1} << 52));
    const int exp2 = (exp == 0 ? 1 : static_cast<int>(exp)) - 1023 - 52;
    return static_cast<uint16_t>(sign | round_magnitude<F>(mant, exp2));
}

constexpr float half_to_float(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1Fu;
    const uint32_t frac = h & 0x3FFu;
    if (exp == 0x1F)
        return std::bit_cast<float>(sign | 0x7F800000u | (frac << 13));
    if (exp == 0) {
        // Subnormal or zero: frac * 2^-24 is exact in float.
        const float mag = static_cast<float>(frac) * std::bit_cast<float>(0x33800000u);
        return sign ? -mag : mag;
    }
    return std::bit_cast<float>(sign | ((exp + 112u) << 23) | (frac << 13));
}

constexpr float bf16_to_float(uint16_t b) {
    return std::bit_cast<float>(static_cast<uint32_t>(b) << 16);
}

}  // namespace fp16_detail

// A 16-bit floating-point value of format F (fp16_detail::Half or BFloat): conversions from float, double and
// integers round to nearest even; arithmetic goes through float, which holds every value exactly.
template <typename F>
class SmallFloat {
  public:
    SmallFloat() = default;
    constexpr SmallFloat(float f) : bits_(fp16_detail::from_float<F>(f)) {}
    constexpr SmallFloat(double d) : bits_(fp16_detail::from_double<F>(d)) {}
    template <typename I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
    constexpr SmallFloat(I i) : bits_(fp16_detail::from_double<F>(static_cast<double>(i))) {}

    static constexpr SmallFloat from_bits(uint16_t b) {
        SmallFloat h;
        h.bits_ = b;
        return h;
    }
    constexpr uint16_t bits() const { return bits_; }
    constexpr operator float() const {
        if constexpr (std::is_same_v<F, fp16_detail::Half>) {
            return fp16_detail::half_to_float(bits_);
        } else {
            return fp16_detail::bf16_to_float(bits_);
        }
    }

    constexpr SmallFloat& operator+=(float v) { return *this = SmallFloat(float(*this) + v); }
    constexpr SmallFloat& operator-=(float v) { return *this = SmallFloat(float(*this) - v); }
    constexpr SmallFloat& operator*=(float v) { return *this = SmallFloat(float(*this) * v); }
    constexpr SmallFloat& operator/=(float v) { return *this = SmallFloat(float(*this) / v); }
    constexpr SmallFloat operator-() const { return from_bits(static_cast<uint16_t>(bits_ ^ 0x8000u)); }

  private:
    uint16_t bits_ = 0;
};

// IEEE 754 binary16.
using float16 = SmallFloat<fp16_detail::Half>;
// bfloat16: the top half of an IEEE binary32.
using bfloat16 = SmallFloat<fp16_detail::BFloat>;

static_assert(sizeof(float16) == 2 && std::is_trivially_copyable_v<float16>);
static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>);

}  // namespace ptosim

// numeric_limits, so kernel code written against _Float16 keeps working (infinity(), max(), lowest(), ...).
template <>
class std::numeric_limits<ptosim::float16> {
  public:
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = true;
    static constexpr bool is_integer = false;
    static constexpr bool is_exact = false;
    static constexpr bool has_infinity = true;
    static constexpr bool has_quiet_NaN = true;
    static constexpr bool has_signaling_NaN = true;
    static constexpr bool is_iec559 = true;
    static constexpr int digits = 11;
    static constexpr int radix = 2;
    static constexpr int min_exponent = -13;
    static constexpr int max_exponent = 16;
    static constexpr ptosim::float16 min() noexcept { return ptosim::float16::from_bits(0x0400); }
    static constexpr ptosim::float16 max() noexcept { return ptosim::float16::from_bits(0x7BFF); }
    static constexpr ptosim::float16 lowest() noexcept { return ptosim::float16::from_bits(0xFBFF); }
    static constexpr ptosim::float16 epsilon() noexcept { return ptosim::float16::from_bits(0x1400); }
    static constexpr ptosim::float16 infinity() noexcept { return ptosim::float16::from_bits(0x7C00); }
    static constexpr ptosim::float16 quiet_NaN() noexcept { return ptosim::float16::from_bits(0x7E00); }
    static constexpr ptosim::float16 signaling_NaN() noexcept { return ptosim::float16::from_bits(0x7D00); }
    static constexpr ptosim::float16 denorm_min() noexcept { return ptosim::float16::from_bits(0x0001); }
};

template <>
class std::numeric_limits<ptosim::bfloat16> {
  public:
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = true;
    static constexpr bool is_integer = false;
    static constexpr bool is_exact = false;
    static constexpr bool has_infinity = true;
    static constexpr bool has_quiet_NaN = true;
    static constexpr bool has_signaling_NaN = true;
    static constexpr bool is_iec559 = false;
    static constexpr int digits = 8;
    static constexpr int radix = 2;
    static constexpr int min_exponent = -125;
    static constexpr int max_exponent = 128;
    static constexpr ptosim::bfloat16 min() noexcept { return ptosim::bfloat16::from_bits(0x0080); }
    static constexpr ptosim::bfloat16 max() noexcept { return ptosim::bfloat16::from_bits(0x7F7F); }
    static constexpr ptosim::bfloat16 lowest() noexcept { return ptosim::bfloat16::from_bits(0xFF7F); }
    static constexpr ptosim::bfloat16 epsilon() noexcept { return ptosim::bfloat16::from_bits(0x3C00); }
    static constexpr ptosim::bfloat16 infinity() noexcept { return ptosim::bfloat16::from_bits(0x7F80); }
    static constexpr ptosim::bfloat16 quiet_NaN() noexcept { return ptosim::bfloat16::from_bits(0x7FC0); }
    static constexpr ptosim::bfloat16 signaling_NaN() noexcept { return ptosim::bfloat16::from_bits(0x7FA0); }
    static constexpr ptosim::bfloat16 denorm_min() noexcept { return ptosim::bfloat16::from_bits(0x0001); }
};
