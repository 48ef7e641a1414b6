// TRESHAPE, TSUBVIEW, TFILLPAD (all forms), TCONCAT and TTRANS through the C++ API: aliasing and its bounds,
// pad values (standard and custom), the Mat form's zero padding, the index forms of TCONCAT, and a transpose.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class RearrangeApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(RearrangeApiTest);

TEST_P(RearrangeApiTest, ReshapeAliasesTheStorage) {
    using Src = Tile<TileType::Vec, float, 2, 16>;
    using Dst = Tile<TileType::Vec, int32_t, 4, 8>;
    Src src;
    Dst dst;
    TASSIGN(src, 0x100);
    TRESHAPE(dst, src);
    ASSERT_EQ(static_cast<void*>(dst.data()), static_cast<void*>(src.data()));
    src.SetElement(1, 3, 1.0f);
    EXPECT_EQ(dst.GetElement(2, 3), 0x3F800000);
    // A reshape of an auto tile shares its storage too.
    Src automatic;
    Dst view;
    TRESHAPE(view, automatic);
    EXPECT_EQ(static_cast<void*>(view.data()), static_cast<void*>(automatic.data()));
}

TEST_P(RearrangeApiTest, SubViewWindows) {
    using Src = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 4, 64>;
    using Sub = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 2, 32>;
    Src src;
    TASSIGN(src, 0x0);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 64; ++c)
            src.SetElement(r, c, static_cast<float>(r * 100 + c));
    Sub d0, d1, d2, d3;
    TSUBVIEW(d0, src, 0, 0);
    TSUBVIEW(d1, src, 0, 32);
    TSUBVIEW(d2, src, 2, 0);
    TSUBVIEW(d3, src, 2, 32);
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 32; ++j) {
            EXPECT_EQ(d0.GetElement(i, j), src.GetElement(i, j));
            EXPECT_EQ(d1.GetElement(i, j), src.GetElement(i, 32 + j));
            EXPECT_EQ(d2.GetElement(i, j), src.GetElement(2 + i, j));
            EXPECT_EQ(d3.GetElement(i, j), src.GetElement(2 + i, 32 + j));
        }
    }
    // Column-major: the offset walks ColStride per column.
    using ColSrc = Tile<TileType::Vec, int16_t, 16, 8, BLayout::ColMajor>;
    using ColSub = Tile<TileType::Vec, int16_t, 16, 8, BLayout::ColMajor, 4, 2>;
    ColSrc cs;
    TASSIGN(cs, 0x1000);
    cs.SetElement(5, 3, 77);
    ColSub sub;
    TSUBVIEW(sub, cs, 4, 2);
    EXPECT_EQ(sub.GetElement(1, 1), 77);
}

TEST_P(RearrangeApiTest, SubViewBounds) {
    using Src = Tile<TileType::Vec, float, 4, 64>;
    using Sub = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 2, 32>;
    Src src;
    TASSIGN(src, 0x0);
    Sub sub;
    EXPECT_CHECK_FAILS(TSUBVIEW(sub, src, 3, 0),
                       "TSUBVIEW: dst's valid region at (rowIdx, colIdx) must lie inside");
    EXPECT_CHECK_FAILS(TSUBVIEW(sub, src, 0, 33),
                       "TSUBVIEW: dst's valid region at (rowIdx, colIdx) must lie inside");
    // A view of a view keeps the end of the first source's buffer (an auto tile's own storage here; a tile
    // bound by TASSIGN reaches to the end of its on-chip buffer).
    Src own;
    TSUBVIEW(sub, own, 2, 0);
    using Big = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 3, 64>;
    Big big;
    EXPECT_CHECK_FAILS(TRESHAPE(big, sub),
                       "TRESHAPE: dst's valid region reaches past the end of src's buffer");
    using One = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 1, 32>;
    One inner;
    TSUBVIEW(inner, sub, 1, 32);
    EXPECT_EQ(inner.data(), own.data() + 3 * 64 + 32);
}

