// The element-wise vocabulary on one element: what TADD, TMAX, TSHL, TEXP... mean, exactly. The functors
// (functors.hpp) are written once in terms of these operations; the reference kernels run them on
// ScalarOps<T>, the fast kernels on a Highway vector version with the same results bit for bit
// (simd/elementwise.cpp, tested on every target).
//
// The rules (docs/isa/ pages restate them per instruction):
// - half and bfloat16 compute in float and every operation's result is rounded once to the element type
//   (round to nearest even), so a composite instruction (TMULADDDST: src0 * src1 + dst) rounds after each
//   operation, and a single one gives the exact result rounded once (float holds every half and bfloat16
//   product exactly, and double rounding through float is innocuous for + - * / and sqrt).
// - A NaN result is the canonical quiet NaN of the element type (0x7FC00000, 0x7E00, 0x7FC0).
// - max/min: a NaN operand gives NaN; max(+0, -0) = +0, min(+0, -0) = -0 (IEEE 754-2019 maximum/minimum).
// - Integers wrap. Division by zero gives all ones (-1 signed, the largest value unsigned), INT_MIN / -1
// gives
//   INT_MIN; a remainder by zero gives the dividend (the RISC-V rules). rem is the floored remainder (the
//   sign of the divisor, pto-isa's TREM), fmod the truncated one (the sign of the dividend, TFMOD).
// - Shifts by the element width or more (a negative count is a large one): shl gives 0, shr gives 0 for
//   unsigned and the sign (0 or -1) for signed elements; shr of a signed element is arithmetic.
// - exp, log, pow, rsqrt: the correctly rounded result of the exact function (computed in double and checked
//   against a long double evaluation where the double result lies too close to a rounding boundary).
//   Integer log (pto-isa's CPU simulation only) truncates toward zero, saturating (log 0 = the lowest value).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ptosim/core/dtype.hpp"
#include "ptosim/core/float16.hpp"

namespace ptosim::kernels {

template <typename T>
inline constexpr bool kIsSmallFloat = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <typename T>
inline constexpr bool kIsFloat = kIsSmallFloat<T> || std::is_floating_point_v<T>;

// The type an element computes in: float for half and bfloat16, the element type otherwise.
template <typename T>
using compute_t = std::conditional_t<kIsSmallFloat<T>, float, T>;

// The canonical quiet NaN of each element type, as the float it computes in.
template <typename T>
inline float canonical_nan() {
    return std::bit_cast<float>(0x7FC00000u);
}

namespace detail {

// The significand precision and the lowest exponent of the normal numbers (m * 2^e, m in [0.5, 1)) of float,
// half and bfloat16.
template <typename T>
inline constexpr int kPrecision = std::is_same_v<T, float16>    ? 11
                                  : std::is_same_v<T, bfloat16> ? 8
                                                                : 24;
template <typename T>
inline constexpr int kMinExp = std::is_same_v<T, float16> ? -13 : -125;

// f(x) rounded to T (float, half or bfloat16), given y = f(x) computed in double (within a few double ulps of
// the exact value) and f_long computing it in long double. When y lies clearly on one side of a rounding
// boundary of T, that side is the correctly rounded result; when it lies within a few double ulps of one, the
// long double value decides against the exact boundary.
template <typename T, typename LongFn>
T round_checked(double y, LongFn&& f_long) {
    if (!std::isfinite(y) || y == 0.0)
        return T(y);
    constexpr int p = kPrecision<T>;
    int e = 0;
    (void)std::frexp(y, &e);
    e = e < kMinExp<T> ? kMinExp<T> : e;  // subnormal results: the grid of the smallest exponent
    const double scaled = std::ldexp(std::fabs(y), p - e);  // |y| in units of T's grid spacing 2^(e - p)
    const double k = std::floor(scaled);
    const double tolerance = std::ldexp(1.0, p - 51);  // four double ulps of y, in grid units
    if (std::fabs(scaled - k - 0.5) > tolerance)
        return T(y);
    const long double z = std::fabs(f_long());
    const long double mid = std::ldexp(static_cast<long double>(k) + 0.5L, e - p);
    const double r = z > mid ? k + 1 : z < mid ? k : (std::fmod(k, 2.0) == 0 ? k : k + 1);  // ties to even
    return T(std::copysign(std::ldexp(r, e - p), y));
}

}  // namespace detail

template <typename T>
struct ScalarOps {
    using C = compute_t<T>;
    static constexpr bool kFloat = kIsFloat<T>;
    using U = std::make_unsigned_t<std::conditional_t<kFloat, int32_t, T>>;  // integers wrap through this
    // Products of U: a U narrower than int would promote to (signed) int, whose product can overflow.
    using P = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
    static constexpr int kBits = static_cast<int>(sizeof(T) * 8);

