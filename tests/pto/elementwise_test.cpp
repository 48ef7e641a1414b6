// The element-wise intrinsics as kernels call them: pto-isa's signatures (precision selectors, tmp tiles, the
// scalar's type, TDIVS in both orders, events), dynamic valid shapes, tiles at UB addresses, in place, and
// the run-time checks. The values themselves are swept in tests/kernels/elementwise_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class ElementwiseApi : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(ElementwiseApi);

using F = Tile<TileType::Vec, float, 4, 16, BLayout::RowMajor, -1, -1>;
using I = Tile<TileType::Vec, int32_t, 4, 16, BLayout::RowMajor, -1, -1>;

template <typename TileT, typename Fn>
void fill(TileT& t, Fn f) {
    for (unsigned r = 0; r < t.GetValidRow(); ++r)
        for (unsigned c = 0; c < t.GetValidCol(); ++c)
            t.SetElement(r, c, static_cast<typename TileT::DType>(f(r, c)));
}

TEST_P(ElementwiseApi, BinaryUnaryAndTernaryForms) {
    F a(3, 10), b(3, 10), c(3, 10), d(3, 10), tmp(3, 10);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x1000);
    TASSIGN(c, 0x2000);
    TASSIGN(d, 0x3000);
    fill(a, [](int r, int k) { return r * 10 + k - 12.5; });
    fill(b, [](int r, int k) { return (r + k) % 4 + 1; });
    Event<Op::TLOAD, Op::TADD> e;
    TADD(c, a, b, e);
    EXPECT_EQ(c.GetElement(2, 9), (2 * 10 + 9 - 12.5f) + 4);
    TDIV<DivAlgorithm::HIGH_PRECISION>(c, a, b);
    EXPECT_EQ(c.GetElement(0, 1), -11.5f / 2);
    TREM(c, a, b, tmp);                    // floored: the sign of the divisor
    EXPECT_EQ(c.GetElement(0, 0), 0.5f);   // -12.5 mod 1
    TFMOD(c, a, b);                        // truncated: the sign of the dividend
    EXPECT_EQ(c.GetElement(0, 1), -1.5f);  // fmod(-11.5, 2)
    TPOW(c, b, b, tmp);
    EXPECT_EQ(c.GetElement(0, 3), 256.0f);  // 4^4
    TEXP<ExpAlgorithm::HIGH_PRECISION>(c, b);
    EXPECT_EQ(c.GetElement(0, 0), std::exp(1.0f));
    TRSQRT(c, b, tmp);
    EXPECT_EQ(c.GetElement(0, 3), 0.5f);
    TADDC(d, a, b, b);
    EXPECT_EQ(d.GetElement(1, 0), -2.5f + 2 + 2);
    // In place, and a destination that is also an input.
    fill(d, [](int, int) { return 1.0; });
    TMULADDDST(d, b, b);  // d = b * b + d
    EXPECT_EQ(d.GetElement(0, 3), 17.0f);
    TABS(a, a);
    EXPECT_EQ(a.GetElement(0, 0), 12.5f);
}

TEST_P(ElementwiseApi, TileScalarForms) {
    F a(2, 16), c(2, 16), tmp(2, 16);
    fill(a, [](int r, int k) { return r * 16 + k - 8; });
    TADDS(c, a, 0.5f);
    EXPECT_EQ(c.GetElement(1, 0), 8.5f);
    TDIVS(c, a, 2.0f);  // src / scalar
    EXPECT_EQ(c.GetElement(0, 0), -4.0f);
    TDIVS(c, 2.0f, a);  // scalar / src
    EXPECT_EQ(c.GetElement(0, 0), -0.25f);
    TDIVS<DivAlgorithm::HIGH_PRECISION>(c, 1.0f, a);
    EXPECT_TRUE(std::isinf(c.GetElement(0, 8)));  // 1 / 0
    TLRELU(c, a, 0.25f);
    EXPECT_EQ(c.GetElement(0, 0), -2.0f);
    TREMS(c, a, 3.0f, tmp);
    EXPECT_EQ(c.GetElement(0, 0), 1.0f);  // -8 mod 3
    TAXPY(c, a, 2.0f);                    // c = a * 2 + c
    EXPECT_EQ(c.GetElement(0, 0), -16.0f + 1.0f);
    F b(2, 16);
    fill(b, [](int, int) { return 100.0; });
    TSUBSC(c, a, 1.0f, b);  // (a - 1) + b
    EXPECT_EQ(c.GetElement(1, 15), 23.0f - 1 + 100);

    I x(2, 16), y(2, 16), t(2, 16);
    fill(x, [](int r, int k) { return r * 16 + k - 8; });
    TSHRS(y, x, 1);
    EXPECT_EQ(y.GetElement(0, 0), -4);
    TSHLS(y, x, 40);  // a count of the width or more gives 0
    EXPECT_EQ(y.GetElement(1, 1), 0);
    TXORS(y, x, 0xFF, t);
    EXPECT_EQ(y.GetElement(0, 8), 0xFF);
    TDIVS(y, x, 0);  // division by zero: all ones
    EXPECT_EQ(y.GetElement(0, 3), -1);
}

TEST_P(ElementwiseApi, HalfAndBfloat16RoundOnce) {
    Tile<TileType::Vec, half, 1, 16> a, b, c;
    a.SetElement(0, 0, half(2048.0f));  // half's spacing is 2 here: 2051 is a tie, to the even 2052
    b.SetElement(0, 0, half(3.0f));
    TADD(c, a, b);
    EXPECT_EQ(static_cast<float>(c.GetElement(0, 0)), 2052.0f);
    Tile<TileType::Vec, bfloat16_t, 1, 16> x, y;
    x.SetElement(0, 1, bfloat16_t(-3.0f));
    x.SetElement(0, 2, bfloat16_t(-0.0f));
    TMAXS(y, x, bfloat16_t(0.0f));
    EXPECT_EQ(y.GetElement(0, 1).bits(), 0u);  // +0
    EXPECT_EQ(y.GetElement(0, 2).bits(), 0u);  // max(-0, +0) = +0
}

TEST_P(ElementwiseApi, RunTimeChecksNameTheRule) {
    F a(4, 16), b(3, 16), c(4, 16);
    EXPECT_CHECK_FAILS(TADD(c, a, b), "TADD: every operand has the destination's valid shape (operand=src1");
    // A destination overlapping a source without being it.
    F d, s;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x20);
    EXPECT_CHECK_FAILS(TSUB(d, s, s), "TSUB: a destination overlapping a source must start at or before it");
}

}  // namespace
