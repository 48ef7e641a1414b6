// The element-wise families (binary, unary, ternary, tile-scalar) through ops::execute, on the reference
// kernels and the fast kernels of every SIMD target, against an oracle written here from the instruction
// pages: exact values in long double or 128-bit integers, rounded or wrapped once per documented step. Every
// element type each instruction accepts, special values (NaN, infinities, signed zeros, subnormals, integer
// extremes, zero divisors, out-of-range shift counts), valid regions smaller than their tiles (nothing else
// may change), in place and not; then every half and bfloat16 input of the functions that round (TEXP, TLOG,
// TSQRT, TRSQRT, TRECIP, TPOWS).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using isa::Op;
using ptosim::testing::at;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class ElementwiseKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(ElementwiseKernel);

using LD = long double;
__extension__ typedef __int128 I128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet
__extension__ typedef unsigned __int128 U128;

template <typename T>
constexpr bool kFloating =
    std::is_same_v<T, float> || std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;

// ---------------------------------------------------------------------------------------------------------------
// The oracle

// A float result rounded once to T (round to nearest even); NaN becomes T's canonical quiet NaN.
template <typename T>
T round_to(LD v) {
    if (std::isnan(v)) {
        if constexpr (std::is_same_v<T, float>)
            return std::bit_cast<float>(0x7FC00000u);
        else if constexpr (std::is_same_v<T, float16>)
            return float16::from_bits(0x7E00);
        else
            return bfloat16::from_bits(0x7FC0);
    }
    if constexpr (std::is_same_v<T, float>)
        return static_cast<float>(v);
    else
        return T(static_cast<double>(v));  // long double -> double -> T: innocuous for one rounded operation
}
template <typename T>
LD val(T x) {
    return static_cast<LD>(static_cast<float>(x));
}

// IEEE 754-2019 maximum / minimum: NaN if either is, +0 above -0.
LD fmaximum(LD a, LD b) {
    if (std::isnan(a) || std::isnan(b))
        return NAN;
    if (a == 0 && b == 0)
        return std::signbit(a) ? b : a;
    return a > b ? a : b;
}
LD fminimum(LD a, LD b) {
    if (std::isnan(a) || std::isnan(b))
        return NAN;
    if (a == 0 && b == 0)
        return std::signbit(a) ? a : b;
    return a < b ? a : b;
}

// x * y + z rounded once to T. x * y is exact in long double; the sum is s + e exactly (TwoSum); s rounded to
// T is the answer unless s lies exactly halfway between two T values, where the sign of e picks the side.
template <typename T>
T fused(LD x, LD y, LD z) {
    const LD p = x * y;
    const LD s = p + z;
    if (!std::isfinite(s))
        return round_to<T>(s);
    const LD bb = s - p;
    const LD e = (p - (s - bb)) + (z - bb);
    const T t = round_to<T>(s);
    if (e == 0 || val(t) == s || !std::isfinite(val(t)))
        return t;
    // The T neighbour on the other side of s from t: s - (t - s) rounded toward s.
    const T other = round_to<T>(s + (s - val(t)) * (1 + 1e-6L));
    if (val(other) - s != s - val(t))
        return t;  // not a tie
    return (e > 0) == (val(other) > val(t)) ? other : t;
}

