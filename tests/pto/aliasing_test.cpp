// Operands that share memory, as real kernels place them (docs/compat.md, "Checks"): an in-place conversion
// to a narrower type at the source's address (PTOAS's generated epilogues), a destination that starts before
// its source (a compact tile written over a window of the same buffer), tiles declared larger than their
// valid data whose valid regions do not meet, column-major [R, 1] tiles in element-wise instructions; and the
// overlaps that stay errors. Expected values are worked out element by element in the test.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class AliasingTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(AliasingTest);

// What a float rounds to in half and bfloat16 (round to nearest even), worked from the bits.
uint16_t half_bits(float f) {
    return half(f).bits();
}
uint16_t bf16_bits(float f) {
    uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

TEST_P(AliasingTest, NarrowingConversionInPlace) {
    // A [16, 64] float tile and a half / bfloat16 tile of the same shape at its address.
    using F = Tile<TileType::Vec, float, 16, 64>;
    using H = Tile<TileType::Vec, half, 16, 64>;
    F src;
    H dst;
    TASSIGN(src, 0x4000);
    TASSIGN(dst, 0x4000);
    std::vector<float> in(16 * 64);
    for (int i = 0; i < 16 * 64; ++i) {
        in[i] = 0.37f * static_cast<float>(i - 300) + 1.0f / static_cast<float>(i + 3);
        src.SetValue(i, in[i]);
    }
    TCVT(dst, src, RoundMode::CAST_RINT);
    for (int i = 0; i < 16 * 64; ++i)
        ASSERT_EQ(dst.GetValue(i).bits(), half_bits(in[i])) << i;

    // The same with a dynamic valid region: only that region is converted, in place.
    using FD = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
    using BD = Tile<TileType::Vec, bfloat16_t, 16, 64, BLayout::RowMajor, -1, -1>;
    FD fsrc(5, 40);
    BD bdst(5, 40);
    TASSIGN(fsrc, 0x8000);
    TASSIGN(bdst, 0x8000);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 64; ++c)
            fsrc.SetValue(r * 64 + c, in[r * 64 + c]);
    TCVT(bdst, fsrc, RoundMode::CAST_RINT, SaturationMode::OFF);
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 40; ++c)
            ASSERT_EQ(bdst.GetValue(r * 64 + c).bits(), bf16_bits(in[r * 64 + c])) << r << "," << c;
}

TEST_P(AliasingTest, ConversionChainAtOneAddress) {
    // float -> int32 -> half -> int8 at one address, as a quantising epilogue writes it.
    Tile<TileType::Vec, float, 4, 32> f;
    Tile<TileType::Vec, int32_t, 4, 32> i32;
    Tile<TileType::Vec, half, 4, 32> h;
    Tile<TileType::Vec, int8_t, 4, 32> i8;
    TASSIGN(f, 0x2000);
    TASSIGN(i32, 0x2000);
    TASSIGN(h, 0x2000);
    TASSIGN(i8, 0x2000);
    for (int i = 0; i < 128; ++i)
        f.SetValue(i, static_cast<float>(i) * 0.75f - 48.2f);
    TCVT(i32, f, RoundMode::CAST_ROUND);
    TCVT(f, i32, RoundMode::CAST_RINT);
    TCVT(h, f, RoundMode::CAST_RINT);
    TCVT(i8, h, RoundMode::CAST_TRUNC);
    for (int i = 0; i < 128; ++i) {
        const float x = static_cast<float>(i) * 0.75f - 48.2f;
        // CAST_ROUND: to nearest, ties away from zero; every integer here is exact in half.
        const float rounded = x < 0 ? -static_cast<float>(static_cast<int>(-x + 0.5f))
                                    : static_cast<float>(static_cast<int>(x + 0.5f));
        ASSERT_EQ(i8.GetValue(i), static_cast<int8_t>(rounded)) << i;
    }
}

