// Fast TCVT for the conversions mixed-precision kernels run all the time, row-major tiles only:
//   half -> float, bfloat16 -> float          exact widening (bit manipulation, quieting NaNs)
//   float -> half, float -> bfloat16         round to nearest even, saturating or not
//   float -> int32                            every direction but round-to-odd, saturating or not
//   int32 -> float                            round to nearest even
//   half -> int8, half -> uint8               every direction but round-to-odd, saturating or wrapping
// Each gives the bits of ptosim::convert::convert_bits (tests/kernels/convert_test.cpp compares them on every
// target); every other pair, direction or layout runs the reference kernel. The float -> half subnormal path
// and int32 -> float use the FPU's rounding, which is round-to-nearest-even unless a program changes it.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/convert.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstdint>
#include <cstring>

#include "ptosim/ops/convert.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace {
namespace hn = hwy::HWY_NAMESPACE;
using convert::Rounding;
using convert::Saturation;

// The scalar tail: the one conversion function.
template <typename S, typename D>
void ScalarTail(D* dst, const S* src, int32_t c, int32_t n, DType st, DType dt, Rounding r, Saturation sat) {
    for (; c < n; ++c) {
        uint64_t bits = 0;
        std::memcpy(&bits, src + c, sizeof(S));
        const uint64_t v = convert::convert_bits(st, dt, bits, r, sat);
        std::memcpy(dst + c, &v, sizeof(D));
    }
}

// half bits (in the low 16 bits of 32-bit lanes) -> float bits.
template <class DU>
hn::Vec<DU> HalfToFloat(DU du, hn::Vec<DU> h) {
    const hn::Repartition<float, DU> df;
    const auto sign = hn::ShiftLeft<16>(hn::And(h, hn::Set(du, 0x8000u)));
    const auto mag = hn::And(h, hn::Set(du, 0x7FFFu));
    // Finite: the magnitude's bits moved to float's fields and scaled by 2^112 (exact; subnormals normalise).
    const auto two_112 = hn::BitCast(df, hn::Set(du, (127u + 112u) << 23));
    const auto scaled = hn::BitCast(du, hn::Mul(hn::BitCast(df, hn::ShiftLeft<13>(mag)), two_112));
    // Inf and NaN: all-ones exponent, the fraction kept, NaNs quieted.
    const auto frac = hn::ShiftLeft<13>(hn::And(h, hn::Set(du, 0x3FFu)));
    const hn::RebindToSigned<DU> di;
    const auto imag = hn::BitCast(di, mag);
    const auto quiet =
        hn::IfThenElseZero(hn::RebindMask(du, hn::Gt(imag, hn::Set(di, 0x7C00))), hn::Set(du, 0x00400000u));
    const auto special = hn::Or(hn::Or(hn::Set(du, 0x7F800000u), frac), quiet);
    const auto is_special = hn::Gt(imag, hn::Set(di, 0x7BFF));  // Highway 1.0 has no integer Ge
    return hn::Or(sign, hn::IfThenElse(hn::RebindMask(du, is_special), special, scaled));
}

// bfloat16 bits (in the low 16 bits of 32-bit lanes) -> float bits: moved up, NaNs quieted.
template <class DU>
hn::Vec<DU> Bf16ToFloat(DU du, hn::Vec<DU> h) {
    const hn::RebindToSigned<DU> di;
    const auto nan = hn::Gt(hn::BitCast(di, hn::And(h, hn::Set(du, 0x7FFFu))), hn::Set(di, 0x7F80));
    return hn::Or(hn::ShiftLeft<16>(h), hn::IfThenElseZero(hn::RebindMask(du, nan), hn::Set(du, 0x400000u)));
}