template <typename T>
T float_oracle(Op op, T a_, T b_, T c_) {
    const LD a = val(a_), b = val(b_), c = val(c_);
    const auto r = [](LD v) { return round_to<T>(v); };
    const auto rv = [&](LD v) { return val(r(v)); };  // rounded, as a value for the next step
    switch (op) {
        case Op::TADD:
        case Op::TADDS:
            return r(a + b);
        case Op::TSUB:
        case Op::TSUBS:
            return r(a - b);
        case Op::TMUL:
        case Op::TMULS:
            return r(a * b);
        case Op::TDIV:
        case Op::TDIVS:
            return r(a / b);
        case Op::TRDIVS:
            return r(b / a);
        case Op::TRECIP:
            return r(1.0L / a);
        case Op::TREM:
        case Op::TREMS: {
            // fmod is exact; the correction step adds the divisor and rounds.
            if (std::isnan(a) || std::isnan(b) || std::isinf(a) || b == 0)
                return r(NAN);
            const LD t = std::fmod(a, b);
            if (t == 0)
                return r(std::copysign(0.0L, b));
            return std::signbit(t) != std::signbit(b) ? r(t + b) : r(t);
        }
        case Op::TFMOD:
        case Op::TFMODS:
            return r(std::fmod(a, b));
        case Op::TPOW:
        case Op::TPOWS:
            return r(std::pow(a, b));
        case Op::TMAX:
        case Op::TMAXS:
            return r(fmaximum(a, b));
        case Op::TMIN:
        case Op::TMINS:
            return r(fminimum(a, b));
        case Op::TPRELU:
        case Op::TLRELU:
            return a > 0 ? r(a) : r(a * b);
        case Op::TSUBRELU:
            return r(fmaximum(rv(a - b), 0.0L));
        case Op::TMULADDDST:  // a * b + c (c = dst)
            return r(rv(a * b) + c);
        case Op::TFUSEDMULADD:  // a * dst + b, one rounding
            return fused<T>(a, c, b);
        case Op::TFUSEDMULADDRELU:
            return r(fmaximum(rv(rv(a * c) + b), 0.0L));
        case Op::TADDC:
            return r(rv(a + b) + c);
        case Op::TSUBC:
            return r(rv(a - b) + c);
        case Op::TADDSC:  // (src0 + scalar) + src1: b = scalar, c = src1
            return r(rv(a + b) + c);
        case Op::TSUBSC:
            return r(rv(a - b) + c);
        case Op::TAXPY:  // src * scalar + dst
            return r(rv(a * b) + c);
        case Op::TABS:
            return r(std::fabs(a));
        case Op::TNEG:
            return r(-a);
        case Op::TEXP:
            return r(std::exp(a));
        case Op::TLOG:
            return r(std::log(a));
        case Op::TSQRT:
            return r(std::sqrt(a));
        case Op::TRSQRT:
            return r(1.0L / std::sqrt(a));
        case Op::TRELU:
            return r(fmaximum(a, 0.0L));
        default:
            ADD_FAILURE() << "no float oracle for " << isa::op_info(op).name;
            return T{};
    }
}

// Integer results: exact in 128 bits, wrapped to T (two's complement).
template <typename T>
T wrap(I128 v) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U128>(v)));
}

// x * y modulo 2^128: the exact product of two 64-bit values may not fit an __int128 (u64 * u64), and signed
// overflow is undefined; unsigned arithmetic wraps, and the conversion back is modular (C++20).
I128 mul_mod(I128 x, I128 y) {
    return static_cast<I128>(static_cast<U128>(x) * static_cast<U128>(y));
}

template <typename T>
I128 int_pow(I128 base, I128 e) {
    if (e < 0) {
        if (base == 1)
            return 1;
        if (base == -1)
            return (e % 2 != 0) ? -1 : 1;
        return 0;
    }
    // Repeated multiplication modulo 2^bits, by squaring (the same product: multiplication modulo 2^bits is
    // associative).
    I128 result = 1;
    I128 b = static_cast<I128>(wrap<T>(base));
    for (U128 k = static_cast<U128>(e); k != 0; k >>= 1) {
        if (k & 1)
            result = static_cast<I128>(wrap<T>(mul_mod(result, b)));
        b = static_cast<I128>(wrap<T>(mul_mod(b, b)));
    }
    return result;
}

