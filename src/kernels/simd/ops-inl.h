// The operations adapter of the fast kernels: Ops<T> gives the element-wise vocabulary of ScalarOps<T>
// (kernels/elementwise/scalar_ops.hpp) on Highway vectors, bit for bit, with exact half / bfloat16
// conversions. Shared by the element-wise and the reduction kernels. Included once per target from inside
// ptosim::simd::HWY_NAMESPACE (after `namespace hn`, `fn`, `Input` and `ScalarOps` are declared), so it has
// Highway's per-target include guard.
#if defined(PTOSIM_KERNELS_SIMD_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef PTOSIM_KERNELS_SIMD_OPS_INL_H_
#undef PTOSIM_KERNELS_SIMD_OPS_INL_H_
#else
#define PTOSIM_KERNELS_SIMD_OPS_INL_H_
#endif

// ---------------------------------------------------------------------------------------------------------------
// half and bfloat16 <-> float, rounding to nearest even (Highway 1.0.3's emulated half conversions truncate,
// and turn half infinities and NaNs into finite floats)

// Halves (as 16-bit patterns) to floats, exactly.
template <class DF>
hn::Vec<DF> promote_half(DF df, hn::Vec<hn::Rebind<uint16_t, DF>> h) {
#if HWY_TARGET <= HWY_AVX2
    return hn::PromoteTo(df, hn::BitCast(hn::Rebind<hwy::float16_t, DF>(), h));  // F16C
#else
    const hn::RebindToUnsigned<DF> du;
    const hn::RebindToSigned<DF> di;
    const auto bits = hn::PromoteTo(du, h);
    const auto sign = hn::ShiftLeft<16>(hn::And(bits, hn::Set(du, 0x8000u)));
    const auto exp = hn::And(hn::ShiftRight<10>(bits), hn::Set(du, 0x1Fu));
    const auto frac = hn::And(bits, hn::Set(du, 0x3FFu));
    // Subnormal halves: frac * 2^-24, exact in float.
    const auto sub =
        hn::BitCast(du, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, frac)), hn::Set(df, 1.0f / 16777216.0f)));
    const auto exp32 = hn::IfThenElse(hn::RebindMask(du, hn::Eq(hn::BitCast(di, exp), hn::Set(di, 31))),
                                      hn::Set(du, 255u), hn::Add(exp, hn::Set(du, 112u)));
    const auto normal = hn::Or(hn::ShiftLeft<23>(exp32), hn::ShiftLeft<13>(frac));
    const auto r =
        hn::IfThenElse(hn::RebindMask(du, hn::Eq(hn::BitCast(di, exp), hn::Zero(di))), sub, normal);
    return hn::BitCast(df, hn::Or(sign, r));
#endif
}

template <class DF>
hn::Vec<hn::Rebind<uint16_t, DF>> demote_half(DF df, hn::Vec<DF> v) {
    const hn::Rebind<uint16_t, DF> du16;
#if HWY_TARGET <= HWY_AVX2
    (void)df;
    return hn::BitCast(du16,
                       hn::DemoteTo(hn::Rebind<hwy::float16_t, DF>(), v));  // F16C: round to nearest even
#else
    const hn::RebindToUnsigned<DF> du;
    const hn::RebindToSigned<DF> di;
    const auto bits = hn::BitCast(du, v);
    const auto sign = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 0x8000u));
    const auto mag = hn::And(bits, hn::Set(du, 0x7FFFFFFFu));
    const auto smag =
        hn::BitCast(di, mag);  // below 2^31: compared as signed (unsigned compares are emulated)
    // Normal results: round the 23-bit fraction to 10 bits (ties to even) and rebias the exponent.
    const auto odd = hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 1u));
    const auto normal = hn::ShiftRight<13>(
        hn::Sub(hn::Add(hn::Add(mag, hn::Set(du, 0x0FFFu)), odd), hn::Set(du, 0x38000000u)));
    // Subnormal results: the value in units of 2^-24, rounded to an integer (ties to even).
    const auto sub = hn::BitCast(du, hn::NearestInt(hn::Mul(hn::BitCast(df, mag), hn::Set(df, 16777216.0f))));
    auto r = hn::IfThenElse(hn::RebindMask(du, hn::Lt(smag, hn::Set(di, 0x38800000))), sub, normal);
    // Overflow (from 65520, which rounds up) gives infinity; NaN the quiet NaN.
    r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(smag, hn::Set(di, 0x477FEFFF))), hn::Set(du, 0x7C00u), r);
    r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(smag, hn::Set(di, 0x7F800000))), hn::Set(du, 0x7E00u), r);
    (void)di;
    return hn::TruncateTo(du16, hn::Or(r, sign));
#endif
}

