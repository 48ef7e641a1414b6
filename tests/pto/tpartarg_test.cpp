// TPARTARGMAX / TPARTARGMIN through the C++ API: every placement of the smaller source (src0 or src1, fewer
// rows, fewer columns, both, empty), ties, NaNs, half values with 16- and 32-bit indices, in-place use,
// events and the run-time rules, against an oracle written from the page (docs/isa/TPARTARGMAX.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class TPartArgTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(TPartArgTest);

constexpr int R = 8, C = 32;
template <typename T>
using Dyn = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1>;

// The page's rule for one element: src1's pair when its value is strictly beyond src0's (an unordered pair
// keeps src0 on A5); outside the smaller source's valid region, the larger source's pair.
struct Expected {
    std::vector<float> val;
    std::vector<uint32_t> idx;
};
Expected oracle(bool max, const std::vector<float>& v0, const std::vector<uint32_t>& i0, int r0, int c0,
                const std::vector<float>& v1, const std::vector<uint32_t>& i1, int r1, int c1) {
    const int rows = std::max(r0, r1), cols = std::max(c0, c1);
    Expected e{std::vector<float>(rows * cols), std::vector<uint32_t>(rows * cols)};
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const bool in0 = r < r0 && c < c0, in1 = r < r1 && c < c1;
            bool one = !in0;
            if (in0 && in1) {
                const float a = v0[r * C + c], b = v1[r * C + c];
                one = max ? b > a : b < a;
            }
            e.val[r * cols + c] = one ? v1[r * C + c] : v0[r * C + c];
            e.idx[r * cols + c] = one ? i1[r * C + c] : i0[r * C + c];
        }
    }
    return e;
}

template <typename V, typename I>
void check_shapes(bool max, int r0, int c0, int r1, int c1, std::mt19937& rng) {
    std::uniform_int_distribution<int> small(-4, 4);  // few distinct values: many ties
    std::vector<float> v0(R * C), v1(R * C);
    std::vector<uint32_t> i0(R * C), i1(R * C);
    Dyn<V> s0v(r0, c0), s1v(r1, c1), dv(std::max(r0, r1), std::max(c0, c1));
    Dyn<I> s0i(r0, c0), s1i(r1, c1), di(std::max(r0, r1), std::max(c0, c1));
    TASSIGN(s0v, 0x0000);
    TASSIGN(s1v, 0x1000);
    TASSIGN(dv, 0x2000);
    TASSIGN(s0i, 0x3000);
    TASSIGN(s1i, 0x4000);
    TASSIGN(di, 0x5000);
    for (int k = 0; k < R * C; ++k) {
        v0[k] = static_cast<float>(static_cast<V>(small(rng) * 0.5f));
        v1[k] = static_cast<float>(static_cast<V>(small(rng) * 0.5f));
        i0[k] = static_cast<uint32_t>(k) * 2u;
        i1[k] = static_cast<uint32_t>(k) * 2u + 1u;
        s0v.data()[k] = static_cast<V>(v0[k]);
        s1v.data()[k] = static_cast<V>(v1[k]);
        s0i.data()[k] = static_cast<I>(i0[k]);
        s1i.data()[k] = static_cast<I>(i1[k]);
    }
    if (max)
        TPARTARGMAX(dv, s0v, s1v, di, s0i, s1i);
    else
        TPARTARGMIN(dv, s0v, s1v, di, s0i, s1i);
    const Expected e = oracle(max, v0, i0, r0, c0, v1, i1, r1, c1);
    const int rows = std::max(r0, r1), cols = std::max(c0, c1);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            ASSERT_EQ(static_cast<float>(dv.GetValue(r * C + c)), e.val[r * cols + c]) << r << "," << c;
            ASSERT_EQ(static_cast<uint32_t>(di.GetValue(r * C + c)), static_cast<I>(e.idx[r * cols + c]))
                << r << "," << c;
        }
    }
}

TEST_P(TPartArgTest, EveryPlacementOfTheSmallerSourceAndTies) {
    std::mt19937 rng(7);
    const int shapes[][4] = {{8, 32, 8, 32}, {8, 32, 3, 32}, {8, 32, 8, 5},  {8, 32, 2, 7},
                             {4, 9, 8, 32},  {8, 32, 0, 0},  {0, 32, 8, 32}, {1, 1, 1, 1}};
    for (const auto& s : shapes) {
        for (const bool max : {true, false}) {
            SCOPED_TRACE(testing::Message()
                         << s[0] << "x" << s[1] << " vs " << s[2] << "x" << s[3] << (max ? " max" : " min"));
            check_shapes<float, uint32_t>(max, s[0], s[1], s[2], s[3], rng);
            check_shapes<float, int32_t>(max, s[0], s[1], s[2], s[3], rng);
            check_shapes<half, int16_t>(max, s[0], s[1], s[2], s[3], rng);
            check_shapes<half, uint32_t>(max, s[0], s[1], s[2], s[3], rng);
        }
    }
}