template <typename T>
T int_oracle(Op op, T a_, T b_, T c_) {
    const I128 a = a_, b = b_, c = c_;
    constexpr int bits = sizeof(T) * 8;
    constexpr bool is_signed = std::is_signed_v<T>;
    using U = std::make_unsigned_t<T>;
    const auto count = static_cast<U>(b_);  // a shift count is the element's bits read as unsigned
    const auto div = [&](I128 x, I128 y) -> T {
        if (y == 0)
            return static_cast<T>(~U{0});
        return wrap<T>(x / y);  // INT_MIN / -1 wraps to INT_MIN
    };
    const auto tmod = [&](I128 x, I128 y) -> I128 { return y == 0 ? x : x % y; };
    switch (op) {
        case Op::TADD:
        case Op::TADDS:
            return wrap<T>(a + b);
        case Op::TSUB:
        case Op::TSUBS:
            return wrap<T>(a - b);
        case Op::TMUL:
        case Op::TMULS:
            return wrap<T>(mul_mod(a, b));
        case Op::TDIV:
        case Op::TDIVS:
            return div(a, b);
        case Op::TRDIVS:
            return div(b, a);
        case Op::TRECIP:
            return div(1, a);
        case Op::TFMOD:
        case Op::TFMODS:
            return wrap<T>(tmod(a, b));
        case Op::TREM:
        case Op::TREMS: {
            if (b == 0)
                return a_;
            I128 r = a % b;
            if (r != 0 && ((r < 0) != (b < 0)))
                r += b;
            return wrap<T>(r);
        }
        case Op::TPOW:
        case Op::TPOWS:
            return wrap<T>(int_pow<T>(a, b));
        case Op::TAND:
        case Op::TANDS:
            return static_cast<T>(a_ & b_);
        case Op::TOR:
        case Op::TORS:
            return static_cast<T>(a_ | b_);
        case Op::TXOR:
        case Op::TXORS:
            return static_cast<T>(a_ ^ b_);
        case Op::TNOT:
            return static_cast<T>(~a_);
        case Op::TSHL:
        case Op::TSHLS:
            return count >= bits ? T(0) : wrap<T>(static_cast<I128>(static_cast<U>(a_)) << count);
        case Op::TSHR:
        case Op::TSHRS:
            if (count >= bits)
                return is_signed && a < 0 ? T(-1) : T(0);
            return is_signed ? static_cast<T>(a >> count) : static_cast<T>(static_cast<U>(a_) >> count);
        case Op::TMAX:
        case Op::TMAXS:
            return a > b ? a_ : b_;
        case Op::TMIN:
        case Op::TMINS:
            return a < b ? a_ : b_;
        case Op::TPRELU:
        case Op::TLRELU:
            return a > 0 ? a_ : wrap<T>(mul_mod(a, b));
        case Op::TADDC:
        case Op::TADDSC:
            return wrap<T>(a + b + c);
        case Op::TSUBC:
        case Op::TSUBSC:
            return wrap<T>(a - b + c);
        case Op::TABS:
            return wrap<T>(a < 0 ? -a : a);
        case Op::TNEG:
            return wrap<T>(-a);
        case Op::TRELU:
            return a > 0 ? a_ : T(0);
        case Op::TLOG:  // pto-isa's CPU simulation only: truncated, saturating
            return a <= 0 ? std::numeric_limits<T>::lowest() : static_cast<T>(std::log(static_cast<LD>(a)));
        default:
            ADD_FAILURE() << "no integer oracle for " << isa::op_info(op).name;
            return T{};
    }
}

template <typename T>
T oracle(Op op, T a, T b, T c) {
    if constexpr (kFloating<T>)
        return float_oracle<T>(op, a, b, c);
    else
        return int_oracle<T>(op, a, b, c);
}

// ---------------------------------------------------------------------------------------------------------------
// Values

template <typename T>
std::vector<T> specials() {
    if constexpr (kFloating<T>) {
        using L = std::numeric_limits<T>;
        std::vector<T> v = {T(0.0f),     T(-0.0f), T(1.0f),         T(-1.0f),       T(0.5f),        T(2.0f),
                            T(3.0f),     T(-7.0f), L::infinity(),   -L::infinity(), L::quiet_NaN(), L::max(),
                            L::lowest(), L::min(), L::denorm_min(), T(-0.75f)};
        if constexpr (!std::is_same_v<T, float>)
            v.push_back(T::from_bits(0x7C01 & 0xFFFF));  // a signalling-NaN pattern (half) / a NaN (bf16)
        return v;
    } else {
        using L = std::numeric_limits<T>;
        std::vector<T> v = {T(0),
                            T(1),
                            T(2),
                            T(3),
                            T(7),
                            L::max(),
                            L::min(),
                            T(L::max() - 1),
                            T(sizeof(T) * 8),
                            T(sizeof(T) * 8 - 1),
                            T(sizeof(T) * 8 + 1)};
        if constexpr (std::is_signed_v<T>)
            for (T x : {T(-1), T(-2), T(-7), T(L::min() + 1)})
                v.push_back(x);
        return v;
    }
}