template <class DF>
hn::Vec<hn::Rebind<uint16_t, DF>> demote_bf16(DF, hn::Vec<DF> v) {
    const hn::RebindToUnsigned<DF> du;
    const hn::Rebind<uint16_t, DF> du16;
    const auto bits = hn::BitCast(du, v);
    const auto odd = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u));
    auto r = hn::ShiftRight<16>(hn::Add(hn::Add(bits, hn::Set(du, 0x7FFFu)), odd));
    const auto mag = hn::And(bits, hn::Set(du, 0x7FFFFFFFu));
    const hn::RebindToSigned<DF> di;
    r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(hn::BitCast(di, mag), hn::Set(di, 0x7F800000))),
                       hn::Or(hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 0x8000u)), hn::Set(du, 0x7FC0u)),
                       r);
    return hn::TruncateTo(du16, r);
}

// ---------------------------------------------------------------------------------------------------------------
// The operations adapter: Ops<T> works on vectors of compute_t<T> lanes.

// Operation classes a functor uses (Uses<F>) and an adapter has a vector form for (Ops<T>::kHas).
enum : unsigned {
    kAdd = 1u << 0,  // add, sub, neg
    kMul = 1u << 1,
    kDiv = 1u << 2,  // div, recip
    kBit = 1u << 3,  // and, or, xor, not
    kShift = 1u << 4,
    kMinMax = 1u << 5,  // max, min, zero
    kCmp = 1u << 6,     // pos_or
    kAbs = 1u << 7,
    kSqrt = 1u << 8,
    kFma = 1u << 9,    // fused multiply-add: float on targets with FMA
    kMath = 1u << 10,  // exp, log, rsqrt: approximated in wider precision, undecided lanes from the reference
    kPow = 1u << 11,   // pow of half and bfloat16, the same way
    kOther = 1u << 12,  // rem, fmod, float pow: reference kernels only
};

template <class F>
inline constexpr unsigned kUses = kOther;
template <>
inline constexpr unsigned kUses<fn::Add> = kAdd;
template <>
inline constexpr unsigned kUses<fn::Sub> = kAdd;
template <>
inline constexpr unsigned kUses<fn::Mul> = kMul;
template <>
inline constexpr unsigned kUses<fn::Div> = kDiv;
template <>
inline constexpr unsigned kUses<fn::RDiv> = kDiv;
template <>
inline constexpr unsigned kUses<fn::And> = kBit;
template <>
inline constexpr unsigned kUses<fn::Or> = kBit;
template <>
inline constexpr unsigned kUses<fn::Xor> = kBit;
template <>
inline constexpr unsigned kUses<fn::Not> = kBit;
template <>
inline constexpr unsigned kUses<fn::Shl> = kShift;
template <>
inline constexpr unsigned kUses<fn::Shr> = kShift;
template <>
inline constexpr unsigned kUses<fn::Max> = kMinMax;
template <>
inline constexpr unsigned kUses<fn::Min> = kMinMax;
template <>
inline constexpr unsigned kUses<fn::Relu> = kMinMax;
template <>
inline constexpr unsigned kUses<fn::PRelu> = kCmp | kMul;
template <>
inline constexpr unsigned kUses<fn::SubRelu> = kAdd | kMinMax;
template <>
inline constexpr unsigned kUses<fn::MulAddDst> = kAdd | kMul;
template <>
inline constexpr unsigned kUses<fn::FusedMulAdd> = kFma;
template <>
inline constexpr unsigned kUses<fn::FusedMulAddRelu> = kAdd | kMul | kMinMax;
template <>
inline constexpr unsigned kUses<fn::AddC> = kAdd;
template <>
inline constexpr unsigned kUses<fn::SubC> = kAdd;
template <>
inline constexpr unsigned kUses<fn::AddSC> = kAdd;
template <>
inline constexpr unsigned kUses<fn::SubSC> = kAdd;
template <>
inline constexpr unsigned kUses<fn::Axpy> = kAdd | kMul;
template <>
inline constexpr unsigned kUses<fn::Abs> = kAbs;
template <>
inline constexpr unsigned kUses<fn::Neg> = kAdd;
template <>
inline constexpr unsigned kUses<fn::Recip> = kDiv;
template <>
inline constexpr unsigned kUses<fn::Sqrt> = kSqrt;
template <>
inline constexpr unsigned kUses<fn::Exp> = kMath;
template <>
inline constexpr unsigned kUses<fn::Copy> = 0;
template <>
inline constexpr unsigned kUses<fn::ExpDif> = kAdd | kMath;
template <>
inline constexpr unsigned kUses<fn::Log> = kMath;
template <>
inline constexpr unsigned kUses<fn::Rsqrt> = kMath;
template <>
inline constexpr unsigned kUses<fn::Pow> = kPow;

// Highway 1.0.3's 16-bit variable shifts use an SSE4.1 instruction on its SSSE3 target.
inline constexpr bool kShift16 = HWY_TARGET != HWY_SSSE3;