// float bits -> half bits (low 16 bits of 32-bit lanes), round to nearest even.
template <class DU>
hn::Vec<DU> FloatToHalf(DU du, hn::Vec<DU> f, bool saturate) {
    const hn::Repartition<float, DU> df;
    const hn::RebindToSigned<DU> di;
    const auto sign = hn::ShiftRight<16>(hn::And(f, hn::Set(du, 0x80000000u)));
    const auto mag = hn::And(f, hn::Set(du, 0x7FFFFFFFu));
    const auto imag = hn::BitCast(di, mag);
    // Normal results: rebias, add the rounding bias (0xFFF plus the lowest kept bit), shift; a carry that
    // runs into the exponent is the correct next value (65520 and above become inf).
    const auto odd = hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 1u));
    const auto normal = hn::ShiftRight<13>(
        hn::Add(hn::Add(mag, hn::Set(du, static_cast<uint32_t>((15 - 127) << 23) + 0xFFFu)), odd));
    // Below 2^-14: adding 0.5 rounds the value to a multiple of 2^-24 in the FPU; the low bits are the code.
    const auto magic = hn::Set(du, static_cast<uint32_t>(((127 - 15) + (23 - 10) + 1) << 23));
    const auto sub = hn::Sub(hn::BitCast(du, hn::Add(hn::BitCast(df, mag), hn::BitCast(df, magic))), magic);
    auto code = hn::IfThenElse(hn::RebindMask(du, hn::Lt(imag, hn::Set(di, 113 << 23))), sub, normal);
    // 65536 and above (inf included) overflow; NaN keeps the top of its payload, quieted.
    code = hn::IfThenElse(hn::RebindMask(du, hn::Gt(imag, hn::Set(di, ((127 + 16) << 23) - 1))),
                          hn::Set(du, 0x7C00u), code);
    if (saturate)
        code = hn::Min(code, hn::Set(du, 0x7BFFu));
    const auto nan = hn::Or(hn::Set(du, 0x7E00u), hn::ShiftRight<13>(hn::And(mag, hn::Set(du, 0x7FFFFFu))));
    code = hn::IfThenElse(hn::RebindMask(du, hn::Gt(imag, hn::Set(di, 0x7F800000))), nan, code);
    return hn::Or(sign, code);
}

// float bits -> bfloat16 bits (low 16 bits of 32-bit lanes), round to nearest even.
template <class DU>
hn::Vec<DU> FloatToBf16(DU du, hn::Vec<DU> f, bool saturate) {
    const hn::RebindToSigned<DU> di;
    const auto mag = hn::And(f, hn::Set(du, 0x7FFFFFFFu));
    const auto imag = hn::BitCast(di, mag);
    const auto odd = hn::And(hn::ShiftRight<16>(f), hn::Set(du, 1u));
    auto code = hn::ShiftRight<16>(hn::Add(hn::Add(mag, hn::Set(du, 0x7FFFu)), odd));
    if (saturate)  // bfloat16's max is below float's: infinity saturates too
        code = hn::Min(code, hn::Set(du, 0x7F7Fu));
    const auto nan = hn::Or(hn::ShiftRight<16>(mag), hn::Set(du, 0x40u));
    code = hn::IfThenElse(hn::RebindMask(du, hn::Gt(imag, hn::Set(di, 0x7F800000))), nan, code);
    return hn::Or(hn::ShiftRight<16>(hn::And(f, hn::Set(du, 0x80000000u))), code);
}

// v rounded to an integral value in direction r (not Odd).
template <class DF>
hn::Vec<DF> RoundIntegral(DF df, hn::Vec<DF> v, Rounding r) {
    switch (r) {
        case Rounding::Trunc:
            return hn::Trunc(v);
        case Rounding::Floor:
            return hn::Floor(v);
        case Rounding::Ceil:
            return hn::Ceil(v);
        case Rounding::Round: {  // ties away: the fraction (exact) decides
            const auto t = hn::Trunc(v);
            const auto away = hn::Ge(hn::Abs(hn::Sub(v, t)), hn::Set(df, 0.5f));
            return hn::Add(t, hn::IfThenElseZero(away, hn::CopySign(hn::Set(df, 1.0f), v)));
        }
        default:
            return hn::Round(v);
    }
}

// float -> int32 in direction r (not Odd).
template <class DF>
hn::Vec<hn::RebindToSigned<DF>> FloatToInt32(DF df, hn::Vec<DF> v, Rounding r, bool saturate) {
    const hn::RebindToSigned<DF> di;
    const auto y = RoundIntegral(df, v, r);
    const auto in_range =
        hn::And(hn::Ge(y, hn::Set(df, -2147483648.0f)), hn::Lt(y, hn::Set(df, 2147483648.0f)));  // not NaN
    const auto out = hn::ConvertTo(di, hn::IfThenElse(in_range, y, hn::Zero(df)));
    // Outside: saturating, the limit on the value's side (NaN: 0); else the integer indefinite (x86,
    // PyTorch).
    const auto limit = hn::IfThenElse(hn::RebindMask(di, hn::Gt(v, hn::Zero(df))), hn::Set(di, INT32_MAX),
                                      hn::Set(di, INT32_MIN));
    const auto outside = saturate ? hn::IfThenElse(hn::RebindMask(di, hn::IsNaN(v)), hn::Zero(di), limit)
                                  : hn::Set(di, INT32_MIN);
    return hn::IfThenElse(hn::RebindMask(di, in_range), out, outside);
}

