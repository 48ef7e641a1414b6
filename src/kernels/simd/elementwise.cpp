// Fast kernels of the element-wise families: the same functors as the reference kernels, run on Highway
// vectors through an operations adapter with ScalarOps' exact semantics (scalar_ops.hpp), one row at a time,
// the tail of a row on ScalarOps itself. half and bfloat16 compute in float lanes and round after each
// operation, as the reference does. A functor runs here only when every operation it uses has a vector form
// for the element type on this target (kSimd); otherwise simd::elementwise returns false and the reference
// kernel runs.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/elementwise.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <array>
#include <cstring>
#include <type_traits>
#include <utility>

#include "kernels/elementwise/walk.hpp"
#include "kernels/kernel_tokens.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace fn = kernels::fn;
using kernels::Input;
using kernels::ScalarOps;

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
    kFma = 1u << 9,     // fused multiply-add: float on targets with FMA
    kOther = 1u << 10,  // rem, fmod, pow, exp, log, rsqrt: reference kernels only
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

// Highway 1.0.3's 16-bit variable shifts use an SSE4.1 instruction on its SSSE3 target.
inline constexpr bool kShift16 = HWY_TARGET != HWY_SSSE3;

// kRoundEach: round half and bfloat16 results after every operation (composite functors); a functor whose result is
// one rounded operation combined with exact selections (kSingleRounding) rounds once, when it is stored.
template <typename T, bool kRoundEach = true>
struct Ops {
    using C = kernels::compute_t<T>;
    using D = hn::ScalableTag<C>;
    using V = hn::Vec<D>;
    static constexpr bool kFloat = kernels::kIsFloat<T>;
    static constexpr bool kSigned = std::is_signed_v<C>;
    static constexpr std::size_t kSize = sizeof(T);

    static constexpr unsigned kHas =
        kFloat ? (kAdd | kMul | kDiv | kMinMax | kCmp | kAbs | kSqrt |
                  (std::is_same_v<T, float> && HWY_TARGET <= HWY_AVX2 ? kFma : 0u))
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
            return hn::IfThenElse(hn::Or(hn::IsNaN(a), hn::IsNaN(b)), hn::Set(d, kernels::canonical_nan<T>()), r);
        } else {
            return hn::Max(a, b);
        }
    }
    V min(V a, V b) const {
        if constexpr (kFloat) {
            const hn::RebindToUnsigned<D> du;
            const V r1 = hn::Min(a, b), r2 = hn::Min(b, a);
            const V r = hn::BitCast(d, hn::Or(hn::BitCast(du, r1), hn::BitCast(du, r2)));
            return hn::IfThenElse(hn::Or(hn::IsNaN(a), hn::IsNaN(b)), hn::Set(d, kernels::canonical_nan<T>()), r);
        } else {
            return hn::Min(a, b);
        }
    }
    V pos_or(V a, V y) const { return hn::IfThenElse(hn::Gt(a, hn::Zero(d)), a, y); }
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
    std::is_same_v<F, fn::Sqrt> || std::is_same_v<F, fn::Recip>;

// ---------------------------------------------------------------------------------------------------------------
// The walker

// Argument k is the scalar when bit k of kScalars is set (the tile-scalar family's second argument), a tile
// otherwise: decided at compile time, so the loop has no branch per vector.
template <class F, typename T, unsigned kScalars, std::size_t N, std::size_t... I>
void walk(const TileView& dst, const std::array<Input<T>, N>& in, std::index_sequence<I...>) {
    const Ops<T, !kSingleRounding<F>> o;
    using V = typename Ops<T>::V;
    using S = ScalarOps<T>;
    const std::size_t lanes = hn::Lanes(o.d);
    const std::array<V, N> scalar = {o.set(in[I].value)...};
    const auto cols = static_cast<std::size_t>(dst.valid_cols);
    const auto arg = [&](auto k, const std::array<const T*, N>& row, std::size_t c) {
        if constexpr ((kScalars >> decltype(k)::value) & 1u)
            return scalar[decltype(k)::value];
        else
            return o.load(row[decltype(k)::value] + c);
    };
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        T* out = dst.row<T>(r);
        const std::array<const T*, N> row = {(in[I].base ? in[I].row(r) : nullptr)...};
        std::size_t c = 0;
        for (; c + 2 * lanes <= cols; c += 2 * lanes) {  // two vectors per step: more work in flight
            const V x = F::apply(o, arg(std::integral_constant<std::size_t, I>{}, row, c)...);
            const V y = F::apply(o, arg(std::integral_constant<std::size_t, I>{}, row, c + lanes)...);
            o.store(x, out + c);
            o.store(y, out + c + lanes);
        }
        for (; c + lanes <= cols; c += lanes)
            o.store(F::apply(o, arg(std::integral_constant<std::size_t, I>{}, row, c)...), out + c);
        for (; c < cols; ++c)
            out[c] = S::store(F::apply(S{}, (row[I] ? S::load(row[I][c]) : in[I].value)...));
    }
}

template <isa::Op OP, class F>
bool run(const ops::Operands& o) {
    static constexpr isa::OpInfo d = isa::op_info(OP);
    constexpr std::size_t N = kernels::arity(d);
    constexpr unsigned kScalars = d.family == isa::Family::TileScalar ? 2u : 0u;
    bool done = false;
    visit_dtype(o.dst[0].dtype, [&](auto tag) {
        using T = decltype(tag);
        if constexpr (d.kernel_types().contains(dtype_of<T>) && kSimd<F, T>) {
            walk<F, T, kScalars>(o.dst[0], kernels::inputs<T, N>(d, o), std::make_index_sequence<N>{});
            done = true;
        }
    });
    return done;
}

using Kernel = bool (*)(const ops::Operands&);

template <isa::Op OP, class K>
constexpr Kernel kernel() {
    if constexpr (kernels::kIsFunctor<K>)
        return &run<OP, K>;
    else
        return nullptr;
}

bool ElementwiseImpl(isa::Op op, const ops::Operands& operands) {
    static constexpr Kernel kKernels[] = {
#define PTOSIM_OP(name, kernel_name, ...) kernel<isa::Op::name, fn::kernel_name>(),
#include "ptosim/isa/ops.def"
#undef PTOSIM_OP
    };
    const Kernel k = kKernels[static_cast<std::size_t>(op)];
    return k != nullptr && k(operands);
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(ElementwiseImpl);

bool elementwise(isa::Op op, const ops::Operands& operands) {
    return HWY_DYNAMIC_DISPATCH(ElementwiseImpl)(op, operands);
}
}  // namespace ptosim::simd
#endif