// kRoundEach: round half and bfloat16 results after every operation (composite functors); a functor whose
// result is one rounded operation combined with exact selections (kSingleRounding) rounds once, when it is
// stored.
template <typename T, bool kRoundEach = true>
struct Ops {
    using C = kernels::compute_t<T>;
    using D = hn::ScalableTag<C>;
    using V = hn::Vec<D>;
    static constexpr bool kFloat = kernels::kIsFloat<T>;
    static constexpr bool kSigned = std::is_signed_v<C>;
    static constexpr std::size_t kSize = sizeof(T);

    static constexpr bool kSmall = kernels::kIsSmallFloat<T>;
    static constexpr unsigned kHas =
        kFloat ? (kAdd | kMul | kDiv | kMinMax | kCmp | kAbs | kSqrt |
                  (std::is_same_v<T, float> && HWY_TARGET <= HWY_AVX2 ? kFma : 0u) |
                  (HWY_TARGET != HWY_SCALAR ? kMath | (kSmall ? kPow : 0u) : 0u))
               : (kAdd | kBit | kMinMax | kCmp | (kSize == 2 || kSize == 4 ? kMul : 0u) |
                  (kSize == 4 || kSize == 8 || (kSize == 2 && kShift16) ? kShift : 0u) |
                  (kSigned && kSize <= 4 ? kAbs : 0u));

    D d;

    V load(const T* p) const {
        if constexpr (std::is_same_v<T, float16>)
            return promote_half(d,
                                hn::LoadU(hn::Rebind<uint16_t, D>(), reinterpret_cast<const uint16_t*>(p)));
        else if constexpr (std::is_same_v<T, bfloat16>)
            return hn::PromoteTo(
                d, hn::LoadU(hn::Rebind<hwy::bfloat16_t, D>(), reinterpret_cast<const hwy::bfloat16_t*>(p)));
        else
            return hn::LoadU(d, p);
    }
    void store(V v, T* p) const {
        if constexpr (kFloat)
            v = hn::IfThenElse(hn::IsNaN(v), hn::Set(d, kernels::canonical_nan<T>()), v);
        if constexpr (std::is_same_v<T, float16>)
            hn::StoreU(demote_half(d, v), hn::Rebind<uint16_t, D>(), reinterpret_cast<uint16_t*>(p));
        else if constexpr (std::is_same_v<T, bfloat16>)
            hn::StoreU(demote_bf16(d, v), hn::Rebind<uint16_t, D>(), reinterpret_cast<uint16_t*>(p));
        else
            hn::StoreU(v, d, p);
    }
    V set(C x) const { return hn::Set(d, x); }

    // A float result rounded to the element type's precision (identity for float).
    V fix(V v) const {
        if constexpr (!kRoundEach) {
            return v;
        } else if constexpr (std::is_same_v<T, float16>) {
            return promote_half(d, demote_half(d, v));
        } else if constexpr (std::is_same_v<T, bfloat16>) {
            const auto h = demote_bf16(d, v);
            return hn::PromoteTo(d, hn::BitCast(hn::Rebind<hwy::bfloat16_t, D>(), h));
        } else {
            return v;
        }
    }
    V zero() const { return hn::Zero(d); }

    V add(V a, V b) const { return fix(hn::Add(a, b)); }
    V sub(V a, V b) const { return fix(hn::Sub(a, b)); }
    V mul(V a, V b) const {
        if constexpr (kFloat || kSize == 2 || kSize == 4)
            return fix(hn::Mul(a, b));
        else
            return a;  // not reached: kHas excludes it
    }
    V fma(V a, V b, V c) const { return hn::MulAdd(a, b, c); }  // float only (kHas): one rounding with FMA
    V div(V a, V b) const {
        if constexpr (kFloat)
            return fix(hn::Div(a, b));
        else
            return a;
    }
    V recip(V a) const { return div(hn::Set(d, C(1)), a); }
    V sqrt(V a) const {
        if constexpr (kFloat)
            return fix(hn::Sqrt(a));
        else
            return a;
    }
    V neg(V a) const { return hn::Neg(a); }
    V abs(V a) const {
        if constexpr (kFloat || (kSigned && kSize <= 4))
            return hn::Abs(a);
        else
            return a;
    }
    V band(V a, V b) const { return hn::And(a, b); }
    V bor(V a, V b) const { return hn::Or(a, b); }
    V bxor(V a, V b) const { return hn::Xor(a, b); }
    V bnot(V a) const { return hn::Not(a); }