// One row of a 16-bit -> 32-bit widening (half or bfloat16 -> float).
void WidenRow(uint32_t* dst, const uint16_t* src, int32_t n, bool bf16) {
    const hn::ScalableTag<uint32_t> du;
    const hn::Rebind<uint16_t, decltype(du)> d16;
    const auto lanes = static_cast<int32_t>(hn::Lanes(du));
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes) {
        const auto h = hn::PromoteTo(du, hn::LoadU(d16, src + c));
        hn::StoreU(bf16 ? Bf16ToFloat(du, h) : HalfToFloat(du, h), du, dst + c);
    }
    ScalarTail(dst, src, c, n, bf16 ? DType::BF16 : DType::F16, DType::F32, Rounding::Rint, Saturation::On);
}

// One row of float -> half / bfloat16.
void NarrowRow(uint16_t* dst, const uint32_t* src, int32_t n, bool bf16, Saturation sat) {
    const hn::ScalableTag<uint32_t> du;
    const hn::Rebind<uint16_t, decltype(du)> d16;
    const auto lanes = static_cast<int32_t>(hn::Lanes(du));
    const bool saturate = sat == Saturation::On;
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes) {
        const auto f = hn::LoadU(du, src + c);
        const auto h = bf16 ? FloatToBf16(du, f, saturate) : FloatToHalf(du, f, saturate);
        // Every lane is below 2^16: the saturating int32 -> uint16 demotion keeps it.
        hn::StoreU(hn::DemoteTo(d16, hn::BitCast(hn::RebindToSigned<decltype(du)>(), h)), d16, dst + c);
    }
    ScalarTail(dst, src, c, n, DType::F32, bf16 ? DType::BF16 : DType::F16, Rounding::Rint, sat);
}

void FloatToInt32Row(int32_t* dst, const float* src, int32_t n, Rounding r, Saturation sat) {
    const hn::ScalableTag<float> df;
    const hn::RebindToSigned<decltype(df)> di;
    const auto lanes = static_cast<int32_t>(hn::Lanes(df));
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes)
        hn::StoreU(FloatToInt32(df, hn::LoadU(df, src + c), r, sat == Saturation::On), di, dst + c);
    ScalarTail(dst, src, c, n, DType::F32, DType::S32, r, sat);
}

// One row of half -> int8 / uint8: widened to float (exact; x86's F16C where the target has it),
// rounded to an integral float (every finite half is one of int32), then clamped (saturating) or, wrapping,
// the low byte of the intermediate integer, whose range is int16 for int8 and int32 for uint8
// (ptosim::convert::wrap_intermediate): a value outside it, inf and NaN give the intermediate's minimum,
// whose low byte is 0.
void HalfToByteRow(uint8_t* dst, const uint16_t* src, int32_t n, bool is_signed, Rounding r, Saturation sat) {
    const hn::ScalableTag<float> df;
    const hn::RebindToSigned<decltype(df)> di;
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
    const hn::Rebind<hwy::float16_t, decltype(df)> dh;
    const auto* in = reinterpret_cast<const hwy::float16_t*>(src);
#else
    const hn::RebindToUnsigned<decltype(df)> du;
    const hn::Rebind<uint16_t, decltype(df)> d16;
#endif
    const hn::Rebind<uint8_t, decltype(df)> d8;
    const auto lanes = static_cast<int32_t>(hn::Lanes(df));
    const bool saturate = sat == Saturation::On;
    const auto lo = hn::Set(df, is_signed ? -128.0f : 0.0f), hi = hn::Set(df, is_signed ? 127.0f : 255.0f);
    // Wrapping: int8's intermediate is int16; uint8's is int32, which holds every finite half.
    const auto wlo = hn::Set(df, is_signed ? -32768.0f : -65536.0f);
    const auto whi = hn::Set(df, is_signed ? 32767.0f : 65536.0f);
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
        const auto f = hn::PromoteTo(df, hn::LoadU(dh, in + c));  // F16C: exact, NaN stays NaN
#else
        // Highway's emulated half promotion turns NaN into a number; the bit conversion keeps it.
        const auto f = hn::BitCast(df, HalfToFloat(du, hn::PromoteTo(du, hn::LoadU(d16, src + c))));
#endif
        const auto y = RoundIntegral(df, f, r);
        const auto inside = saturate ? hn::Eq(y, y) : hn::And(hn::Ge(y, wlo), hn::Le(y, whi));  // NaN: false
        const auto v = saturate ? hn::Min(hn::Max(y, lo), hi) : y;
        const auto i = hn::ConvertTo(di, hn::IfThenElseZero(inside, v));
        // The low byte is the code; masked, every lane is in 0 .. 255 and the saturating demotion keeps it.
        hn::StoreU(hn::DemoteTo(d8, hn::And(i, hn::Set(di, 0xFF))), d8, dst + c);
    }
    ScalarTail(dst, src, c, n, DType::F16, is_signed ? DType::S8 : DType::U8, r, sat);
}