TEST_P(AliasingTest, DestinationBeforeItsSourceInOneBuffer) {
    // A compact [8, 64] float tile written over the start of a buffer whose later part holds the source, a
    // window [8, 64] of a [8, 512] tile: the destination's last row covers the source's first row, which has
    // been read by then (pto-isa's kernels, and ptosim's, walk rows in order).
    using Compact = Tile<TileType::Vec, float, 8, 64>;
    using Window = Tile<TileType::Vec, float, 8, 512, BLayout::RowMajor, 8, 64>;
    Compact dst;
    Window src;
    TASSIGN(dst, 0x800);
    TASSIGN(src, 0x800 + 7 * 64 * 4);  // src row 0 starts where dst row 7 does
    std::vector<float> in(8 * 64);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 64; ++c) {
            in[r * 64 + c] = static_cast<float>(r * 100 + c);
            src.SetValue(r * 512 + c, in[r * 64 + c]);
        }
    TMULS(dst, src, 2.0f);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 64; ++c)
            ASSERT_EQ(dst.GetValue(r * 64 + c), 2.0f * in[r * 64 + c]) << r << "," << c;
}

TEST_P(AliasingTest, ColumnWindowsOfOneTileDoNotOverlap) {
    // Two windows of one [8, 64] buffer, columns 0..31 and 32..63: their declared extents overlap, the bytes
    // an instruction touches do not.
    using Win = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 8, 32>;
    Win left, right;
    TASSIGN(left, 0x1000);
    TASSIGN(right, 0x1000 + 32 * 4);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 32; ++c)
            right.SetValue(r * 64 + c, static_cast<float>(r + c));
    TADDS(left, right, 1.0f);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 32; ++c) {
            ASSERT_EQ(left.GetValue(r * 64 + c), static_cast<float>(r + c) + 1.0f);
            ASSERT_EQ(right.GetValue(r * 64 + c), static_cast<float>(r + c));
        }
}

TEST_P(AliasingTest, OverlapsTheDeviceLeavesUndefinedStayErrors) {
    using F = Tile<TileType::Vec, float, 4, 64>;
    F s, d;
    TASSIGN(s, 0x0);
    TASSIGN(d, 0x20);  // starts inside s's first row: a write would overtake reads of the same row
    EXPECT_CHECK_FAILS(TSUB(d, s, s), "TSUB: a destination overlapping a source must start at or before it");
    // A widening conversion in place: each half would overwrite the next one before it is read.
    Tile<TileType::Vec, half, 4, 64> h;
    Tile<TileType::Vec, float, 4, 64> f;
    TASSIGN(h, 0x4000);
    TASSIGN(f, 0x4000);
    EXPECT_CHECK_FAILS(TCVT(f, h, RoundMode::CAST_RINT),
                       "TCVT: a destination overlapping a source must start at or before it");
}

TEST_P(AliasingTest, ColumnMajorColumnInElementwise) {
    // pto-isa's flash-attention softmax scales its [R, 1] column-major row statistics with TMULS / TADDS.
    using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, 16, 1>;
    Col x, y;
    for (int r = 0; r < 16; ++r)
        x.SetValue(r, static_cast<float>(r) - 7.5f);
    TMULS(y, x, 0.5f);
    TADDS(y, y, 1.0f);
    for (int r = 0; r < 16; ++r)
        EXPECT_EQ(y.GetValue(r), (static_cast<float>(r) - 7.5f) * 0.5f + 1.0f);
    // A whole column-major tile: element (r, c) of the result is f(element (r, c)).
    using CM = Tile<TileType::Vec, int32_t, 8, 16, BLayout::ColMajor>;
    CM a, b;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 16; ++c)
            a.SetValue(c * 8 + r, r * 16 + c);
    TMULS(b, a, 3);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 16; ++c)
            EXPECT_EQ(b.GetValue(c * 8 + r), 3 * (r * 16 + c));
}