    // Counts of the element width or more: shl and unsigned shr give 0, signed shr the sign.
    V shl(V a, V count) const {
        if constexpr (!kFloat && (kSize >= 2)) {
            const hn::RebindToUnsigned<D> du;
            const auto n = hn::BitCast(du, count);
            const auto last = hn::Set(du, static_cast<hn::TFromD<decltype(du)>>(kSize * 8 - 1));
            const auto clamped = hn::BitCast(d, hn::Min(n, last));
            return hn::IfThenZeroElse(hn::RebindMask(d, hn::Gt(n, last)), (a << clamped));
        } else {
            return a;
        }
    }
    V shr(V a, V count) const {
        if constexpr (!kFloat && (kSize >= 2)) {
            const hn::RebindToUnsigned<D> du;
            const auto n = hn::BitCast(du, count);
            const auto last = hn::Set(du, static_cast<hn::TFromD<decltype(du)>>(kSize * 8 - 1));
            const auto clamped = hn::BitCast(d, hn::Min(n, last));
            const V shifted = a >> clamped;
            if constexpr (kSigned)
                return shifted;  // an arithmetic shift by width - 1 is the sign
            else
                return hn::IfThenZeroElse(hn::RebindMask(d, hn::Gt(n, last)), shifted);
        } else {
            return a;
        }
    }

