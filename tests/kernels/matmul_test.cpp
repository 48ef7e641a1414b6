// TMATMUL's kernel core (ops::tmatmul) against oracles written from docs/isa/TMATMUL.md: small-integer
// inputs, whose sums are exact in any order, through the cube's fractal layouts (Nz Left, Zn Right, Nz Acc)
// and plain ones, for every input type, with and without the old accumulator and the bias; hand-made values
// where the k order and the fused steps decide the float result; the run-time rules write nothing. Every
// test runs on the reference kernel and on the fast kernel of every SIMD target; the fast kernel must give
// the reference's bits on mixed-magnitude data (where another summation order gives other bits), odd and
// vector-unaligned shapes, valid regions smaller than the tiles and every layout.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/ops/matmul.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

// pto-isa's cube layouts: boxes of 16 rows x 32 bytes (Left Nz, Right Zn), 16 x 16 elements (Acc Nz).
Layout left_nz(DType t, int32_t r, int32_t c) {
    return Layout::boxed(Layout::Kind::Nz, r, c, 16, static_cast<int32_t>(32 / dtype_size(t)));
}
Layout right_zn(DType t, int32_t r, int32_t c) {
    return Layout::boxed(Layout::Kind::Zn, r, c, static_cast<int32_t>(32 / dtype_size(t)), 16);
}
Layout acc_nz(int32_t r, int32_t c) {
    return Layout::boxed(Layout::Kind::Nz, r, c, 16, 16);
}

void put(const TileView& t, int32_t r, int32_t c, double v) {
    switch (t.dtype) {
        case DType::S8:
            *reinterpret_cast<int8_t*>(t.at(r, c)) = static_cast<int8_t>(v);
            break;
        case DType::S32:
            *reinterpret_cast<int32_t*>(t.at(r, c)) = static_cast<int32_t>(v);
            break;
        case DType::F16:
            *reinterpret_cast<float16*>(t.at(r, c)) = static_cast<float16>(static_cast<float>(v));
            break;
        case DType::BF16:
            *reinterpret_cast<bfloat16*>(t.at(r, c)) = static_cast<bfloat16>(static_cast<float>(v));
            break;
        default: {
            const auto f = static_cast<float>(v);
            std::memcpy(t.at(r, c), &f, 4);
        }
    }
}

class Matmul : public ptosim::testing::KernelTest {
  protected:
    std::mt19937_64 rng_{42};
};
PTOSIM_INSTANTIATE_KERNEL_TEST(Matmul);