void Int32ToFloatRow(float* dst, const int32_t* src, int32_t n) {
    const hn::ScalableTag<float> df;
    const hn::RebindToSigned<decltype(df)> di;
    const auto lanes = static_cast<int32_t>(hn::Lanes(df));
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes)
        hn::StoreU(hn::ConvertTo(df, hn::LoadU(di, src + c)), df, dst + c);
    ScalarTail(dst, src, c, n, DType::S32, DType::F32, Rounding::Rint, Saturation::On);
}

}  // namespace

bool ConvertTile(const TileView& dst, const TileView& src, Rounding r, Saturation sat) {
    const DType st = src.dtype, dt = dst.dtype;
    enum class Kind {
        HalfToFloat,
        Bf16ToFloat,
        FloatToHalf,
        FloatToBf16,
        FloatToInt,
        IntToFloat,
        HalfToByte
    } kind;
    if ((st == DType::F16 || st == DType::BF16) && dt == DType::F32) {
        kind = st == DType::F16 ? Kind::HalfToFloat : Kind::Bf16ToFloat;
    } else if (st == DType::F32 && (dt == DType::F16 || dt == DType::BF16) && r == Rounding::Rint) {
        kind = dt == DType::F16 ? Kind::FloatToHalf : Kind::FloatToBf16;
    } else if (st == DType::F32 && dt == DType::S32 && r != Rounding::Odd) {
        kind = Kind::FloatToInt;
    } else if (st == DType::S32 && dt == DType::F32 && r == Rounding::Rint) {
        kind = Kind::IntToFloat;
    } else if (st == DType::F16 && (dt == DType::S8 || dt == DType::U8) && r != Rounding::Odd) {
        kind = Kind::HalfToByte;
    } else {
        return false;
    }
    for (int32_t row = 0; row < dst.valid_rows; ++row) {
        const int32_t n = dst.valid_cols;
        switch (kind) {
            case Kind::HalfToFloat:
            case Kind::Bf16ToFloat:
                WidenRow(dst.row<uint32_t>(row), src.row<uint16_t>(row), n, kind == Kind::Bf16ToFloat);
                break;
            case Kind::FloatToHalf:
            case Kind::FloatToBf16:
                NarrowRow(dst.row<uint16_t>(row), src.row<uint32_t>(row), n, kind == Kind::FloatToBf16, sat);
                break;
            case Kind::FloatToInt:
                FloatToInt32Row(dst.row<int32_t>(row), src.row<float>(row), n, r, sat);
                break;
            case Kind::IntToFloat:
                Int32ToFloatRow(dst.row<float>(row), src.row<int32_t>(row), n);
                break;
            case Kind::HalfToByte:
                HalfToByteRow(dst.row<uint8_t>(row), src.row<uint16_t>(row), n, dt == DType::S8, r, sat);
                break;
        }
    }
    return true;
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(ConvertTile);

bool tcvt(const TileView& dst, const TileView& src, convert::Rounding r, convert::Saturation sat,
          bool canon) {
    // NaN results keep their payload here; canonicalising ones are rare enough for the reference kernel.
    if (canon || !dst.layout.is_row_major() || !src.layout.is_row_major())
        return false;
    return HWY_DYNAMIC_DISPATCH(ConvertTile)(dst, src, r, sat);
}
}  // namespace ptosim::simd
#endif