    // IEEE maximum / minimum. Max(a, b) and Max(b, a) both return the larger operand when neither is NaN, and
    // +0 / -0 in some order when both are zeros: their AND is +0 (OR for the minimum's -0). NaN operands are
    // found apart (targets disagree on what Max returns for them).
    V max(V a, V b) const {
        if constexpr (kFloat) {
            const hn::RebindToUnsigned<D> du;
            const V r1 = hn::Max(a, b), r2 = hn::Max(b, a);
            const V r = hn::BitCast(d, hn::And(hn::BitCast(du, r1), hn::BitCast(du, r2)));
            return hn::IfThenElse(hn::Or(hn::IsNaN(a), hn::IsNaN(b)), hn::Set(d, kernels::canonical_nan<T>()),
                                  r);
        } else {
            return hn::Max(a, b);
        }
    }
    V min(V a, V b) const {
        if constexpr (kFloat) {
            const hn::RebindToUnsigned<D> du;
            const V r1 = hn::Min(a, b), r2 = hn::Min(b, a);
            const V r = hn::BitCast(d, hn::Or(hn::BitCast(du, r1), hn::BitCast(du, r2)));
            return hn::IfThenElse(hn::Or(hn::IsNaN(a), hn::IsNaN(b)), hn::Set(d, kernels::canonical_nan<T>()),
                                  r);
        } else {
            return hn::Min(a, b);
        }
    }
    V pos_or(V a, V y) const { return hn::IfThenElse(hn::Gt(a, hn::Zero(d)), a, y); }

#if HWY_TARGET != HWY_SCALAR  // one-lane vectors have no halves: the reference kernels run these there
    // The functions that round (docs/isa/TEXP.md): approximated in a wider precision (double for float
    // elements, float for half and bfloat16) within a few ulps of it; where the approximation lies clearly on
    // one side of a rounding boundary of T, that side is the correctly rounded result; the other lanes (near
    // a boundary, in T's subnormal range, or outside the approximation's domain) take the reference function.
    // Every path gives the correctly rounded result, so the bits equal the reference kernel's.
    V exp(V a) const {
        if constexpr (std::is_same_v<T, float>) {
            // Screened: NaN, and x below -87.3, where e^x may be subnormal in float (e^-87.3 > 2^-126). The
            // clamp to [-110, 100] is done in float, once per vector.
            const auto clamp = [](V x) {
                const D d;
                return hn::Min(hn::Max(x, hn::Set(d, -110.0f)), hn::Set(d, 100.0f));
            };
            return rounded(
                a, clamp, [](auto dd, auto, auto x) { return exp_double(dd, x); },
                [](auto, auto x) { return hn::IsNaN(x); },
                [](auto dw, auto x) { return hn::Not(hn::Ge(x, hn::Set(dw, -87.3f))); }, kExpTolerance,
                [](C x) { return ScalarOps<T>::exp(x); });
        } else {
            // half: e^x in float (exp_float) on x clamped to [-20, 12] (beyond, the half result is 0 or
            // infinity either way); bfloat16: Highway's Exp. Screened: NaN and the inputs whose result may be
            // subnormal in T (e^-9.7 > 2^-14, e^-87.3 > 2^-126).
            constexpr bool kHalf = std::is_same_v<T, float16>;
            const auto outside = [](auto, auto x) { return hn::IsNaN(x); };
            return rounded(
                a,
                [](V x) {
                    const D d;
                    return kHalf ? hn::Min(hn::Max(x, hn::Set(d, -20.0f)), hn::Set(d, 12.0f))
                                 : hn::Min(x, hn::Set(d, 100.0f));
                },
                [](auto dw, auto, auto x) {
                    if constexpr (kHalf)
                        return exp_float(dw, x);
                    else
                        return hn::Exp(dw, x);
                },
                outside,
                [](auto dw, auto x) { return hn::Not(hn::Ge(x, hn::Set(dw, kHalf ? -9.7f : -87.3f))); }, 8,
                [](C x) { return ScalarOps<T>::exp(x); });
        }
    }
    V log(V a) const {
        const auto outside = [](auto dw, auto x) {  // Log's domain: positive, finite
            return hn::Not(
                hn::And(hn::Gt(x, hn::Zero(dw)), hn::Lt(x, hn::Set(dw, hn::TFromD<decltype(dw)>(3e38)))));
        };
        return rounded(
            a, [](V x) { return x; }, [](auto dw, auto x, auto) { return hn::Log(dw, x); }, outside, outside,
            32, [](C x) { return ScalarOps<T>::log(x); });
    }
    // float: a Newton step in double from a float estimate (rsqrt_float); half and bfloat16: 1 / sqrt in
    // float. Operands that are not positive, normal and finite take the reference.
    V rsqrt(V a) const {
        const auto outside = [](auto dw, auto x) {
            using TW = hn::TFromD<decltype(dw)>;
            return hn::Not(hn::And(hn::Ge(x, hn::Set(dw, TW(1.1754943508222875e-38))),
                                   hn::Le(x, hn::Set(dw, TW(3.4028234663852886e38)))));
        };
        if constexpr (std::is_same_v<T, float>)
            return rounded(
                a, [this](V x) { return rsqrt_float(x); },
                [](auto dd, auto x, auto y) {
                    const auto h = hn::Mul(x, hn::Set(dd, 0.5));
                    return hn::Mul(y, hn::NegMulAdd(hn::Mul(h, y), y, hn::Set(dd, 1.5)));
                },
                outside, outside, kRsqrtTolerance, [](C x) { return ScalarOps<T>::rsqrt(x); });
        else
            return rounded(
                a, [](V x) { return x; },
                [](auto dw, auto x, auto) { return hn::Div(hn::Set(dw, 1), hn::Sqrt(x)); }, outside, outside,
                8, [](C x) { return ScalarOps<T>::rsqrt(x); });
    }
    // half and bfloat16: exp(b * log(a)) in double, for a > 0 and finite operands. The result reaches T
    // through float (the lanes' type), so a lane is decided only when float's rounding cannot reach T's
    // boundary either.
    V pow(V a, V b) const {
        if constexpr (kSmall) {
            const hn::Repartition<double, D> dd;
            const hn::Half<D> dh;
            const auto approx = [&](auto x, auto e) {  // Exp's domain ends at 706 (far beyond T's range)
                return hn::Exp(dd, hn::Min(hn::Mul(e, hn::Log(dd, x)), hn::Set(dd, 706.0)));
            };
            const auto outside = [&](auto x, auto e) {
                const auto ok = hn::And(hn::And(hn::Gt(x, hn::Zero(dd)), hn::Lt(x, hn::Set(dd, 1e300))),
                                        hn::Lt(hn::Abs(e), hn::Set(dd, 1e300)));
                return hn::Not(ok);
            };
            const auto lo_a = hn::PromoteTo(dd, hn::LowerHalf(dh, a)),
                       hi_a = hn::PromoteTo(dd, hn::UpperHalf(dh, a));
            const auto lo_b = hn::PromoteTo(dd, hn::LowerHalf(dh, b)),
                       hi_b = hn::PromoteTo(dd, hn::UpperHalf(dh, b));
            const auto ylo = approx(lo_a, lo_b), yhi = approx(hi_a, hi_b);
            const auto ulo = hn::Or(outside(lo_a, lo_b), undecided(dd, ylo, int64_t{1} << 30));
            const auto uhi = hn::Or(outside(hi_a, hi_b), undecided(dd, yhi, int64_t{1} << 30));
            const V r = hn::Combine(d, hn::DemoteTo(dh, yhi), hn::DemoteTo(dh, ylo));
            return patch2(
                r, dd, ulo, uhi,
                [&](std::size_t i, const C* av, const C* bv) { return ScalarOps<T>::pow(av[i], bv[i]); }, a,
                b);
        } else {
            return a;  // not reached: kHas excludes it
        }
    }

  private:
    // y's bits below T's precision (y in lanes of W), offset so that the window of `tolerance` ulps of W
    // around a rounding midpoint of T starts at 0: y lies in it when the result is below 2 * tolerance.
    template <class DW, class VW>
    static auto midpoint_offset(DW /*dw: its type*/, VW y, int64_t tolerance) {
        using TW = hn::TFromD<DW>;
        using TI = std::conditional_t<sizeof(TW) == 8, int64_t, int32_t>;
        const hn::RebindToSigned<DW> di;
        constexpr int kWideFrac = sizeof(TW) == 8 ? 52 : 23;
        constexpr int kFrac = std::is_same_v<T, float16> ? 10 : std::is_same_v<T, bfloat16> ? 7 : 23;
        constexpr TI kLow = (TI{1} << (kWideFrac - kFrac)) - 1, kMid = TI{1} << (kWideFrac - kFrac - 1);
        return hn::And(hn::Add(hn::BitCast(di, y), hn::Set(di, static_cast<TI>(tolerance - kMid))),
                       hn::Set(di, kLow));
    }

