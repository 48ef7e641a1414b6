// The reduction and expansion intrinsics as kernels call them: pto-isa's signatures (tmp tiles, TCOLSUM's
// isBinary, TROWEXPANDDIV's precision selector, events), the two shapes of a per-row result or vector ([R, 1]
// column-major and one 32-byte block per row), dynamic valid shapes, a softmax written with them, and the
// run-time checks. The values themselves are swept in tests/kernels/reduce_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class ReduceApi : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(ReduceApi);

using F = Tile<TileType::Vec, float, 4, 16, BLayout::RowMajor, -1, -1>;
// The per-row forms: [R, 1] column-major (DN), and one 32-byte block per row (ND, 8 floats).
using Col = Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor, -1, -1>;
using Block = Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, -1, -1>;
using RowOut = Tile<TileType::Vec, float, 1, 16, BLayout::RowMajor, -1, -1>;

template <typename TileT, typename Fn>
void fill(TileT& t, Fn f) {
    for (unsigned r = 0; r < t.GetValidRow(); ++r)
        for (unsigned c = 0; c < t.GetValidCol(); ++c)
            t.SetElement(r, c, static_cast<typename TileT::DType>(f(r, c)));
}

TEST_P(ReduceApi, RowAndColumnReductions) {
    F a(3, 10), tmp(3, 10);
    fill(a, [](int r, int c) { return (r + 1) * (c % 3 == 0 ? -1 : 1) * (c + 1); });
    Col sum(3, 1), mx(3, 1), mn(3, 1);
    Event<Op::TLOAD, Op::TROWSUM> e;
    TROWSUM(sum, a, tmp, e);
    TROWMAX(mx, a, tmp);
    TROWMIN(mn, a, tmp);
    for (int r = 0; r < 3; ++r) {
        float s = 0, hi = -1e9f, lo = 1e9f;
        for (int c = 0; c < 10; ++c) {
            const float x = static_cast<float>((r + 1) * (c % 3 == 0 ? -1 : 1) * (c + 1));
            s += x;
            hi = std::max(hi, x);
            lo = std::min(lo, x);
        }
        EXPECT_EQ(sum.GetElement(r, 0), s) << r;
        EXPECT_EQ(mx.GetElement(r, 0), hi) << r;
        EXPECT_EQ(mn.GetElement(r, 0), lo) << r;
    }
    // The same result in column 0 of a row-major [R, k] tile; the other columns are not written.
    Block prod(3, 1);
    fill(prod, [](int, int) { return 7.0; });
    F small(3, 4);
    fill(small, [](int r, int c) { return r + c + 1; });
    TROWPROD(prod, small, tmp);
    EXPECT_EQ(prod.GetElement(2, 0), 3.0f * 4 * 5 * 6);

    RowOut cs(1, 10), cmax(1, 10), cmin(1, 10), cprod(1, 10);
    TCOLSUM(cs, a);
    TCOLMAX(cmax, a);
    TCOLMIN(cmin, a);
    TCOLPROD(cprod, a);
    EXPECT_EQ(cs.GetElement(0, 0), -1.0f - 2 - 3);
    EXPECT_EQ(cmax.GetElement(0, 1), 6.0f);
    EXPECT_EQ(cmin.GetElement(0, 3), -12.0f);
    EXPECT_EQ(cprod.GetElement(0, 4), 5.0f * 10 * 15);
    // isBinary selects the devices' pairwise order; the result here is the sequential sum either way.
    RowOut cs2(1, 10);
    TCOLSUM(cs2, a, tmp, true);
    for (int c = 0; c < 10; ++c)
        EXPECT_EQ(cs2.GetElement(0, c), cs.GetElement(0, c));
}

TEST_P(ReduceApi, ExpansionsTakeEitherVectorShape) {
    F a(4, 12), d(4, 12), tmp(4, 12);
    fill(a, [](int r, int c) { return r * 12 + c; });
    Col v(4, 1);
    fill(v, [](int r, int) { return r + 1; });
    TROWEXPAND(d, v);
    EXPECT_EQ(d.GetElement(3, 11), 4.0f);
    TROWEXPANDSUB(d, a, v);
    EXPECT_EQ(d.GetElement(2, 5), 2 * 12 + 5 - 3.0f);
    TROWEXPANDMUL(d, a, v, tmp);
    EXPECT_EQ(d.GetElement(1, 2), (12 + 2) * 2.0f);
    TROWEXPANDDIV<DivAlgorithm::HIGH_PRECISION>(d, a, v);
    EXPECT_EQ(d.GetElement(3, 1), (36 + 1) / 4.0f);
    TROWEXPANDMAX(d, a, v);
    EXPECT_EQ(d.GetElement(0, 0), 1.0f);
    TROWEXPANDMIN(d, a, v);
    EXPECT_EQ(d.GetElement(0, 5), 1.0f);
    TROWEXPANDEXPDIF(d, a, v);
    EXPECT_EQ(d.GetElement(0, 1), std::exp(0.0f));
    // One 32-byte block per row: each row's 8 values repeat along the row.
    Block b(4, 8);
    fill(b, [](int r, int c) { return 100 * r + c; });
    TROWEXPANDADD(d, a, b);
    EXPECT_EQ(d.GetElement(2, 11), (2 * 12 + 11) + (200.0f + 3));
    // The vector first (src0) is read the same way: src0 - a.
    TROWEXPANDSUB(d, v, a);
    EXPECT_EQ(d.GetElement(1, 0), 2.0f - 12);

    RowOut c(1, 12);
    fill(c, [](int, int k) { return k; });
    TCOLEXPAND(d, c);
    EXPECT_EQ(d.GetElement(3, 7), 7.0f);
    TCOLEXPANDADD(d, a, c);
    EXPECT_EQ(d.GetElement(1, 3), 12 + 3 + 3.0f);
    TCOLEXPANDDIV(d, a, c);
    EXPECT_EQ(d.GetElement(1, 4), 16 / 4.0f);
    TCOLEXPANDEXPDIF(d, a, c);
    EXPECT_EQ(d.GetElement(0, 5), 1.0f);
}