TEST_P(Matmul, SmallIntegersThroughEveryLayoutAndForm) {
    int cases = 0;
    for (const DType in : {DType::S8, DType::F16, DType::BF16, DType::F32})
        for (const bool cube_layouts : {true, false})
            for (const int form : {0, 1, 2}) {  // plain, ACC, BIAS
                const DType acc = in == DType::S8 ? DType::S32 : DType::F32;
                const int32_t M = 32, K = 64, N = 32;  // physical; multiples of every box
                const int32_t m = 1 + static_cast<int32_t>(rng_() % M),
                              k = 1 + static_cast<int32_t>(rng_() % K);
                const int32_t n = 1 + static_cast<int32_t>(rng_() % N);
                UbTiles tiles(rng_);
                const TileView a =
                    tiles.place(in, cube_layouts ? left_nz(in, M, K) : Layout::row_major(M, K), m, k);
                const TileView b =
                    tiles.place(in, cube_layouts ? right_zn(in, K, N) : Layout::col_major(K, N), k, n);
                const TileView c =
                    tiles.place(acc, cube_layouts ? acc_nz(M, N) : Layout::row_major(M, N), m, n);
                const TileView old =
                    tiles.place(acc, cube_layouts ? acc_nz(M, N) : Layout::row_major(M, N), m, n);
                const TileView bias = tiles.place(acc, Layout::row_major(1, N), 1, n);
                std::uniform_int_distribution<int> small(-8, 8);
                for (int32_t i = 0; i < m; ++i)
                    for (int32_t x = 0; x < k; ++x)
                        put(a, i, x, small(rng_));
                for (int32_t x = 0; x < k; ++x)
                    for (int32_t j = 0; j < n; ++j)
                        put(b, x, j, small(rng_));
                for (int32_t j = 0; j < n; ++j)
                    put(bias, 0, j, small(rng_) * 100);
                for (int32_t i = 0; i < m; ++i)
                    for (int32_t j = 0; j < n; ++j)
                        put(old, i, j, small(rng_) * 1000);
                UbImage image;
                const TileView want = image.expected(c);
                for (int32_t i = 0; i < m; ++i)
                    for (int32_t j = 0; j < n; ++j) {
                        long long s = 0;
                        for (int32_t x = 0; x < k; ++x) {
                            double av = 0, bv = 0;
                            // read back through the element type (exact for these integers)
                            if (in == DType::S8) {
                                av = *reinterpret_cast<const int8_t*>(a.at(i, x));
                                bv = *reinterpret_cast<const int8_t*>(b.at(x, j));
                            } else if (in == DType::F16) {
                                av = static_cast<float>(*reinterpret_cast<const float16*>(a.at(i, x)));
                                bv = static_cast<float>(*reinterpret_cast<const float16*>(b.at(x, j)));
                            } else if (in == DType::BF16) {
                                av = static_cast<float>(*reinterpret_cast<const bfloat16*>(a.at(i, x)));
                                bv = static_cast<float>(*reinterpret_cast<const bfloat16*>(b.at(x, j)));
                            } else {
                                float fa = 0, fb = 0;
                                std::memcpy(&fa, a.at(i, x), 4);
                                std::memcpy(&fb, b.at(x, j), 4);
                                av = fa;
                                bv = fb;
                            }
                            s += static_cast<long long>(av) * static_cast<long long>(bv);
                        }
                        if (form == 1) {
                            if (acc == DType::S32)
                                s += *reinterpret_cast<const int32_t*>(old.at(i, j));
                            else {
                                float f = 0;
                                std::memcpy(&f, old.at(i, j), 4);
                                s += static_cast<long long>(f);
                            }
                        }
                        if (form == 2) {
                            if (acc == DType::S32)
                                s += *reinterpret_cast<const int32_t*>(bias.at(0, j));
                            else {
                                float f = 0;
                                std::memcpy(&f, bias.at(0, j), 4);
                                s += static_cast<long long>(f);
                            }
                        }
                        put(want, i, j, static_cast<double>(s));
                    }
                ops::tmatmul(c, a, b, form == 1 ? &old : nullptr, form == 2 ? &bias : nullptr);
                EXPECT_TRUE(image.matches_ub())
                    << dtype_name(in) << (cube_layouts ? " cube layouts" : " plain") << " form " << form
                    << " M K N " << m << " " << k << " " << n;
                ++cases;
            }
    EXPECT_EQ(cases, 24);
}

// The k order and the fused steps: s = fma(a, b, s) from 0, k ascending, then the old value added once.
TEST_P(Matmul, FloatChainIsKOrderedAndFused) {
    UbTiles tiles(rng_);
    const TileView a = tiles.place(DType::F32, Layout::row_major(1, 8), 1, 3);
    const TileView b = tiles.place(DType::F32, Layout::col_major(8, 8), 3, 2);
    const TileView c = tiles.place(DType::F32, Layout::row_major(1, 8), 1, 2);
    const TileView old = tiles.place(DType::F32, Layout::row_major(1, 8), 1, 2);
    const float e = 1.0f + 0x1p-12f;
    // Column 0: 1e8 + 1 - 1e8 in k order is 0 (1e8 + 1 rounds back to 1e8; another order gives 1).
    put(a, 0, 0, 1e8);
    put(a, 0, 1, 1);
    put(a, 0, 2, -1e8);
    for (int32_t x = 0; x < 3; ++x) {
        put(b, x, 0, 1);
        put(b, x, 1, 0);
    }
    ops::tmatmul(c, a, b, nullptr, nullptr);
    float got = 0;
    std::memcpy(&got, c.at(0, 0), 4);
    EXPECT_EQ(got, 0.0f);
    // The fused step: -1, then e * e added with one rounding: 2^-11 + 2^-24 (a rounded product gives 2^-11).
    const TileView a2 = tiles.place(DType::F32, Layout::row_major(1, 8), 1, 2);
    const TileView b2 = tiles.place(DType::F32, Layout::col_major(8, 8), 2, 1);
    put(a2, 0, 0, -1);
    put(a2, 0, 1, e);
    put(b2, 0, 0, 1);
    put(b2, 1, 0, e);
    ops::tmatmul(c, a2, b2, nullptr, nullptr);
    std::memcpy(&got, c.at(0, 0), 4);
    EXPECT_EQ(got, 0x1p-11f + 0x1p-24f);
    // ACC: the chain from zero, then the old value: 2^24 + (1 + 1) = 2^24 + 2, where adding 1 twice to 2^24
    // would give 2^24.
    const TileView a3 = tiles.place(DType::F32, Layout::row_major(1, 8), 1, 2);
    const TileView b3 = tiles.place(DType::F32, Layout::col_major(8, 8), 2, 1);
    put(a3, 0, 0, 1);
    put(a3, 0, 1, 1);
    put(b3, 0, 0, 1);
    put(b3, 1, 0, 1);
    put(old, 0, 0, 0x1p24);
    ops::tmatmul(c, a3, b3, &old, nullptr);
    std::memcpy(&got, c.at(0, 0), 4);
    EXPECT_EQ(got, 0x1p24f + 2.0f);
    // The accumulator may be the destination itself.
    ops::tmatmul(old, a3, b3, &old, nullptr);
    std::memcpy(&got, old.at(0, 0), 4);
    EXPECT_EQ(got, 0x1p24f + 2.0f);
}