    // Lanes of the approximation y (lanes of W, float or double) whose rounding to T is not decided: within
    // `tolerance` ulps of W of a rounding boundary of T, or in T's subnormal range.
    template <class DW, class VW>
    static auto undecided(DW dw, VW y, int64_t tolerance) {
        using TW = hn::TFromD<DW>;
        const hn::RebindToSigned<DW> di;
        const auto near = hn::Lt(midpoint_offset(dw, y, tolerance),
                                 hn::Set(di, static_cast<hn::TFromD<decltype(di)>>(2 * tolerance)));
        const TW min_normal = std::is_same_v<T, float16> ? TW(1.0 / 16384) : TW(1.1754943508222875e-38);
        auto sub = hn::And(hn::Lt(hn::Abs(y), hn::Set(dw, min_normal)), hn::Ne(y, hn::Zero(dw)));
        if constexpr (std::is_same_v<T, float16> && sizeof(TW) == 4) {
            // half's subnormals are multiples of 2^-24: y * 2^-24 is exact, and within `tolerance` float ulps
            // of y it moves by less than 2^-9 below 1024, so a fraction that far from 1/2 decides the
            // rounding.
            const auto z = hn::Mul(hn::Abs(y), hn::Set(dw, TW(16777216.0f)));
            const auto off = hn::Abs(hn::Sub(hn::Sub(z, hn::Floor(z)), hn::Set(dw, TW(0.5f))));
            sub = hn::And(sub, hn::Not(hn::Gt(off, hn::Set(dw, TW(1.0f / 512) * TW(tolerance)))));
        }
        if constexpr (std::is_same_v<T, float> && sizeof(TW) == 8) {
            // float's subnormals are multiples of 2^-149: z = y * 2^149 is exact and below 2^23, and within
            // `tolerance` double ulps of y it moves by less than tolerance * 2^-29; a fraction twice that far
            // from 1/2 decides the rounding (DemoteTo rounds into the subnormals correctly).
            if (!hn::AllFalse(dw, sub)) {
                const auto z = hn::Mul(hn::Abs(y), hn::Set(dw, 0x1p149));
                const auto off = hn::Abs(hn::Sub(hn::Sub(z, hn::Floor(z)), hn::Set(dw, 0.5)));
                sub =
                    hn::And(sub, hn::Not(hn::Gt(off, hn::Set(dw, static_cast<double>(tolerance) * 0x1p-28))));
            }
        }
        return hn::Or(hn::RebindMask(dw, near), sub);
    }

    // f(a) rounded to T: pre(a) prepares a value in T's lanes (an estimate, or a clamped a), approx(dw, x,
    // pre's value) computes f in the wider type W, outside(dw, x) marks the inputs it does not cover;
    // tolerance in ulps of W. For float elements a screen runs first, and the full test only when it marks a
    // lane: the lanes whose y lies within the tolerance window around a midpoint (midpoint_offset: an add, an
    // and, and one compare for both halves), and those screen(d, a) marks,
    // which must include every lane outside(dw, x) marks and every lane whose result may be subnormal in T.
    template <class Pre, class Approx, class Outside, class Screen, class Scalar>
    V rounded(V a, Pre pre, Approx approx, Outside outside, Screen screen, int64_t tolerance,
              Scalar scalar) const {
        const V e = pre(a);
        if constexpr (std::is_same_v<T, float>) {
            const hn::Repartition<double, D> dd;
            const hn::RebindToSigned<decltype(dd)> di;
            const hn::Half<D> dh;
            const auto lo = hn::PromoteTo(dd, hn::LowerHalf(dh, a)),
                       hi = hn::PromoteTo(dd, hn::UpperHalf(dh, a));
            const auto ylo = approx(dd, lo, hn::PromoteTo(dd, hn::LowerHalf(dh, e))),
                       yhi = approx(dd, hi, hn::PromoteTo(dd, hn::UpperHalf(dh, e)));
            const V r = hn::Combine(d, hn::DemoteTo(dh, yhi), hn::DemoteTo(dh, ylo));
            const auto offset =
                hn::Min(midpoint_offset(dd, ylo, tolerance), midpoint_offset(dd, yhi, tolerance));
            if (hn::AllFalse(di, hn::Lt(offset, hn::Set(di, 2 * tolerance))) && hn::AllFalse(d, screen(d, a)))
                return r;
            const auto ulo = hn::Or(outside(dd, lo), undecided(dd, ylo, tolerance));
            const auto uhi = hn::Or(outside(dd, hi), undecided(dd, yhi, tolerance));
            return patch2(
                r, dd, ulo, uhi, [&](std::size_t i, const C* av, const C*) { return scalar(av[i]); }, a, a);
        } else {
            const V y = approx(d, a, e);
            const hn::RebindToSigned<D> di;
            if (hn::AllFalse(di, hn::Lt(midpoint_offset(d, y, tolerance),
                                        hn::Set(di, static_cast<int32_t>(2 * tolerance)))) &&
                hn::AllFalse(d, screen(d, a)))
                return y;
            const auto u = hn::Or(outside(d, a), undecided(d, y, tolerance));
            if (hn::AllFalse(d, u))
                return y;
            alignas(64) C av[hn::MaxLanes(D())], rv[hn::MaxLanes(D())];
            alignas(8) uint8_t bits[(hn::MaxLanes(D()) + 7) / 8 + 8] = {};
            hn::Store(a, d, av);
            hn::Store(y, d, rv);
            hn::StoreMaskBits(d, u, bits);
            for (std::size_t i = 0; i < hn::Lanes(d); ++i)
                if ((bits[i / 8] >> (i % 8)) & 1)
                    rv[i] = scalar(av[i]);
            return hn::Load(d, rv);
        }
    }

