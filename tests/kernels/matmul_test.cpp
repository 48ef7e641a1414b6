// TMATMUL's kernel core (ops::tmatmul) against oracles written from docs/isa/TMATMUL.md: small-integer
// inputs, whose sums are exact in any order, through the cube's fractal layouts (Nz Left, Zn Right, Nz Acc)
// and plain ones, for every input type, with and without the old accumulator and the bias; hand-made values
// where the k order and the fused steps decide the float result; the run-time rules write nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

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

class Matmul : public ::testing::Test {
  protected:
    std::mt19937_64 rng_{42};
};

TEST_F(Matmul, SmallIntegersThroughEveryLayoutAndForm) {
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
TEST_F(Matmul, FloatChainIsKOrderedAndFused) {
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

TEST_F(Matmul, Int8WrapsInInt32) {
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

TEST_F(Matmul, RunTimeRules) {
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
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(small_c, a, b, nullptr, nullptr),
                           "TMATMUL: dst's valid region holds the M x N result");
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(half_c, a, b, nullptr, nullptr), "TMATMUL: the accumulator is");
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(c, a, b, nullptr, &bias),
                           "TMATMUL: bias holds one value per output column");
    const TileView int_a = tiles.place(DType::S32, Layout::row_major(16, 32), 16, 32);
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul(c, int_a, b, nullptr, nullptr),
                           "TMATMUL: element type not supported");
}

}  // namespace