TEST_P(Matmul, Int8WrapsInInt32) {
    UbTiles tiles(rng_);
    const TileView a = tiles.place(DType::S8, Layout::row_major(1, 32), 1, 2);
    const TileView b = tiles.place(DType::S8, Layout::col_major(32, 1), 2, 1);
    const TileView c = tiles.place(DType::S32, Layout::row_major(1, 8), 1, 1);
    const TileView old = tiles.place(DType::S32, Layout::row_major(1, 8), 1, 1);
    put(a, 0, 0, -128);
    put(a, 0, 1, -128);
    put(b, 0, 0, -128);
    put(b, 1, 0, -128);
    put(old, 0, 0, 2147483647.0 - 32768.0 + 2.0);
    ops::tmatmul(c, a, b, &old, nullptr);  // (2^31 - 32766) + 32768 wraps to -2^31 + 1
    EXPECT_EQ(*reinterpret_cast<const int32_t*>(c.at(0, 0)), INT32_MIN + 1);
}

// ---------------------------------------------------------------------------------------------------------------
// The fast kernel against the reference kernel, bit for bit.

// A value of mixed magnitude for element type t: products and sums of these lose low bits, so another
// summation order (or an unfused step) gives other bits. `special` adds zeros, infinities and values whose
// products overflow.
double mixed(DType t, std::mt19937_64& rng, bool special) {
    std::uniform_int_distribution<int> pick(0, 63);
    const int p = pick(rng);
    if (t == DType::S8 || t == DType::S32) {
        if (t == DType::S8)
            return std::uniform_int_distribution<int>(-128, 127)(rng);
        return static_cast<double>(static_cast<int32_t>(rng()));  // any int32: the final add wraps
    }
    const double sign = (rng() & 1) ? -1.0 : 1.0;
    if (special && p == 0)
        return sign * INFINITY;
    if (special && p == 1)
        return 0.0;
    if (special && p == 2)
        return sign * (t == DType::F16 ? 65504.0 : 0x1p100);
    // Half: exponents down to the subnormals (products and sums stay in float's range).
    const int lo = t == DType::F16 ? -20 : -40, hi = t == DType::F16 ? 12 : 40;
    const int e = std::uniform_int_distribution<int>(lo, hi)(rng);
    const double frac = 1.0 + static_cast<double>(rng() % (1u << 23)) * 0x1p-23;
    return sign * std::ldexp(frac, e);
}

float get_f(const TileView& t, int32_t r, int32_t c) {
    switch (t.dtype) {
        case DType::F16:
            return static_cast<float>(*reinterpret_cast<const float16*>(t.at(r, c)));
        case DType::BF16:
            return static_cast<float>(*reinterpret_cast<const bfloat16*>(t.at(r, c)));
        default: {
            float f = 0;
            std::memcpy(&f, t.at(r, c), 4);
            return f;
        }
    }
}

// The tile layouts of one case: Left, Right and the accumulator's (c and the old value).
struct Layouts {
    const char* name;
    Layout (*left)(DType, int32_t, int32_t);
    Layout (*right)(DType, int32_t, int32_t);
    Layout (*acc)(int32_t, int32_t);
};

// Physical extent: the valid extent rounded up to `unit`, plus one more unit when `extra`.
int32_t physical(int32_t valid, int32_t unit, bool extra) {
    return ((valid + unit - 1) / unit + (extra ? 1 : 0)) * unit;
}

Layout boxed_any(Layout::Kind kind, DType t, int32_t r, int32_t c, bool rows16) {
    const auto per32 = static_cast<int32_t>(32 / dtype_size(t));
    return Layout::boxed(kind, r, c, rows16 ? 16 : per32, rows16 ? per32 : 16);
}

