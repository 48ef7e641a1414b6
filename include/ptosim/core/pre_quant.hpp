// The cube side's output conversions: how one element of a source type becomes one element of a destination
// type when TMOV, TEXTRACT, TINSERT or TSTORE moves it, optionally with ReLU and with the "pre-quant" of the
// fixpipe driven by a 64-bit quantisation word. pto-isa's QuantMode_t names and numbers. docs/isa/TMOV.md and
// docs/isa/TSTORE.md state the rules; this is their one implementation.
//
// Without quantisation an element is converted as C++'s static_cast does on x86: same type = the same bits;
// float -> integer truncates toward zero through an int32 (int64 for 32- and 64-bit unsigned destinations)
// intermediate whose low bits are kept (NaN and out-of-range values give its minimum); everything else
// rounds to nearest even, overflowing to infinity.
//
// With a quantisation word q (TEXTRACT / TINSERT / TSTORE with a scalar, their _FP forms with one word per
// column, the fixpipe): the element x, as a float, is multiplied by the scale m1 of q (a float multiply),
// then
//   B8 modes (QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8): + offset q[45:37] (unsigned), rounded to nearest even,
//       clamped to [-128, 127] when q[46] (the sign bit) is set, else [0, 255];
//   DEQF16, VDEQF16: clamped to +-65504;
//   QF322F16_PRE: finite values clamped to +-65504; with saturation on, +-inf also and NaN becomes 0;
//   QF322BF16_PRE, F322BF16: the same with +-FLT_MAX (only infinities and NaN change);
//   SHIFTS322S16, VSHIFTS322S16: the int32 element shifted right arithmetically by q[35:32] + 1 and wrapped
//       to int16 (no scale);
//   others: the multiply only;
// then ReLU if asked (x > 0 ? x : 0, so NaN and -0 become +0), then the float is converted to the destination
// type as above. The scale: scalar modes take the float whose bits are q[31:0]; vector modes (VQF322B8_PRE,
// VREQ8, VDEQF16) the 19 bits q[31:13] as sign, 8-bit exponent e and 10-bit fraction f: 0 when e == 0 and
// f == 0, else +-(1 + f / 1024) * 2^(e - 127) (no subnormals; e == 255 gives infinity).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "ptosim/core/convert.hpp"
#include "ptosim/core/dtype.hpp"