// A random element: often a special value, else ordinary (small integers and moderate floats, so that sums,
// products and powers stay in range as often as they overflow).
template <typename T>
T random_value(std::mt19937_64& rng, Op op) {
    static const std::vector<T> sp = specials<T>();
    if (rng() % 4 == 0)
        return sp[rng() % sp.size()];
    if constexpr (kFloating<T>) {
        std::uniform_real_distribution<float> d(-40.0f, 40.0f);
        float x = d(rng);
        if (rng() % 3 == 0)
            x = std::ldexp(x, static_cast<int>(rng() % 40) - 20);
        if (op == Op::TPOW || op == Op::TPOWS)
            x = std::uniform_real_distribution<float>(-3.0f, 3.0f)(rng);
        return T(x);
    } else {
        if (rng() % 2 == 0)
            return static_cast<T>(rng());
        return static_cast<T>(static_cast<int64_t>(rng() % 41) - (std::is_signed_v<T> ? 20 : 0));
    }
}

template <typename T>
bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// The element-wise rows whose kernels are the family functors (not TADDDEQRELU's mixed types, not TSELS /
// TEXPANDS, which have tests of their own).
bool functor_row(const isa::OpInfo& d) {
    const bool family = d.family == isa::Family::Binary || d.family == isa::Family::Unary ||
                        d.family == isa::Family::Ternary || d.family == isa::Family::TileScalar;
    return family && d.src_min >= 1 && d.op != Op::TADDDEQRELU && ops::has_kernel(d.op);
}

// One run of op on tiles of element type T with the valid shape (vr, vc) in tiles with `extra` spare 32-byte
// blocks per row and one spare row; in_place: the destination is the first source.
template <typename T>
void check_case(const isa::OpInfo& d, std::mt19937_64& rng, int32_t vr, int32_t vc, int32_t extra,
                bool in_place) {
    constexpr DType t = dtype_of<T>;
    UbTiles tiles(rng);
    const int32_t cols = row_major_cols(sizeof(T), vc, extra);
    const std::size_t nsrc = d.src_min;
    std::vector<TileView> srcs;
    for (std::size_t k = 0; k < nsrc; ++k)
        srcs.push_back(tiles.place(t, vr + 1, cols, vr, vc));
    TileView dst =
        in_place ? srcs[0] : tiles.place(t, vr + 1, row_major_cols(sizeof(T), vc, extra + 1), vr, vc);
    for (auto& s : srcs)
        for (int32_t r = 0; r < vr; ++r)
            for (int32_t c = 0; c < vc; ++c)
                at<T>(s, r, c) = random_value<T>(rng, d.op);
    if (d.reads_dst && !in_place)
        for (int32_t r = 0; r < vr; ++r)
            for (int32_t c = 0; c < vc; ++c)
                at<T>(dst, r, c) = random_value<T>(rng, d.op);
    const T scalar = random_value<T>(rng, d.op);
    std::vector<uint64_t> scalars;
    if (d.scalars == 1)
        scalars.push_back(scalar_bits(scalar));

    UbImage image;
    const TileView want = image.expected(dst);
    for (int32_t r = 0; r < vr; ++r) {
        for (int32_t c = 0; c < vc; ++c) {
            // The oracle's operands in the family's order (functors.hpp).
            T a = at<T>(srcs[0], r, c), b{}, e{};
            const T dv = at<T>(dst, r, c);
            if (d.family == isa::Family::TileScalar) {
                b = scalar;
                e = nsrc == 2 ? at<T>(srcs[1], r, c) : dv;
            } else {
                if (nsrc >= 2)
                    b = at<T>(srcs[1], r, c);
                e = nsrc == 3 ? at<T>(srcs[2], r, c) : dv;
            }
            at<T>(want, r, c) = oracle<T>(d.op, a, b, e);
        }
    }
    ops::execute(d.op, {std::span<const TileView>(&dst, 1), srcs, scalars, {}});
    if (!image.matches_ub()) {
        // Name the first element that differs.
        for (int32_t r = 0; r < vr; ++r)
            for (int32_t c = 0; c < vc; ++c)
                if (!same_bits(at<T>(dst, r, c), at<T>(want, r, c))) {
                    const T a = at<T>(srcs[0], r, c);
                    FAIL() << d.name << " " << dtype_name(t) << " " << vr << "x" << vc
                           << (in_place ? " in place" : "") << " at (" << r << ", " << c << "): got "
                           << static_cast<double>(at<T>(dst, r, c)) << ", want "
                           << static_cast<double>(at<T>(want, r, c)) << "; src0 " << static_cast<double>(a)
                           << ", src1/scalar "
                           << static_cast<double>(nsrc >= 2 && d.family != isa::Family::TileScalar
                                                      ? at<T>(srcs[1], r, c)
                                                      : scalar);
                }
        FAIL() << d.name << " " << dtype_name(t)
               << " wrote outside its valid region: " << image.matches_ub().message();
    }
}

