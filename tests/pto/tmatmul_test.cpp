// The matmul family through the C++ API on the cube's tiles (TileLeft in L0A, TileRight in L0B, TileAcc in
// L0C, a Bias tile), with values worked by hand: a = 1s, b(k, j) = j, so c(i, j) = K * j; the kernel tests
// sweep types, layouts and the k order.
#include <gtest/gtest.h>

#include <pto/pto-inst.hpp>

#include "support/check_matchers.hpp"

namespace {

using namespace pto;

constexpr int M = 16, K = 32, N = 16;
using A = TileLeft<half, M, K>;
using B = TileRight<half, K, N>;
using C = TileAcc<float, M, N>;
using Bias = Tile<TileType::Bias, float, 1, N>;

struct Operands {
    A a;
    B b;
    C c, c2;
    Bias bias;
    Operands() {
        TASSIGN(a, 0x0);
        TASSIGN(b, 0x0);
        TASSIGN(c, 0x0);
        TASSIGN(c2, 0x4000);
        TASSIGN(bias, 0x0);
        for (int i = 0; i < M; ++i)
            for (int k = 0; k < K; ++k)
                a.SetElement(i, k, static_cast<half>(1.0f));
        for (int k = 0; k < K; ++k)
            for (int j = 0; j < N; ++j)
                b.SetElement(k, j, static_cast<half>(static_cast<float>(j)));
        for (int j = 0; j < N; ++j)
            bias.SetElement(0, j, 0.5f * static_cast<float>(j));
    }
};

TEST(TMatmul, EveryForm) {
    Operands o;
    TMATMUL(o.c, o.a, o.b);
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j)
            ASSERT_EQ(o.c.GetElement(i, j), static_cast<float>(K * j)) << i << "," << j;
    TMATMUL_ACC(o.c2, o.c, o.a, o.b);  // c2 = c + a x b
    EXPECT_EQ(o.c2.GetElement(3, 5), 2.0f * K * 5);
    TMATMUL_ACC(o.c, o.a, o.b);  // the shared accumulator: c += a x b
    EXPECT_EQ(o.c.GetElement(15, 15), 2.0f * K * 15);
    TMATMUL_BIAS<AccPhase::Final>(o.c, o.a, o.b, o.bias);
    EXPECT_EQ(o.c.GetElement(7, 9), K * 9 + 4.5f);
    TGEMV(o.c2, o.a, o.b);  // every valid row, as pto-isa's CPU simulation
    EXPECT_EQ(o.c2.GetElement(15, 1), static_cast<float>(K));
    TGEMV_BIAS(o.c2, o.a, o.b, o.bias);
    EXPECT_EQ(o.c2.GetElement(0, 2), K * 2 + 1.0f);
}

TEST(TMatmul, ValidShapesChooseMKN) {
    TileLeft<float, M, 16, 5, 12> a;   // M = 5, K = 12
    TileRight<float, 16, N, 12, 3> b;  // N = 3
    TileAcc<float, M, N, 5, 3> c;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x0);
    TASSIGN(c, 0x0);
    for (int i = 0; i < 5; ++i)
        for (int k = 0; k < 12; ++k)
            a.SetElement(i, k, static_cast<float>(i + k));
    for (int k = 0; k < 12; ++k)
        for (int j = 0; j < 3; ++j)
            b.SetElement(k, j, static_cast<float>(j - k));
    TMATMUL(c, a, b);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 3; ++j) {
            float want = 0;
            for (int k = 0; k < 12; ++k)
                want += static_cast<float>((i + k) * (j - k));  // small integers: exact in any order
            EXPECT_EQ(c.GetElement(i, j), want) << i << "," << j;
        }
    TileRight<float, 16, N, 11, 3> short_b;
    TASSIGN(short_b, 0x1000);
    EXPECT_CHECK_FAILS(TMATMUL(c, a, short_b), "TMATMUL: b's valid rows equal a's valid columns (K)");
}

}  // namespace

namespace {

TEST(TMatmulMx, EveryFormThroughTheApi) {
    using namespace pto;
    TileLeft<float8_e4m3_t, 16, 64> a;
    TileRight<float8_e5m2_t, 64, 16> b;
    TileLeftScale<float8_e8m0_t, 16, 2> as;
    TileRightScale<float8_e8m0_t, 2, 16> bs;
    TileAcc<float, 16, 16> c, c2;
    Tile<TileType::Bias, float, 1, 16> bias;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x0);
    TASSIGN(c, 0x0);
    TASSIGN(c2, 0x4000);
    TASSIGN(bias, 0x0);
    TGET_SCALE_ADDR(as, a);
    TGET_SCALE_ADDR(bs, b);
    for (int i = 0; i < 16; ++i)
        for (int k = 0; k < 64; ++k)
            a.SetElement(i, k, float8_e4m3_t(1.0f));
    for (int k = 0; k < 64; ++k)
        for (int j = 0; j < 16; ++j)
            b.SetElement(k, j, float8_e5m2_t(static_cast<float>(j % 4)));
    for (int i = 0; i < 16; ++i) {
        as.SetElement(i, 0, float8_e8m0_t(1.0f));
        as.SetElement(i, 1, float8_e8m0_t(2.0f));
    }
    for (int j = 0; j < 16; ++j) {
        bs.SetElement(0, j, float8_e8m0_t(1.0f));
        bs.SetElement(1, j, float8_e8m0_t(1.0f));
        bias.SetElement(0, j, 0.5f);
    }
    TMATMUL_MX(c, a, as, b, bs);  // (32 * 1 + 32 * 2) * (j % 4)
    EXPECT_EQ(c.GetElement(3, 5), 96.0f);
    TMATMUL_MX(c2, c, a, as, b, bs);
    EXPECT_EQ(c2.GetElement(3, 5), 192.0f);
    TGEMV_MX<AccPhase::Final>(c, a, as, b, bs, bias);
    EXPECT_EQ(c.GetElement(15, 7), 288.5f);
}

}  // namespace