    // e^x in W (double or float) = 2^k e^r: x = k ln2 + r with k the integer nearest x / ln2 (the 1.5 * 2^p
    // shifter rounds it into t's low bits) and |r| <= ln2 / 2; ln2's high part has few enough significant
    // bits (45 in double, 15 in float) that k * high is exact for the clamped inputs below, and so is x - k *
    // high (for k != 0, |x| > 1/3: a float is then a multiple of 2^-25, a half of 2^-12; the difference is
    // below 1 and a multiple of high's last bit), so only the low part's product rounds. poly(r) ~ e^r; 2^k
    // goes into the exponent bits: t's low bits are k modulo a power of two, which shifted to the exponent
    // field add k to it (modular: a negative k borrows correctly).
    template <class DW, class Poly>
    static hn::Vec<DW> exp_scaled(DW dw, hn::Vec<DW> x, Poly poly) {
        using TW = hn::TFromD<DW>;
        constexpr bool kDouble = sizeof(TW) == 8;
        const hn::RebindToSigned<DW> di;
        const auto shifter = hn::Set(dw, kDouble ? TW(0x1.8p52) : TW(0x1.8p23));
        const auto t =
            hn::MulAdd(x, hn::Set(dw, kDouble ? TW(0x1.71547652b82fep+0) : TW(0x1.715476p+0)), shifter);
        const auto k = hn::Sub(t, shifter);
        auto r =
            hn::NegMulAdd(k, hn::Set(dw, kDouble ? TW(0x1.62e42fefa39p-1) : TW(0x1.62e4p-1)), x);  // high
        r = hn::NegMulAdd(k, hn::Set(dw, kDouble ? TW(0x1.de6af278ece6p-46) : TW(0x1.7f7d1cp-20)), r);  // low
        return hn::BitCast(
            dw, hn::Add(hn::BitCast(di, poly(r)), hn::ShiftLeft < kDouble ? 52 : 23 > (hn::BitCast(di, t))));
    }

    // float x in [-110, 100] (exp clamps: beyond, the float result is 0 or infinity either way, and k stays
    // in double's exponent range): e^x in double within kExpTolerance ulps. e^r is its Taylor polynomial of
    // degree 10: the remainder is below |r|^11 / 11! * e^(ln2 / 2) / e^(-ln2 / 2) < 2^-41.5 of the result,
    // 2^11.5 double ulps, and the evaluation rounds a few ulps more.
    static constexpr int64_t kExpTolerance = 4096;
    template <class DD>
    static hn::Vec<DD> exp_double(DD dd, hn::Vec<DD> x) {
        return exp_scaled(dd, x, [dd](auto r) {
            // Estrin's scheme: a chain of four FMAs where Horner's has ten (the loop is bound by its
            // latency).
            constexpr double kInvFactorial[] = {1.0,         1.0,          1.0 / 2,      1.0 / 6,
                                                1.0 / 24,    1.0 / 120,    1.0 / 720,    1.0 / 5040,
                                                1.0 / 40320, 1.0 / 362880, 1.0 / 3628800};
            const auto c = [&](int n) { return hn::Set(dd, kInvFactorial[n]); };
            const auto r2 = hn::Mul(r, r), r4 = hn::Mul(r2, r2), r8 = hn::Mul(r4, r4);
            const auto a0 = hn::MulAdd(c(1), r, c(0)), a1 = hn::MulAdd(c(3), r, c(2)),
                       a2 = hn::MulAdd(c(5), r, c(4)), a3 = hn::MulAdd(c(7), r, c(6)),
                       a4 = hn::MulAdd(c(9), r, c(8));
            const auto b0 = hn::MulAdd(a1, r2, a0), b1 = hn::MulAdd(a3, r2, a2),
                       b2 = hn::MulAdd(c(10), r2, a4);
            return hn::MulAdd(b2, r8, hn::MulAdd(b1, r4, b0));
        });
    }