TEST_P(ElementwiseKernel, EveryInstructionTypeAndShapeMatchesTheOracle) {
    std::mt19937_64 rng(2026);
    struct Shape {
        int32_t vr, vc, extra;
    };
    constexpr Shape shapes[] = {{1, 1, 0}, {3, 17, 1}, {4, 64, 0}, {2, 131, 2}, {5, 7, 1}};
    int cases = 0;
    for (const isa::OpInfo& d : isa::kOps) {
        if (!functor_row(d))
            continue;
        for (unsigned code = 0; code < 32; ++code) {
            const auto t = static_cast<DType>(code);
            if (!dtype_code_valid(code) || !d.kernel_types().contains(t))
                continue;
            visit_dtype(t, [&](auto tag) {
                using T = decltype(tag);
                if constexpr (!std::is_same_v<T, double>) {
                    for (const Shape& s : shapes) {
                        check_case<T>(d, rng, s.vr, s.vc, s.extra, false);
                        ++cases;
                    }
                    check_case<T>(d, rng, 3, 40, 0, true);
                    ++cases;
                }
            });
            if (::testing::Test::HasFatalFailure())
                return;
        }
    }
    EXPECT_GT(cases, 500);
}

// Every input of the 16-bit float types through the functions that round, against the long double function.
template <typename T>
void every_input(Op op, uint64_t scalar_bits_ = 0) {
    if (!isa::op_info(op).kernel_types().contains(dtype_of<T>))
        return;
    std::mt19937_64 rng(1);
    UbTiles tiles(rng);
    TileView src = tiles.place(dtype_of<T>, 256, 256, 256, 256);
    TileView dst = tiles.place(dtype_of<T>, 256, 256, 256, 256);
    for (int i = 0; i < 65536; ++i)
        reinterpret_cast<uint16_t*>(src.data)[i] = static_cast<uint16_t>(i);
    std::vector<uint64_t> scalars;
    if (isa::op_info(op).scalars == 1)
        scalars.push_back(scalar_bits_);
    ops::execute(op, {std::span<const TileView>(&dst, 1), std::span<const TileView>(&src, 1), scalars, {}});
    const T s = std::bit_cast<T>(static_cast<uint16_t>(scalar_bits_));
    int wrong = 0;
    for (int i = 0; i < 65536 && wrong < 5; ++i) {
        const T x = T::from_bits(static_cast<uint16_t>(i));
        const T want = oracle<T>(op, x, s, T{});
        const T got = reinterpret_cast<T*>(dst.data)[i];
        if (!same_bits(got, want)) {
            ++wrong;
            ADD_FAILURE() << isa::op_info(op).name << " " << dtype_name(dtype_of<T>) << " of 0x" << std::hex
                          << i << ": got 0x" << got.bits() << ", want 0x" << want.bits();
        }
    }
}

TEST_P(ElementwiseKernel, RoundingFunctionsAreCorrectlyRoundedForEvery16BitInput) {
    for (Op op : {Op::TEXP, Op::TLOG, Op::TSQRT, Op::TRSQRT, Op::TRECIP}) {
        every_input<float16>(op);
        every_input<bfloat16>(op);
    }
    for (float e : {2.0f, 0.5f, -1.5f, 3.0f, 1.0f / 3.0f}) {
        every_input<float16>(Op::TPOWS, float16(e).bits());
        every_input<bfloat16>(Op::TPOWS, bfloat16(e).bits());
    }
}