template <typename T, auto Pad, int Rows = 8, int Cols = 32 / static_cast<int>(sizeof(T)) * 2>
void check_fill_pad(T pad_value) {
    using Src = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
    using Dst = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, Cols, SLayout::NoneBox, 512, Pad>;
    Src src(3, 5);
    Dst dst(6);
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x2000);
    for (int r = 0; r < Rows; ++r)
        for (int c = 0; c < Cols; ++c) {
            src.SetElement(r, c, static_cast<T>(r * 10 + c));
            dst.SetElement(r, c, static_cast<T>(99));
        }
    TFILLPAD(dst, src);
    for (int r = 0; r < Rows; ++r) {
        for (int c = 0; c < Cols; ++c) {
            const T want = r >= 6             ? static_cast<T>(99)
                           : (r < 3 && c < 5) ? static_cast<T>(r * 10 + c)
                                              : pad_value;
            ASSERT_EQ(dst.GetElement(r, c), want) << r << "," << c;
        }
    }
}

TEST_P(RearrangeApiTest, FillPadValues) {
    check_fill_pad<float, PadValue::Max>(std::numeric_limits<float>::infinity());
    check_fill_pad<float, PadValue::Min>(-std::numeric_limits<float>::infinity());
    check_fill_pad<int16_t, PadValue::Min>(std::numeric_limits<int16_t>::lowest());
    check_fill_pad<uint8_t, PadValue::Max>(255);
    check_fill_pad<int32_t, PadValue::Zero>(0);
    check_fill_pad<float, PadValueCustom(-1.0f)>(-1.0f);
    check_fill_pad<float, PadCustom<2.5f>>(2.5f);
    check_fill_pad<int32_t, PadValueCustom(int32_t{-7})>(-7);
    check_fill_pad<int8_t, PadValueCustom(int8_t{-3})>(-3);
    check_fill_pad<half, PadValueCustom16(0xBC00)>(static_cast<half>(-1.0f));
}

TEST_P(RearrangeApiTest, FillPadInPlaceAndExpand) {
    using Src =
        Tile<TileType::Vec, float, 4, 16, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null>;
    using Dst =
        Tile<TileType::Vec, float, 4, 16, BLayout::RowMajor, -1, 16, SLayout::NoneBox, 512, PadValue::Min>;
    Src src(2, 3);
    Dst dst(4);
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x0);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c)
            src.SetElement(r, c, 1.0f);
    TFILLPAD_INPLACE(dst, src);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c)
            EXPECT_EQ(dst.GetElement(r, c), r < 2 && c < 3 ? 1.0f : -std::numeric_limits<float>::infinity());

    using Big =
        Tile<TileType::Vec, float, 8, 32, BLayout::RowMajor, -1, 32, SLayout::NoneBox, 512, PadValue::Max>;
    Big big(8);
    TASSIGN(big, 0x1000);
    TFILLPAD_EXPAND(big, src);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 32; ++c)
            EXPECT_EQ(big.GetElement(r, c), r < 2 && c < 3 ? 1.0f : std::numeric_limits<float>::infinity());
    // An empty destination is left alone.
    Big none(0);
    TASSIGN(none, 0x2000);
    none.data()[0] = 5.0f;
    TFILLPAD<TFillPadMode::Expand>(none, src);
    EXPECT_EQ(none.data()[0], 5.0f);
}

TEST_P(RearrangeApiTest, FillPadMatZeroesAroundTheAlignedValidRegion) {
    using M =
        Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 20, 5, SLayout::RowMajor, 512, PadValue::Zero>;
    M m;
    TASSIGN(m, 0x0);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c)
            m.SetElement(r, c, static_cast<half>(1.0f));
    TFILLPAD(m, m);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c)
            EXPECT_EQ(static_cast<float>(m.GetElement(r, c)), r < 20 && c < 16 ? 1.0f : 0.0f)
                << r << "," << c;
    using C = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 20, 5, SLayout::RowMajor, 512,
                   PadValue::Zero, CompactMode::RowAlignedPadding>;
    C cm;
    TASSIGN(cm, 0x1000);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c)
            cm.SetElement(r, c, static_cast<half>(1.0f));
    TFILLPAD(cm, cm);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c)
            EXPECT_EQ(static_cast<float>(cm.GetElement(r, c)), r >= 20 && r < 32 && c < 16 ? 0.0f : 1.0f);
}