    static C load(T x) { return static_cast<C>(x); }
    static T store(C x) {
        if constexpr (kFloat) {
            if (std::isnan(x))
                x = static_cast<C>(canonical_nan<T>());
        }
        return static_cast<T>(x);
    }
    static C from_bits(uint64_t bits) {  // a scalar operand
        if constexpr (sizeof(T) == 1)
            return load(std::bit_cast<T>(static_cast<uint8_t>(bits)));
        else if constexpr (sizeof(T) == 2)
            return load(std::bit_cast<T>(static_cast<uint16_t>(bits)));
        else if constexpr (sizeof(T) == 4)
            return load(std::bit_cast<T>(static_cast<uint32_t>(bits)));
        else
            return load(std::bit_cast<T>(bits));
    }

    // A float result rounded to the element type's precision (identity for float).
    static C fix(C x) {
        if constexpr (kIsSmallFloat<T>)
            return static_cast<C>(T(x));
        else
            return x;
    }
    static C zero() { return C(0); }

    static C add(C a, C b) {
        if constexpr (kFloat)
            return fix(a + b);
        else
            return static_cast<C>(static_cast<U>(a) + static_cast<U>(b));
    }
    static C sub(C a, C b) {
        if constexpr (kFloat)
            return fix(a - b);
        else
            return static_cast<C>(static_cast<U>(a) - static_cast<U>(b));
    }
    static C mul(C a, C b) {
        if constexpr (kFloat)
            return fix(a * b);
        else
            return static_cast<C>(static_cast<U>(static_cast<P>(static_cast<U>(a)) * static_cast<U>(b)));
    }
    // a * b + c rounded once (a fused multiply-add).
    static C fma(C a, C b, C c) {
        if constexpr (std::is_same_v<T, float>) {
            return std::fma(a, b, c);
        } else if constexpr (kFloat) {
            // The product of two half / bfloat16 values is exact in double; the sum is s + e exactly
            // (TwoSum). s rounds to the right neighbour unless it is exactly halfway between two, where e
            // decides.
            const double p = static_cast<double>(a) * static_cast<double>(b), q = static_cast<double>(c);
            const double s = p + q;
            if (!std::isfinite(s))
                return fix(static_cast<C>(s));
            const double bb = s - p;
            const double e = (p - (s - bb)) + (q - bb);
            const T t = T(s);
            const double td = static_cast<double>(static_cast<float>(t));
            if (e == 0 || td == s)
                return static_cast<C>(t);
            // The neighbour of t on s's side; s is a tie when it lies halfway.
            const T other =
                T::from_bits(static_cast<uint16_t>(t.bits() + (((s > td) == !std::signbit(td)) ? 1 : -1)));
            const double od = static_cast<double>(static_cast<float>(other));
            if (s - td != od - s)
                return static_cast<C>(t);
            return static_cast<C>((e > 0) == (od > td) ? other : t);
        } else {
            return add(mul(a, b), c);
        }
    }
    static C div(C a, C b) {
        if constexpr (kFloat) {
            return fix(a / b);
        } else {
            if (b == 0)
                return static_cast<C>(~U{0});
            if constexpr (std::is_signed_v<C>)
                if (a == std::numeric_limits<C>::min() && b == C(-1))
                    return a;
            return static_cast<C>(a / b);
        }
    }
    // Truncated remainder: the sign of the dividend.
    static C fmod(C a, C b) {
        if constexpr (kFloat) {
            return fix(std::fmod(a, b));  // exact in the element type's format
        } else {
            if (b == 0)
                return a;
            if constexpr (std::is_signed_v<C>)
                if (b == C(-1))
                    return C(0);
            return static_cast<C>(a % b);
        }
    }
    // Floored remainder: the sign of the divisor (a zero result too).
    static C rem(C a, C b) {
        if constexpr (kFloat) {
            if (std::isnan(a) || std::isnan(b) || std::isinf(a) || b == 0)
                return std::numeric_limits<C>::quiet_NaN();
            C r = std::fmod(a, b);
            if (r == 0)
                return std::copysign(C(0), b);
            if (std::signbit(r) != std::signbit(b))
                r = fix(r + b);
            return r;
        } else {
            if (b == 0)
                return a;
            C r = fmod(a, b);
            if constexpr (std::is_signed_v<C>)
                if (r != 0 && ((r < 0) != (b < 0)))
                    r = add(r, b);
            return r;
        }
    }
    static C pow(C a, C b) {
        if constexpr (kFloat) {
            return load(detail::round_checked<T>(
                std::pow(static_cast<double>(a), static_cast<double>(b)),
                [&] { return std::pow(static_cast<long double>(a), static_cast<long double>(b)); }));
        } else {
            // Repeated squaring in the element type (wrapping); a negative exponent: 0, except for bases 1
            // and -1.
            if constexpr (std::is_signed_v<C>) {
                if (b < 0) {
                    if (a == 1)
                        return 1;
                    if (a == -1)
                        return (b & 1) ? C(-1) : C(1);
                    return 0;
                }
            }
            U result = 1, base = static_cast<U>(a);
            for (auto e = static_cast<U>(b); e != 0; e >>= 1) {
                if (e & 1)
                    result = static_cast<U>(static_cast<P>(result) * base);
                base = static_cast<U>(static_cast<P>(base) * base);
            }
            return static_cast<C>(result);
        }
    }

