// TSEL through the C++ API: pto-isa's auto and manual examples, a mask from TCMPS, selecting in place, every
// mask word width, dynamic valid shapes, events, and run-time checks that leave the UB untouched.
#include <gtest/gtest.h>

#include <cstdint>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace pto;

class TSelTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(TSelTest);

TEST_P(TSelTest, PtoIsaAutoExample) {
    using TileT = Tile<TileType::Vec, float, 16, 16>;
    using MaskT = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, -1, -1>;
    using TmpT = Tile<TileType::Vec, uint32_t, 1, 16>;
    TileT src0, src1, dst;
    MaskT mask(16, 2);
    TmpT tmp;
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            src0.SetElement(r, c, static_cast<float>(r * 16 + c));
            src1.SetElement(r, c, -1.0f);
        }
        mask.SetElement(r, 0, static_cast<uint8_t>(0xA5 ^ r));
        mask.SetElement(r, 1, static_cast<uint8_t>(r));
    }
    TSEL(dst, mask, src0, src1, tmp);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            const bool bit = (mask.GetElement(r, c / 8) >> (c % 8)) & 1;
            EXPECT_EQ(dst.GetElement(r, c), bit ? static_cast<float>(r * 16 + c) : -1.0f) << r << "," << c;
        }
    }
}

TEST_P(TSelTest, PtoIsaManualExampleWithTcmpsMask) {
    using TileT = Tile<TileType::Vec, float, 16, 16>;
    using MaskT = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, -1, -1>;
    using TmpT = Tile<TileType::Vec, uint32_t, 1, 16>;
    TileT src0, src1, dst;
    MaskT mask(16, 2);
    TmpT tmp;
    TASSIGN(src0, 0x1000);
    TASSIGN(src1, 0x2000);
    TASSIGN(dst, 0x3000);
    TASSIGN(mask, 0x4000);
    TASSIGN(tmp, 0x5000);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            src0.SetElement(r, c, static_cast<float>(c - r));
            src1.SetElement(r, c, 0.0f);
        }
    }
    // ReLU by compare and select: keep the positive elements.
    TCMPS(mask, src0, 0.0f, CmpMode::GT);
    TSEL(dst, mask, src0, src1, tmp);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c)
            EXPECT_EQ(dst.GetElement(r, c), c > r ? static_cast<float>(c - r) : 0.0f);
}

TEST_P(TSelTest, InPlaceU32MaskDynamicShape) {
    using TileT = Tile<TileType::Vec, uint16_t, 2, 64, BLayout::RowMajor, -1, -1>;
    using MaskT = Tile<TileType::Vec, uint32_t, 2, 8, BLayout::RowMajor, -1, -1>;
    TileT values(2, 40), fill(2, 40);
    MaskT mask(2, 2);
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TASSIGN(values, 0x0);
    TASSIGN(fill, 0x200);
    TASSIGN(mask, 0x400);
    TASSIGN(tmp, 0x500);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 64; ++c)
            values.SetElement(r, c, static_cast<uint16_t>(1000 * r + c));
    TEXPANDS(fill, static_cast<uint16_t>(7));
    TCMPS(mask, values, static_cast<uint16_t>(1020), CmpMode::GE);
    Event<Op::TCMPS, Op::TSEL> compared;
    TSEL(values, mask, values, fill, tmp, compared);
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 64; ++c) {
            const uint16_t was = static_cast<uint16_t>(1000 * r + c);
            const uint16_t want = c >= 40 ? was : (was >= 1020 ? was : 7);  // columns 40.. are outside
            EXPECT_EQ(values.GetElement(r, c), want) << r << "," << c;
        }
    }
}

TEST_P(TSelTest, RunTimeChecksLeaveTheUbUntouched) {
    using TileT = Tile<TileType::Vec, int32_t, 2, 64, BLayout::RowMajor, -1, -1>;
    using MaskT = Tile<TileType::Vec, uint8_t, 2, 32, BLayout::RowMajor, -1, -1>;
    TileT a(2, 64), b(2, 64), d(2, 64), small(2, 63);
    MaskT mask(2, 7);
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x400);
    TASSIGN(d, 0x800);
    TASSIGN(small, 0xC00);
    TASSIGN(mask, 0x1000);
    TASSIGN(tmp, 0x1100);
    ptosim::testing::UbImage image;
    EXPECT_CHECK_FAILS(TSEL(d, mask, a, b, tmp),
                       "TSEL: mask valid columns must hold ceil(dst valid columns / bits "
                       "per word) words (dst.validCol=64, bitsPerWord=8, wordsNeeded=8, "
                       "mask.validCol=7)");
    MaskT full(2, 8);
    TASSIGN(full, 0x1000);
    EXPECT_CHECK_FAILS(TSEL(d, full, a, small, tmp),
                       "TSEL: the data sources must have the valid shape of dst");
    EXPECT_TRUE(image.matches_ub());
}

}  // namespace