    // half x in [-20, 12] (k in [-29, 18]): e^x in float within 8 ulps (the test over every half input checks
    // the roundings it decides). e^r is its Taylor polynomial of degree 7: the remainder is below 2^-27 of
    // the result; the float roundings add about 2 ulps.
    template <class DF>
    static hn::Vec<DF> exp_float(DF df, hn::Vec<DF> x) {
        return exp_scaled(df, x, [df](auto r) {
            const auto c = [&](float v) { return hn::Set(df, v); };
            const auto r2 = hn::Mul(r, r), r4 = hn::Mul(r2, r2);
            const auto a0 = hn::MulAdd(r, c(1.0f), c(1.0f)), a1 = hn::MulAdd(r, c(1.0f / 6), c(0.5f)),
                       a2 = hn::MulAdd(r, c(1.0f / 120), c(1.0f / 24)),
                       a3 = hn::MulAdd(r, c(1.0f / 5040), c(1.0f / 720));
            return hn::MulAdd(hn::MulAdd(a3, r2, a2), r4, hn::MulAdd(a1, r2, a0));
        });
    }

    // 1 / sqrt(a) for float a to within 2^-21.4: the target's estimate and Newton steps y * (1.5 - a/2 y^2)
    // in float. x86's estimates are within 1.5 * 2^-12 (RSQRTPS; AVX-512's within 2^-14), so one step leaves
    // 1.5 e^2 + 2.5 * 2^-24 (its roundings) < 2^-21.4; the other targets' estimates (Arm's 2^-8, Highway's
    // emulation about 2^-9) take two. The step in double then leaves 1.5 * 2^-42.8 + a few double roundings:
    // fewer than 2^11 ulps of double, so kRsqrtTolerance holds with a margin of 2.
    static constexpr int64_t kRsqrtTolerance = 4096;
    V rsqrt_float(V a) const {
        constexpr int kSteps = HWY_ARCH_X86 && HWY_TARGET != HWY_EMU128 ? 1 : 2;
        const V h = hn::Mul(a, hn::Set(d, 0.5f));
        V y = hn::ApproximateReciprocalSqrt(a);
        for (int i = 0; i < kSteps; ++i)
            y = hn::Mul(y, hn::NegMulAdd(hn::Mul(h, y), y, hn::Set(d, 1.5f)));
        return y;
    }

    // r with the lanes marked in ulo (the lower half) and uhi (the upper half) recomputed by f(i, a, b).
    template <class DD, class M, class F>
    V patch2(V r, DD dd, M ulo, M uhi, F f, V a, V b) const {
        if (hn::AllFalse(dd, ulo) && hn::AllFalse(dd, uhi))
            return r;
        const std::size_t half = hn::Lanes(dd);
        alignas(64) C av[hn::MaxLanes(D())], bv[hn::MaxLanes(D())], rv[hn::MaxLanes(D())];
        alignas(8) uint8_t lo_bits[16] = {}, hi_bits[16] = {};
        hn::Store(a, d, av);
        hn::Store(b, d, bv);
        hn::Store(r, d, rv);
        hn::StoreMaskBits(dd, ulo, lo_bits);
        hn::StoreMaskBits(dd, uhi, hi_bits);
        for (std::size_t i = 0; i < half; ++i) {
            if ((lo_bits[i / 8] >> (i % 8)) & 1)
                rv[i] = f(i, av, bv);
            if ((hi_bits[i / 8] >> (i % 8)) & 1)
                rv[half + i] = f(half + i, av, bv);
        }
        return hn::Load(d, rv);
    }

  public:
#endif
};

template <class F, typename T>
inline constexpr bool kSimd = (kUses<F> & ~Ops<T>::kHas) == 0;

// Functors whose result is one rounded operation on exact values, selected or compared exactly: rounding the
// final result only gives the same bits (rounding is monotonic and keeps 0).
template <class F>
inline constexpr bool kSingleRounding =
    std::is_same_v<F, fn::Add> || std::is_same_v<F, fn::Sub> || std::is_same_v<F, fn::Mul> ||
    std::is_same_v<F, fn::Div> || std::is_same_v<F, fn::RDiv> || std::is_same_v<F, fn::Max> ||
    std::is_same_v<F, fn::Min> || std::is_same_v<F, fn::Relu> || std::is_same_v<F, fn::SubRelu> ||
    std::is_same_v<F, fn::PRelu> || std::is_same_v<F, fn::Abs> || std::is_same_v<F, fn::Neg> ||
    std::is_same_v<F, fn::Sqrt> || std::is_same_v<F, fn::Recip> || std::is_same_v<F, fn::Copy>;

#endif  // PTOSIM_KERNELS_SIMD_OPS_INL_H_