TEST_P(AliasingTest, GlobalTensorShapeLargerThanWhatMoves) {
    // The declared GlobalTensor reaches past the allocation; the tile's valid region, which is what moves,
    // does not (a layer norm's last chunk): no error, and the bytes past the region are untouched.
    float* buf = nullptr;
    ASSERT_EQ(aclrtMalloc(reinterpret_cast<void**>(&buf), 100 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), 0);
    for (int i = 0; i < 100; ++i)
        buf[i] = static_cast<float>(i);
    using G = GlobalTensor<float, Shape<1, 1, 1, 1, 128>, Stride<1, 1, 1, 128, 1>>;
    using T = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, 1, -1>;
    G g(buf);
    T t(100);
    TLOAD(t, g);
    TADDS(t, t, 1.0f);
    TSTORE(g, t);
    for (int i = 0; i < 100; ++i)
        EXPECT_EQ(buf[i], static_cast<float>(i) + 1.0f);
    // A valid region that does reach past the allocation is an error that names both shapes.
    T wide(120);
    EXPECT_CHECK_FAILS(TLOAD(wide, g),
                       "the region moved (the tile's valid region, which differs from the "
                       "global tensor's shape) reaches outside the global tensor's allocation");
    aclrtFree(buf);
}

TEST_P(AliasingTest, ExtractIntoATileAtTheWindowsOwnBytes) {
    // A [1, 64] tile at the address of a [1, 128] row view, TEXTRACTed from the view's columns 0..63: the two
    // tiles differ, the window's bytes are the same (pypto-lib's generated RoPE). The second half goes
    // elsewhere.
    using RowView = Tile<TileType::Vec, float, 1, 128>;
    using Half = Tile<TileType::Vec, float, 1, 64>;
    RowView row;
    Half lo, hi;
    TASSIGN(row, 0x1000);
    TASSIGN(lo, 0x1000);
    TASSIGN(hi, 0x2000);
    for (int c = 0; c < 128; ++c)
        row.SetValue(c, static_cast<float>(c) + 0.5f);
    TEXTRACT(lo, row, 0, 0);
    TEXTRACT(hi, row, 0, 64);
    for (int c = 0; c < 64; ++c) {
        EXPECT_EQ(lo.GetValue(c), static_cast<float>(c) + 0.5f);
        EXPECT_EQ(hi.GetValue(c), static_cast<float>(c + 64) + 0.5f);
    }
    // A window that starts one element later overlaps without being in place: still an error.
    Half shifted;
    TASSIGN(shifted, 0x1000 + 32);
    EXPECT_CHECK_FAILS(TEXTRACT(shifted, row, 0, 0), "the window written must not overlap the window read");
}

TEST_P(AliasingTest, OneRowReductionIntoItsOwnSource) {
    // The maximum of one row written over the start of that row (a chunked abs-max whose scratch is dead once
    // reduced): the whole row is read before the one result is written.
    using Row = Tile<TileType::Vec, float, 1, 256>;
    using One = Tile<TileType::Vec, float, 1, 8, BLayout::RowMajor, 1, 1>;
    Row src;
    One dst;
    TASSIGN(src, 0x3000);
    TASSIGN(dst, 0x3000);
    for (int c = 0; c < 256; ++c)
        src.SetValue(c, static_cast<float>((c * 37) % 256));
    TROWMAX(dst, src, src);
    EXPECT_EQ(dst.GetValue(0), 255.0f);
    // With two rows the first result would land on a row not yet read: still an error.
    using Rows = Tile<TileType::Vec, float, 2, 256>;
    using Two = Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, 2, 1>;
    Rows src2, tmp2;
    Two dst2;
    TASSIGN(src2, 0x4000);
    TASSIGN(tmp2, 0x6000);
    TASSIGN(dst2, 0x4000);
    EXPECT_CHECK_FAILS(TROWMAX(dst2, src2, tmp2), "a destination tile must not overlap another operand");
}

}  // namespace