const Layouts kLayouts[] = {
    {"Nz/Zn/Nz", left_nz, right_zn, acc_nz},
    {"Zz/Zn/Nz", [](DType t, int32_t r, int32_t c) { return boxed_any(Layout::Kind::Zz, t, r, c, true); },
     right_zn, acc_nz},
    {"row/col/row", [](DType, int32_t r, int32_t c) { return Layout::row_major(r, c); },
     [](DType, int32_t r, int32_t c) { return Layout::col_major(r, c); },
     [](int32_t r, int32_t c) { return Layout::row_major(r, c); }},
    {"col/row/col", [](DType, int32_t r, int32_t c) { return Layout::col_major(r, c); },
     [](DType, int32_t r, int32_t c) { return Layout::row_major(r, c); },
     [](int32_t r, int32_t c) { return Layout::col_major(r, c); }},
    {"Nn/Nz/Zn", [](DType t, int32_t r, int32_t c) { return boxed_any(Layout::Kind::Nn, t, r, c, true); },
     [](DType t, int32_t r, int32_t c) { return boxed_any(Layout::Kind::Nz, t, r, c, false); },
     [](int32_t r, int32_t c) { return Layout::boxed(Layout::Kind::Zn, r, c, 16, 16); }},
};

enum class Form { Plain, Acc, AccInPlace, Bias };

// Runs one case on the reference kernel and then on this test's backend, from the same UB, and requires the
// same UB bytes: the same bits in c's valid region, nothing written elsewhere. Returns how many outputs
// (among the first few) a reversed k order would change, to show that the data decides the order.
int check_against_ref(DType in, const Layouts& lays, int32_t m, int32_t k, int32_t n, Form form, bool extra,
                      bool special, std::mt19937_64& rng) {
    const DType acc = in == DType::S8 ? DType::S32 : DType::F32;
    const auto per32 = static_cast<int32_t>(32 / dtype_size(in));
    // Box units: 16 rows / columns on the M and N sides, 32 bytes on K (enough for every layout above).
    const int32_t pm = physical(m, 16, extra), pk = physical(k, per32, extra), pn = physical(n, 16, extra);
    UbTiles tiles(rng);
    const TileView a = tiles.place(in, lays.left(in, pm, pk), m, k);
    const TileView b = tiles.place(in, lays.right(in, pk, pn), k, n);
    const TileView c = tiles.place(acc, lays.acc(pm, pn), m, n);
    const TileView old = form == Form::Acc ? tiles.place(acc, lays.acc(pm, pn), m, n) : c;
    const TileView bias = tiles.place(acc, Layout::row_major(1, pn), 1, n);
    for (int32_t i = 0; i < m; ++i)
        for (int32_t x = 0; x < k; ++x)
            put(a, i, x, mixed(in, rng, special));
    for (int32_t x = 0; x < k; ++x)
        for (int32_t j = 0; j < n; ++j)
            put(b, x, j, mixed(in, rng, special));
    for (int32_t j = 0; j < n; ++j)
        put(bias, 0, j, mixed(acc, rng, false));
    if (form == Form::Acc || form == Form::AccInPlace)
        for (int32_t i = 0; i < m; ++i)
            for (int32_t j = 0; j < n; ++j)
                put(old, i, j, mixed(acc, rng, false));
    const TileView* acc_in = form == Form::Acc || form == Form::AccInPlace ? &old : nullptr;
    const TileView* bias_in = form == Form::Bias ? &bias : nullptr;

    const std::vector<std::byte> before(ub::base(), ub::base() + ub::kSize);
    {
        ScopedBackend ref(Backend::Ref);
        ops::tmatmul(c, a, b, acc_in, bias_in);
    }
    const UbImage want;  // the reference's result
    std::memcpy(ub::base(), before.data(), ub::kSize);
    ops::tmatmul(c, a, b, acc_in, bias_in);
    EXPECT_TRUE(want.matches_ub()) << dtype_name(in) << " " << lays.name << " M K N " << m << " " << k << " "
                                   << n << " form " << static_cast<int>(form) << (extra ? " padded" : "")
                                   << (special ? " special values" : "");
    int order_sensitive = 0;
    if (in != DType::S8)
        for (int32_t i = 0; i < std::min(m, 4); ++i)
            for (int32_t j = 0; j < std::min(n, 4); ++j) {
                float fwd = 0, rev = 0;
                for (int32_t x = 0; x < k; ++x) {
                    fwd = std::fma(get_f(a, i, x), get_f(b, x, j), fwd);
                    rev = std::fma(get_f(a, i, k - 1 - x), get_f(b, k - 1 - x, j), rev);
                }
                order_sensitive += fwd != rev;
            }
    return order_sensitive;
}