namespace ptosim::prequant {

enum class Mode : uint8_t {
    NoQuant = 0,
    F322F16 = 1,
    VREQ8 = 2,
    REQ8 = 3,
    VDEQF16 = 4,
    DEQF16 = 5,
    VSHIFTS322S16 = 12,
    SHIFTS322S16 = 13,
    F322BF16 = 16,
    VQF322B8_PRE = 23,
    QF322B8_PRE = 24,
    QF322F16_PRE = 32,
    QF322BF16_PRE = 34,
    QS322BF16_PRE = 35,
    VQS322BF16_PRE = 36,
};

// How ReLU applies: Positive = x > 0 ? x : 0 on the value before conversion (TEXTRACT, TINSERT, TSTORE; NaN
// and -0 become +0); Negative = negative results set to 0 after conversion (TMOV; NaN and -0 are kept).
enum class Relu : uint8_t { None, Positive, Negative };

// The mode a quantising move with one scalar word uses for a source / destination pair (NoQuant: the word
// is ignored).
constexpr Mode scalar_mode(DType src, DType dst) {
    if (src == DType::F32) {
        if (dst == DType::S8 || dst == DType::U8)
            return Mode::QF322B8_PRE;
        if (dst == DType::F16)
            return Mode::QF322F16_PRE;
        if (dst == DType::BF16)
            return Mode::QF322BF16_PRE;
    } else if (src == DType::S32) {
        if (dst == DType::S8 || dst == DType::U8)
            return Mode::REQ8;
        if (dst == DType::F16)
            return Mode::DEQF16;
        if (dst == DType::S16)
            return Mode::SHIFTS322S16;
    }
    return Mode::NoQuant;
}

// The mode a quantising move with one word per column (an fp tile) uses.
constexpr Mode vector_mode(DType src, DType dst) {
    if (src == DType::F32) {
        if (dst == DType::S8 || dst == DType::U8)
            return Mode::VQF322B8_PRE;
    } else if (src == DType::S32) {
        if (dst == DType::S8 || dst == DType::U8)
            return Mode::VREQ8;
        if (dst == DType::F16)
            return Mode::VDEQF16;
        if (dst == DType::S16)
            return Mode::VSHIFTS322S16;
    }
    return Mode::NoQuant;
}

// Modes whose scale is the 19-bit short float of a vector word.
constexpr bool short_scale(Mode m) {
    return m == Mode::VQF322B8_PRE || m == Mode::VREQ8 || m == Mode::VDEQF16;
}

inline float scale_of(Mode m, uint64_t q) {
    if (!short_scale(m))
        return std::bit_cast<float>(static_cast<uint32_t>(q));
    const auto bits = static_cast<uint32_t>((q >> 13) & 0x7FFFFu);
    const uint32_t e = (bits >> 10) & 0xFFu, f = bits & 0x3FFu;
    if (e == 0 && f == 0)
        return 0.0f;
    const float mag = (1.0f + static_cast<float>(f) / 1024.0f) * std::ldexp(1.0f, static_cast<int>(e) - 127);
    return (bits >> 18) != 0 ? -mag : mag;
}

// static_cast<dst>(x) on x86 for x of type src (both convertible), as bits.
constexpr uint64_t cast_bits(DType src, DType dst, uint64_t bits) {
    if (src == dst)
        return bits;
    const bool truncate = !convert::is_integer(src) && convert::is_integer(dst);
    return convert::convert_bits(src, dst, bits,
                                 truncate ? convert::Rounding::Trunc : convert::Rounding::Rint,
                                 convert::Saturation::Off);
}

// x > 0 and x < 0 for bits of type t (NaN is neither).
constexpr bool positive(DType t, uint64_t bits) {
    const auto x = convert::detail::decode(t, bits);
    using K = convert::detail::Exact::Kind;
    return !x.negative && (x.kind == K::Inf || (x.kind == K::Finite && x.mant != 0));
}
constexpr bool negative(DType t, uint64_t bits) {
    const auto x = convert::detail::decode(t, bits);
    using K = convert::detail::Exact::Kind;
    return x.negative && (x.kind == K::Inf || (x.kind == K::Finite && x.mant != 0));
}

// One element: the bits of src-typed x to the bits of dst under mode m with word q. saturate: the task's
// saturation switch (pto-isa's task-cookie bit 48).
inline uint64_t convert_element(DType src, DType dst, uint64_t x, Mode m, uint64_t q, Relu relu,
                                bool saturate) {
    if (m == Mode::NoQuant) {
        if (relu == Relu::Positive && !positive(src, x))
            x = 0;
        uint64_t y = cast_bits(src, dst, x);
        if (relu == Relu::Negative && negative(dst, y))
            y = 0;
        return y;
    }
    float f = 0;
    if (m == Mode::SHIFTS322S16 || m == Mode::VSHIFTS322S16) {
        const auto v = static_cast<int32_t>(static_cast<uint32_t>(x));
        const int shift = static_cast<int>((q >> 32) & 0xFu) + 1;
        f = static_cast<float>(
            static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(v >> shift))));
    } else {
        const float v = std::bit_cast<float>(static_cast<uint32_t>(cast_bits(src, DType::F32, x)));
        f = v * scale_of(m, q);
        constexpr float kHalfMax = 65504.0f;
        constexpr float kFloatMax = std::numeric_limits<float>::max();
        switch (m) {
            case Mode::QF322B8_PRE:
            case Mode::VQF322B8_PRE:
            case Mode::REQ8:
            case Mode::VREQ8: {
                const auto offset = static_cast<float>(static_cast<uint32_t>((q >> 37) & 0x1FFu));
                const bool sign = ((q >> 46) & 1u) != 0;
                const float r = std::nearbyint(f + offset);
                const float lo = sign ? -128.0f : 0.0f, hi = sign ? 127.0f : 255.0f;
                f = r < lo ? lo : (hi < r ? hi : r);  // NaN stays NaN, as std::clamp leaves it
                break;
            }
            case Mode::DEQF16:
            case Mode::VDEQF16:
                f = f < -kHalfMax ? -kHalfMax : (kHalfMax < f ? kHalfMax : f);
                break;
            case Mode::QF322F16_PRE:
            case Mode::QF322BF16_PRE:
            case Mode::F322BF16: {
                const float lim = m == Mode::QF322F16_PRE ? kHalfMax : kFloatMax;
                if (std::isnan(f) && saturate)
                    f = 0.0f;
                else if (std::isfinite(f) || saturate)
                    f = f < -lim ? -lim : (lim < f ? lim : f);
                break;
            }
            default:
                break;
        }
    }
    if (relu != Relu::None && !(f > 0.0f))
        f = 0.0f;
    return cast_bits(DType::F32, dst, std::bit_cast<uint32_t>(f));
}

}  // namespace ptosim::prequant