TEST_P(TPartArgTest, UnorderedPairsKeepSrc0OnA5) {
    Tile<TileType::Vec, float, 1, 8> v0, v1, dv;
    Tile<TileType::Vec, int32_t, 1, 8> i0, i1, di;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float a[] = {nan, 1.0f, nan, 2.0f, -0.0f};
    const float b[] = {1.0f, nan, nan, 2.0f, 0.0f};
    for (int k = 0; k < 5; ++k) {
        v0.SetValue(k, a[k]);
        v1.SetValue(k, b[k]);
        i0.SetValue(k, 10 + k);
        i1.SetValue(k, 20 + k);
    }
    TPARTARGMAX(dv, v0, v1, di, i0, i1);
    for (int k = 0; k < 5; ++k)
        EXPECT_EQ(di.GetValue(k), 10 + k) << k;  // NaN on either side, equal values, -0 vs +0: src0
    EXPECT_TRUE(std::isnan(dv.GetValue(0)));
    EXPECT_TRUE(std::signbit(dv.GetValue(4)));
    TPARTARGMIN(dv, v0, v1, di, i0, i1);
    for (int k = 0; k < 5; ++k)
        EXPECT_EQ(di.GetValue(k), 10 + k) << k;
}

TEST_P(TPartArgTest, InPlaceOnTheLargerSourceAndEvents) {
    Tile<TileType::Vec, float, 2, 8> big;
    Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, 1, 4> small;
    Tile<TileType::Vec, uint32_t, 2, 8> big_idx;
    Tile<TileType::Vec, uint32_t, 2, 8, BLayout::RowMajor, 1, 4> small_idx;
    TASSIGN(big, 0x0);
    TASSIGN(small, 0x100);
    TASSIGN(big_idx, 0x200);
    TASSIGN(small_idx, 0x300);
    for (int k = 0; k < 16; ++k) {
        big.SetValue(k, static_cast<float>(k));
        big_idx.SetValue(k, 100u + k);
    }
    for (int k = 0; k < 4; ++k) {
        small.SetValue(k, k % 2 == 0 ? 50.0f : -50.0f);
        small_idx.SetValue(k, 200u + k);
    }
    Event<Op::TLOAD, Op::TPARTARGMAX> ev;
    TPARTARGMAX(big, small, big, big_idx, small_idx, big_idx, ev);
    EXPECT_EQ(big.GetValue(0), 50.0f);
    EXPECT_EQ(big_idx.GetValue(0), 200u);
    EXPECT_EQ(big.GetValue(1), 1.0f);
    EXPECT_EQ(big_idx.GetValue(1), 101u);
    EXPECT_EQ(big_idx.GetValue(4), 104u);   // outside the small source: the big one's
    EXPECT_EQ(big_idx.GetValue(12), 112u);  // row 1
}

TEST_P(TPartArgTest, RunTimeRules) {
    Dyn<float> a(8, 32), b(4, 16), d(8, 32);
    Dyn<uint32_t> ai(8, 32), bi(4, 16), di(8, 32);
    TASSIGN(a, 0x0000);
    TASSIGN(b, 0x1000);
    TASSIGN(d, 0x2000);
    TASSIGN(ai, 0x3000);
    TASSIGN(bi, 0x4000);
    TASSIGN(di, 0x5000);
    Dyn<uint32_t> bad_idx(4, 15);
    TASSIGN(bad_idx, 0x6000);
    EXPECT_CHECK_FAILS(TPARTARGMAX(d, a, b, di, ai, bad_idx),
                       "an index tile has its value tile's valid shape");
    Dyn<float> wide(2, 32), tall(8, 4), d2(8, 32);
    Dyn<uint32_t> wide_i(2, 32), tall_i(8, 4), d2i(8, 32);
    TASSIGN(wide, 0x0000);
    TASSIGN(tall, 0x1000);
    TASSIGN(d2, 0x2000);
    TASSIGN(wide_i, 0x3000);
    TASSIGN(tall_i, 0x4000);
    TASSIGN(d2i, 0x5000);
    EXPECT_CHECK_FAILS(TPARTARGMIN(d2, wide, tall, d2i, wide_i, tall_i),
                       "one source has dst's valid shape and the other fits inside it");
    Dyn<uint32_t> overlapping(8, 32);
    TASSIGN(overlapping, 0x0000);  // on top of a's values
    EXPECT_CHECK_FAILS(TPARTARGMAX(d, a, b, overlapping, ai, bi), "must not overlap");
}

}  // namespace