    static C band(C a, C b) { return static_cast<C>(a & b); }
    static C bor(C a, C b) { return static_cast<C>(a | b); }
    static C bxor(C a, C b) { return static_cast<C>(a ^ b); }
    static C bnot(C a) { return static_cast<C>(~a); }
    static C shl(C a, C count) {
        const auto n = static_cast<U>(count);
        return n >= static_cast<U>(kBits) ? C(0) : static_cast<C>(static_cast<U>(static_cast<U>(a) << n));
    }
    static C shr(C a, C count) {
        const auto n = static_cast<U>(count);
        if constexpr (std::is_signed_v<C>)
            return static_cast<C>(a >> (n >= static_cast<U>(kBits) ? kBits - 1 : static_cast<int>(n)));
        else
            return n >= static_cast<U>(kBits) ? C(0) : static_cast<C>(a >> n);
    }

    static C max(C a, C b) {
        if constexpr (kFloat) {
            if (std::isnan(a) || std::isnan(b))
                return std::numeric_limits<C>::quiet_NaN();
            if (a == b)
                return std::signbit(a) ? b : a;  // +0 over -0
            return a > b ? a : b;
        } else {
            return a > b ? a : b;
        }
    }
    static C min(C a, C b) {
        if constexpr (kFloat) {
            if (std::isnan(a) || std::isnan(b))
                return std::numeric_limits<C>::quiet_NaN();
            if (a == b)
                return std::signbit(a) ? a : b;  // -0 over +0
            return a < b ? a : b;
        } else {
            return a < b ? a : b;
        }
    }
    // a > 0 ? a : y (PReLU / LReLU).
    static C pos_or(C a, C y) { return a > C(0) ? a : y; }

    static C abs(C a) {
        if constexpr (kFloat)
            return std::fabs(a);
        else if constexpr (std::is_signed_v<C>)
            return a < 0 ? static_cast<C>(U{0} - static_cast<U>(a)) : a;
        else
            return a;
    }
    static C neg(C a) {
        if constexpr (kFloat)
            return -a;
        else
            return static_cast<C>(U{0} - static_cast<U>(a));
    }
    static C sqrt(C a) {
        if constexpr (kFloat)
            return fix(std::sqrt(a));
        else
            return a;  // not an instruction on integers
    }
    static C recip(C a) { return div(C(1), a); }
    static C exp(C a) {
        if constexpr (kFloat)
            return load(detail::round_checked<T>(std::exp(static_cast<double>(a)),
                                                 [&] { return std::exp(static_cast<long double>(a)); }));
        else
            return a;
    }
    static C log(C a) {
        if constexpr (kFloat) {
            return load(detail::round_checked<T>(std::log(static_cast<double>(a)),
                                                 [&] { return std::log(static_cast<long double>(a)); }));
        } else {
            if (a <= 0)
                return std::numeric_limits<C>::lowest();
            return static_cast<C>(std::log(static_cast<double>(a)));  // < 45 for any integer: no overflow
        }
    }
    static C rsqrt(C a) {
        if constexpr (kFloat)
            return load(detail::round_checked<T>(1.0 / std::sqrt(static_cast<double>(a)), [&] {
                return 1.0L / std::sqrt(static_cast<long double>(a));
            }));
        else
            return a;
    }
};

}  // namespace ptosim::kernels