// Float inputs through the functions that round, against the long double function: a spread over every
// exponent and sign (bit patterns i * 131071), then dense runs where the fast kernels change method: TEXP's
// subnormal results (x in [-104, -87]) and its overflow edge, TRSQRT near the smallest normal and the largest
// finite values. (`ptosim-bench --exhaustive` runs all 2^32.)
TEST_P(ElementwiseKernel, RoundingFunctionsAreCorrectlyRoundedForFloatSamples) {
    std::mt19937_64 rng(1);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::F32, 128, 256, 128, 256);
    TileView dst = tiles.place(DType::F32, 128, 256, 128, 256);
    struct Run {
        uint32_t first, stride;
    };
    constexpr uint32_t kCount = 128 * 256;
    const Run spread{0, 131071};
    const std::pair<Op, std::vector<Run>> cases[] = {
        {Op::TEXP, {spread, {0xC2AE0000u, 66}, {0xC2D00000u - kCount * 3u, 3}, {0x42B17000u, 1}}},
        {Op::TLOG, {spread}},
        {Op::TSQRT, {spread}},
        {Op::TRSQRT, {spread, {0x00800000u - kCount / 2u, 1}, {0x7F800000u - kCount, 1}}},
        {Op::TRECIP, {spread}},
    };
    for (const auto& [op, runs] : cases) {
        for (const Run& run : runs) {
            auto* in = reinterpret_cast<uint32_t*>(src.data);
            for (uint32_t i = 0; i < kCount; ++i)
                in[i] = run.first + i * run.stride;
            ops::execute(op,
                         {std::span<const TileView>(&dst, 1), std::span<const TileView>(&src, 1), {}, {}});
            int wrong = 0;
            for (uint32_t i = 0; i < kCount && wrong < 5; ++i) {
                const float x = std::bit_cast<float>(in[i]);
                const float want = oracle<float>(op, x, 0.0f, 0.0f);
                const float got = reinterpret_cast<const float*>(dst.data)[i];
                if (!same_bits(got, want)) {
                    ++wrong;
                    ADD_FAILURE() << isa::op_info(op).name << " f32 of 0x" << std::hex << in[i] << ": got 0x"
                                  << std::bit_cast<uint32_t>(got) << ", want 0x"
                                  << std::bit_cast<uint32_t>(want);
                }
            }
        }
    }
}

// The run-time rules of the families, each failing before anything is written.
TEST_P(ElementwiseKernel, Rules) {
    std::mt19937_64 rng(7);
    UbTiles tiles(rng);
    TileView a = tiles.place(DType::F32, 4, 16, 4, 16);
    TileView b = tiles.place(DType::F32, 4, 16, 4, 16);
    TileView dst = tiles.place(DType::F32, 4, 16, 4, 16);
    const TileView srcs[] = {a, b};
    const auto run = [&](Op op, TileView d, std::span<const TileView> s, std::span<const uint64_t> sc = {}) {
        ops::execute(op, {std::span<const TileView>(&d, 1), s, sc, {}});
    };
    EXPECT_FAILS_UNTOUCHED(run(Op::TADD, dst, std::span<const TileView>(srcs, 1)),
                           "TADD: wrong number of source tiles (got=1, min=2, max=2)");
    TileView i32 = dst;
    i32.dtype = DType::S32;
    EXPECT_FAILS_UNTOUCHED(run(Op::TADD, i32, srcs),
                           "TADD: every operand has the destination's element type");
    TileView f64 = dst;
    f64.dtype = DType::F64;
    EXPECT_FAILS_UNTOUCHED(run(Op::TEXP, f64, std::span<const TileView>(srcs, 1)),
                           "TEXP: element type not supported by the instruction (operand=dst, dtype=double");
    TileView narrow = dst;
    narrow.valid_cols = 8;
    EXPECT_FAILS_UNTOUCHED(run(Op::TMUL, narrow, srcs),
                           "TMUL: every operand has the destination's valid shape");
    TileView overlapping = dst;
    overlapping.data = a.data + 16;
    EXPECT_FAILS_UNTOUCHED(run(Op::TSUB, overlapping, srcs),
                           "TSUB: a destination overlapping a source must start at or before it");
    TileView col = a;
    col.layout = Layout::col_major(4, 16);
    const TileView col_srcs[] = {col, b};
    EXPECT_FAILS_UNTOUCHED(run(Op::TMAX, dst, col_srcs), "TMAX: tile must be row-major (operand=src0");
    EXPECT_FAILS_UNTOUCHED(run(Op::TADDS, dst, std::span<const TileView>(srcs, 1)),
                           "TADDS: wrong number of scalar operands (got=0, want=1)");
    EXPECT_FAILS_UNTOUCHED(run(Op::ESAVE, dst, std::span<const TileView>(srcs, 1)),
                           "ESAVE: not implemented by the kernel core yet");
}

}  // namespace