TEST_P(ReduceApi, ArgReductionsIndexAndValueForms) {
    F a(3, 10), tmp(3, 10);
    // Row r holds its maximum twice (columns 2 and 7) and its minimum at column r + 3.
    fill(a, [](int r, int c) { return c == 2 || c == 7 ? 50.0 : c == r + 3 ? -50.0 : c; });
    Tile<TileType::Vec, int32_t, 8, 1, BLayout::ColMajor, -1, -1> idx(3, 1);
    Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor, -1, -1> uidx(3, 1);
    Col val(3, 1);
    Event<Op::TLOAD, Op::TROWARGMAX> e;
    TROWARGMAX(idx, a, tmp, e);
    TROWARGMIN(val, uidx, a, tmp);
    for (int r = 0; r < 3; ++r) {
        EXPECT_EQ(idx.GetElement(r, 0), 2) << r;  // the first of the two maxima
        EXPECT_EQ(uidx.GetElement(r, 0), static_cast<uint32_t>(r + 3)) << r;
        EXPECT_EQ(val.GetElement(r, 0), -50.0f) << r;
    }
    Tile<TileType::Vec, int32_t, 1, 16, BLayout::RowMajor, -1, -1> cidx(1, 10);
    RowOut cval(1, 10);
    TCOLARGMAX(cval, cidx, a, tmp);
    EXPECT_EQ(cidx.GetElement(0, 2), 0);  // a column of ties: the first row
    EXPECT_EQ(cidx.GetElement(0, 3), 1);  // column 3 holds -50, 3, 3: the first 3
    EXPECT_EQ(cval.GetElement(0, 3), 3.0f);
    TCOLARGMIN(cidx, a, tmp);
    EXPECT_EQ(cidx.GetElement(0, 4), 1);  // column 4 holds 4, -50, 4
}

TEST_P(ReduceApi, PartialOps) {
    F a(4, 16), b(2, 5), d(4, 16);
    fill(a, [](int r, int c) { return r * 16 + c; });
    fill(b, [](int, int) { return 1000; });
    TPARTADD(d, a, b);
    EXPECT_EQ(d.GetElement(1, 4), 1000.0f + 20);  // both valid
    EXPECT_EQ(d.GetElement(1, 5), 21.0f);         // only a
    EXPECT_EQ(d.GetElement(3, 0), 48.0f);
    TPARTMAX(d, b, a);  // the smaller source first
    EXPECT_EQ(d.GetElement(0, 0), 1000.0f);
    EXPECT_EQ(d.GetElement(2, 2), 34.0f);
    TPARTMUL(a, a, b);  // in place
    EXPECT_EQ(a.GetElement(0, 1), 1000.0f);
    TPARTMIN(d, a, b);
    EXPECT_EQ(d.GetElement(1, 1), 1000.0f);
    F wide(3, 16);
    EXPECT_CHECK_FAILS(TPARTADD(d, wide, b), "TPARTADD: one source has dst's valid shape");
}

TEST_P(ReduceApi, PairSums) {
    F a(2, 9), d(2, 9);
    fill(a, [](int r, int c) { return 10 * r + c; });
    fill(d, [](int, int) { return -1; });
    TPAIRREDUCESUM(d, a);
    EXPECT_EQ(d.GetElement(1, 0), 10.0f + 11);
    EXPECT_EQ(d.GetElement(0, 3), 6.0f + 7);
    EXPECT_EQ(d.GetElement(0, 4), -1.0f);  // column 8 has no partner: nothing from here on is written
}

// Row softmax as kernels write it: max, subtract, exp, sum, divide.
TEST_P(ReduceApi, Softmax) {
    F x(4, 16), y(4, 16), tmp(4, 16);
    Col mx(4, 1), sum(4, 1);
    fill(x, [](int r, int c) { return std::sin(0.7 * (r * 16 + c)) * 4; });
    TROWMAX(mx, x, tmp);
    TROWEXPANDSUB(y, x, mx);
    TEXP(y, y);
    TROWSUM(sum, y, tmp);
    TROWEXPANDDIV(y, y, sum);
    for (int r = 0; r < 4; ++r) {
        double total = 0, m = -1e9;
        for (int c = 0; c < 16; ++c)
            m = std::max(m, static_cast<double>(x.GetElement(r, c)));
        for (int c = 0; c < 16; ++c)
            total += std::exp(static_cast<double>(x.GetElement(r, c)) - m);
        for (int c = 0; c < 16; ++c)
            EXPECT_NEAR(y.GetElement(r, c), std::exp(static_cast<double>(x.GetElement(r, c)) - m) / total,
                        1e-6);
    }
}

TEST_P(ReduceApi, RunTimeChecksNameTheRule) {
    F a(4, 16), tmp(4, 16);
    Col three(3, 1);
    EXPECT_CHECK_FAILS(TROWSUM(three, a, tmp), "TROWSUM: dst has src's valid rows");
    RowOut narrow(1, 8);
    EXPECT_CHECK_FAILS(TCOLMAX(narrow, a), "TCOLMAX: dst has src's valid columns");
    F d(4, 16);
    Block wide(4, 5);  // neither [R, 1] nor one 32-byte block
    EXPECT_CHECK_FAILS(TROWEXPANDADD(d, a, wide), "TROWEXPANDADD: ");
}

}  // namespace
