// TINTERLEAVE / TDEINTERLEAVE through the C++ API: seed 003's auto and manual examples, both spellings,
// the single-source form, static and dynamic valid shapes, tiles at UB offsets, bit-exact copies, events,
// and run-time checks that leave the UB untouched.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"

#include "ptosim/kernels/backend.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace pto;

class InterleaveTest : public ptosim::testing::BackendTest {};

PTOSIM_INSTANTIATE_BACKEND_TEST(InterleaveTest);

template <typename TileT>
void fill(TileT& t, float base) {
    for (unsigned r = 0; r < t.GetValidRow(); ++r)
        for (unsigned c = 0; c < t.GetValidCol(); ++c)
            t.SetElement(r, c, typename TileT::DType(base + static_cast<float>(r * 1000 + c)));
}

TEST_P(InterleaveTest, Seed003AutoExample) {
    using TileT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
    TileT src0(16, 64), src1(16, 64);
    TileT dst0(16, 64), dst1(16, 64);
    fill(src0, 0.25f);
    fill(src1, -0.5f);
    TInterleave(dst1, dst0, src1, src0);
    for (int r = 0; r < 16; ++r) {
        for (int j = 0; j < 128; ++j) {
            const float expect = (j % 2 == 0 ? src0 : src1).GetElement(r, j / 2);
            ASSERT_EQ(j < 64 ? dst0.GetElement(r, j) : dst1.GetElement(r, j - 64), expect) << r << "," << j;
        }
    }
}

TEST_P(InterleaveTest, Seed003ManualExample) {
    using TileT = Tile<TileType::Vec, half, 16, 256, BLayout::RowMajor, 16, 256>;
    TileT src0, src1, dst0, dst1;
    TASSIGN(src0, 0x1000);
    TASSIGN(src1, 0x3000);  // 8 KiB tiles: the seed's 0x1000 spacing would overlap them
    TASSIGN(dst0, 0x5000);
    TASSIGN(dst1, 0x7000);
    fill(src0, 1.0f);
    fill(src1, 2.0f);
    TINTERLEAVE(dst1, dst0, src1, src0);
    EXPECT_EQ(dst0.GetElement(3, 0).bits(), src0.GetElement(3, 0).bits());
    EXPECT_EQ(dst0.GetElement(3, 1).bits(), src1.GetElement(3, 0).bits());
    EXPECT_EQ(dst0.GetElement(3, 255).bits(), src1.GetElement(3, 127).bits());
    EXPECT_EQ(dst1.GetElement(3, 0).bits(), src0.GetElement(3, 128).bits());
    EXPECT_EQ(dst1.GetElement(3, 255).bits(), src1.GetElement(3, 255).bits());
    // The inverse restores the sources.
    TileT back0, back1;
    TASSIGN(back0, 0x9000);
    TASSIGN(back1, 0xB000);
    TDeInterleave(back1, back0, dst1, dst0);
    for (int i = 0; i < TileT::Numel; ++i) {
        ASSERT_EQ(back0.data()[i].bits(), src0.data()[i].bits()) << i;
        ASSERT_EQ(back1.data()[i].bits(), src1.data()[i].bits()) << i;
    }
}

TEST_P(InterleaveTest, Seed003ManualExampleAsWrittenOverlapsItsTiles) {
    // The seed binds 8 KiB tiles 4 KiB apart: each destination overlaps a source, which is an error.
    using TileT = Tile<TileType::Vec, half, 16, 256, BLayout::RowMajor, 16, 256>;
    TileT src0, src1, dst0, dst1;
    TASSIGN(src0, 0x1000);
    TASSIGN(src1, 0x2000);
    TASSIGN(dst0, 0x3000);
    TASSIGN(dst1, 0x4000);
    ptosim::testing::UbImage image;
    EXPECT_CHECK_FAILS(
        TInterleave(dst1, dst0, src1, src0),
        "TINTERLEAVE: a destination tile must not overlap another operand (dst=dst0, other=dst1)");
    EXPECT_TRUE(image.matches_ub());
}

TEST_P(InterleaveTest, SingleSourceFormWithPartialValidRegions) {
    using Src = Tile<TileType::Vec, int16_t, 8, 64, BLayout::RowMajor, 5, 42>;
    using Dst = Tile<TileType::Vec, int16_t, 8, 32, BLayout::RowMajor, 5, 21>;
    Src src;
    Dst dst0, dst1;
    TASSIGN(src, 0x200);
    TASSIGN(dst0, 0x1200);
    TASSIGN(dst1, 0x2200);
    for (int i = 0; i < Dst::Numel; ++i)
        dst0.data()[i] = dst1.data()[i] = -7;
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 42; ++c)
            src.SetElement(r, c, static_cast<int16_t>(r * 100 + c));
    Event<Op::TLOAD, Op::TDEINTERLEAVE> loaded;
    TDEINTERLEAVE(dst1, dst0, src, loaded);
    for (int r = 0; r < 8; ++r) {
        for (int k = 0; k < 32; ++k) {
            const bool valid = r < 5 && k < 21;
            ASSERT_EQ(dst0.GetElement(r, k), valid ? r * 100 + 2 * k : -7) << r << "," << k;
            ASSERT_EQ(dst1.GetElement(r, k), valid ? r * 100 + 2 * k + 1 : -7) << r << "," << k;
        }
    }
}

