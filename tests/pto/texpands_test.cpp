// TEXPANDS through the C++ API: pto-isa's auto and manual examples, every element width, half and bfloat16
// scalars, dynamic valid shapes (nothing outside the valid region changes), and events.
#include <gtest/gtest.h>

#include <cstdint>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class TExpandsTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(TExpandsTest);

TEST_P(TExpandsTest, PtoIsaExamples) {
    using TileT = Tile<TileType::Vec, float, 16, 16>;
    TileT automatic, manual;
    TEXPANDS(automatic, 0.0f);
    TASSIGN(manual, 0x1000);
    TEXPANDS(manual, 2.5f);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            EXPECT_EQ(automatic.GetElement(r, c), 0.0f);
            EXPECT_EQ(manual.GetElement(r, c), 2.5f);
        }
    }
}

TEST_P(TExpandsTest, OnlyTheValidRegion) {
    using TileT = Tile<TileType::Vec, int64_t, 4, 8, BLayout::RowMajor, -1, -1>;
    TileT t(3, 5);
    TASSIGN(t, 0x0);
    TileT all(4, 8);
    TASSIGN(all, 0x0);
    TEXPANDS(all, int64_t{-1});
    Event<Op::TLOAD, Op::TEXPANDS> e;
    TEXPANDS(t, int64_t{0x123456789A}, e);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 8; ++c)
            EXPECT_EQ(t.GetElement(r, c), r < 3 && c < 5 ? int64_t{0x123456789A} : -1) << r << "," << c;
}

TEST_P(TExpandsTest, HalfAndBfloat16Scalars) {
    Tile<TileType::Vec, half, 2, 16> h;
    Tile<TileType::Vec, bfloat16_t, 2, 16> b;
    Tile<TileType::Vec, int8_t, 1, 32, BLayout::RowMajor, 1, 31> i8;
    TEXPANDS(h, half(-0.0f));
    TEXPANDS(b, bfloat16_t(1.5f));
    TEXPANDS(i8, int8_t{-128});
    EXPECT_EQ(h.GetElement(1, 15).bits(), 0x8000);
    EXPECT_EQ(static_cast<float>(b.GetElement(1, 3)), 1.5f);
    EXPECT_EQ(i8.GetElement(0, 30), -128);
    EXPECT_EQ(i8.GetElement(0, 31), 0);  // outside the valid region: untouched
}

// The device fills a Mat (L1) tile whole, in any layout (pto-isa a5/TExpandS.hpp and a2a3/TExpandS.hpp accept
// TileType::Mat): every element of the Nz tile below, padding included, holds the scalar.
TEST_P(TExpandsTest, MatTileIsFilledWhole) {
    using MatT = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512>;
    MatT m;
    TASSIGN(m, 0x0);
    for (int i = 0; i < 32 * 32; ++i)
        m.data()[i] = half(7.0f);
    TEXPANDS(m, half(-1.25f));
    for (int i = 0; i < 32 * 32; ++i)
        ASSERT_EQ(static_cast<float>(m.data()[i]), -1.25f) << i;
}

}  // namespace