TEST_P(Matmul, SameBitsAsTheReference) {
    struct Shape {
        int32_t m, k, n;
    };
    // Ones, odd sizes, sizes around the vector widths (4, 8 and 16 lanes) and the register blocks, K to 512.
    constexpr Shape kShapes[] = {{1, 1, 1},    {1, 7, 1},    {3, 5, 17},  {7, 33, 31},  {16, 32, 16},
                                 {17, 64, 47}, {6, 130, 64}, {13, 9, 97}, {5, 512, 33}, {32, 256, 80}};
    int cases = 0, order_sensitive = 0;
    for (const DType in : {DType::S8, DType::F16, DType::BF16, DType::F32})
        for (const Layouts& lays : kLayouts)
            for (const Shape& s : kShapes) {
                const Form form = static_cast<Form>(cases % 4);
                const bool extra = (cases / 4) % 2 == 1;
                order_sensitive += check_against_ref(in, lays, s.m, s.k, s.n, form, extra, false, rng_);
                ++cases;
            }
    EXPECT_EQ(cases, 4 * 5 * 10);
    EXPECT_GT(order_sensitive, 100);  // the float data decides the summation order
}

TEST_P(Matmul, SameBitsAsTheReferenceInEveryForm) {
    for (const DType in : {DType::S8, DType::F16, DType::BF16, DType::F32})
        for (const Form form : {Form::Plain, Form::Acc, Form::AccInPlace, Form::Bias})
            for (const bool extra : {false, true}) {
                check_against_ref(in, kLayouts[0], 19, 71, 37, form, extra, false, rng_);
                check_against_ref(in, kLayouts[2], 8, 24, 64, form, extra, false, rng_);
            }
}

// Infinities, zeros and overflowing products: infinite and NaN sums come out the same.
TEST_P(Matmul, SameBitsAsTheReferenceOnSpecialValues) {
    for (const DType in : {DType::F16, DType::BF16, DType::F32})
        for (const Form form : {Form::Plain, Form::Acc, Form::Bias}) {
            check_against_ref(in, kLayouts[0], 20, 40, 40, form, false, true, rng_);
            check_against_ref(in, kLayouts[3], 9, 17, 23, form, true, true, rng_);
        }
}

TEST_P(Matmul, RunTimeRules) {
    UbTiles tiles(rng_);
    const TileView a = tiles.place(DType::F16, left_nz(DType::F16, 16, 32), 16, 32);
    const TileView b = tiles.place(DType::F16, right_zn(DType::F16, 32, 16), 32, 16);
    const TileView short_b = tiles.place(DType::F16, right_zn(DType::F16, 32, 16), 31, 16);
    const TileView bf = tiles.place(DType::BF16, right_zn(DType::BF16, 32, 16), 32, 16);
    const TileView c = tiles.place(DType::F32, acc_nz(16, 16), 16, 16);
    const TileView small_c = tiles.place(DType::F32, acc_nz(16, 16), 16, 8);
    const TileView half_c = tiles.place(DType::F16, acc_nz(16, 16), 16, 16);
    const TileView bias = tiles.place(DType::F32, Layout::row_major(1, 16), 1, 8);
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(c, a, short_b, nullptr, nullptr),
                           "TMATMUL: b's valid rows equal a's valid columns (K)");
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(c, a, bf, nullptr, nullptr),
                           "TMATMUL: a and b have one element type");
    // A valid region smaller than M x N is the device's too (it writes M x N into the tile): a warning, and
    // the whole result.
    ops::tmatmul(c, a, b, nullptr, nullptr);
    ops::tmatmul(small_c, a, b, nullptr, nullptr);
    EXPECT_EQ(std::memcmp(c.data, small_c.data, c.layout.size() * sizeof(float)), 0);
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(half_c, a, b, nullptr, nullptr), "TMATMUL: the accumulator is");
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(c, a, b, nullptr, &bias),
                           "TMATMUL: bias holds one value per output column");
    const TileView int_a = tiles.place(DType::S32, Layout::row_major(16, 32), 16, 32);
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(c, int_a, b, nullptr, nullptr),
                           "TMATMUL: element type not supported");
}

}  // namespace