TEST_P(InterleaveTest, DifferentTileTypesAndDynamicShapes) {
    using Dst = Tile<TileType::Vec, uint8_t, 4, 64, BLayout::RowMajor, -1, -1>;
    using Src = Tile<TileType::Vec, uint8_t, 6, 32, BLayout::RowMajor, -1, -1>;
    Dst dst0(3, 10), dst1(3, 10);
    Src src0(3, 10), src1(3, 10);
    TASSIGN(dst0, 0x40);
    TASSIGN(dst1, 0x140);
    TASSIGN(src0, 0x240);
    TASSIGN(src1, 0x340);
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 10; ++c) {
            src0.SetElement(r, c, static_cast<uint8_t>(2 * c));
            src1.SetElement(r, c, static_cast<uint8_t>(2 * c + 1));
        }
    }
    Event<Op::TINTERLEAVE, Op::TSTORE_VEC> done = TINTERLEAVE(dst1, dst0, src1, src0);
    EXPECT_TRUE(done.IsRecorded());
    for (int r = 0; r < 3; ++r) {
        for (int j = 0; j < 10; ++j) {
            ASSERT_EQ(dst0.GetElement(r, j), j);
            ASSERT_EQ(dst1.GetElement(r, j), 10 + j);
        }
    }
}

TEST_P(InterleaveTest, CopiesAreBitExact) {
    using TileT = Tile<TileType::Vec, float, 1, 8>;
    TileT src0, src1, dst0, dst1;
    const uint32_t bits[8] = {0x7F800001u, 0xFFC12345u, 0x80000000u, 0x00000001u,
                              0x7FFFFFFFu, 0xFF800000u, 0x00000000u, 0x7FA00000u};
    for (int c = 0; c < 8; ++c) {
        src0.SetElement(0, c, std::bit_cast<float>(bits[c]));
        src1.SetElement(0, c, std::bit_cast<float>(bits[7 - c]));
    }
    TINTERLEAVE(dst1, dst0, src1, src0);
    for (int j = 0; j < 16; ++j) {
        const uint32_t expect = j % 2 == 0 ? bits[j / 2] : bits[7 - j / 2];
        const float got = j < 8 ? dst0.GetElement(0, j) : dst1.GetElement(0, j - 8);
        ASSERT_EQ(std::bit_cast<uint32_t>(got), expect) << j;
    }
    TileT even, odd;
    TDeInterleave(odd, even, dst1, dst0);
    for (int c = 0; c < 8; ++c) {
        ASSERT_EQ(std::bit_cast<uint32_t>(even.GetElement(0, c)), bits[c]);
        ASSERT_EQ(std::bit_cast<uint32_t>(odd.GetElement(0, c)), bits[7 - c]);
    }
}

TEST_P(InterleaveTest, RunTimeRulesLeaveTheUbUntouched) {
    using TileT = Tile<TileType::Vec, float, 4, 32, BLayout::RowMajor, -1, -1>;
    TileT a(4, 15), b(4, 15), c(4, 15), d(4, 15), p(4, 16), f(3, 16), g(4, 16), h(4, 16), wide(4, 30);
    int offset = 0;
    for (TileT* t : {&a, &b, &c, &d, &p, &f, &g, &h, &wide}) {
        TASSIGN(*t, offset);
        offset += 0x400;
    }
    ptosim::testing::UbImage image;
    EXPECT_CHECK_FAILS(TINTERLEAVE(a, b, c, d), "TINTERLEAVE: valid columns must be even (validCol=15)");
    EXPECT_CHECK_FAILS(TDEINTERLEAVE(p, g, f, h), "TDEINTERLEAVE: all tiles must have the same valid shape");
    EXPECT_CHECK_FAILS(TDEINTERLEAVE(p, g, wide),
                       "TDEINTERLEAVE: dst valid shape must be src valid rows x (src valid columns / 2)");
    EXPECT_CHECK_FAILS(TINTERLEAVE(p, p, g, h),
                       "TINTERLEAVE: a destination tile must not overlap another operand");
    EXPECT_TRUE(image.matches_ub());
}

}  // namespace