TEST_P(RearrangeApiTest, Concat) {
    using T0 = Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, -1, -1>;
    using TD = Tile<TileType::Vec, int16_t, 4, 32, BLayout::RowMajor, -1, -1>;
    using TI = Tile<TileType::Vec, int32_t, 4, 8, BLayout::RowMajor, -1, -1>;
    T0 a(3, 5), b(3, 7);
    TD d(3, 12);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x200);
    TASSIGN(d, 0x400);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c) {
            a.SetElement(r, c, static_cast<int16_t>(100 + r * 16 + c));
            b.SetElement(r, c, static_cast<int16_t>(-(r * 16 + c)));
        }
    Event<Op::TLOAD, Op::TCONCAT> e;
    TCONCAT(d, a, b, e);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 12; ++c)
            EXPECT_EQ(d.GetElement(r, c), c < 5 ? a.GetElement(r, c) : b.GetElement(r, c - 5));

    TI i0(3, 1), i1(3, 1), out(3, 1);
    TASSIGN(i0, 0x800);
    TASSIGN(i1, 0x900);
    TASSIGN(out, 0xA00);
    const int32_t b0[3] = {8, 0, 20}, b1[3] = {12, 28, 4};
    for (int r = 0; r < 3; ++r) {
        i0.SetElement(r, 0, b0[r]);
        i1.SetElement(r, 0, b1[r]);
    }
    TEXPANDS(d, int16_t{0});
    TCONCAT(d, a, b, out, i0, i1);
    for (int r = 0; r < 3; ++r) {
        const int n0 = b0[r] / 4, n1 = b1[r] / 4;
        EXPECT_EQ(out.GetElement(r, 0), b0[r] + b1[r]);
        for (int c = 0; c < 12; ++c) {
            const int16_t want = c < n0        ? a.GetElement(r, c)
                                 : c < n0 + n1 ? b.GetElement(r, c - n0)
                                               : int16_t{0};
            EXPECT_EQ(d.GetElement(r, c), want) << r << "," << c;
        }
    }
    TEXPANDS(d, int16_t{0});
    TCONCAT(d, a, b, i0, i1);
    EXPECT_EQ(d.GetElement(0, 2), b.GetElement(0, 0));
}

TEST_P(RearrangeApiTest, Transpose) {
    using S = Tile<TileType::Vec, float, 16, 24, BLayout::RowMajor, 13, 21>;
    using D = Tile<TileType::Vec, float, 24, 16, BLayout::RowMajor, 21, 13>;
    S s;
    D d, tmp;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x1000);
    TASSIGN(tmp, 0x2000);
    for (int r = 0; r < 13; ++r)
        for (int c = 0; c < 21; ++c)
            s.SetElement(r, c, static_cast<float>(r * 100 + c));
    TTRANS(d, s, tmp);
    for (int r = 0; r < 13; ++r)
        for (int c = 0; c < 21; ++c)
            EXPECT_EQ(d.GetElement(c, r), s.GetElement(r, c));
    using B = Tile<TileType::Vec, hifloat8_t, 64, 64>;
    B bs, bd;
    TASSIGN(bs, 0x3000);
    TASSIGN(bd, 0x4000);
    for (int i = 0; i < 64 * 64; ++i)
        bs.data()[i] = hifloat8_t::FromRaw(static_cast<uint8_t>(i * 7));
    TTRANS(bd, bs, bd);
    for (int r = 0; r < 64; ++r)
        for (int c = 0; c < 64; ++c)
            ASSERT_EQ(bd.GetElement(c, r).RawData(), bs.GetElement(r, c).RawData());
}

}  // namespace
