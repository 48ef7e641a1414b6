// TPACK on the CPU profile: besides A5's narrowing stores, an integer widened to a wider integer (pto-isa's
// CPU simulation converted any pair; its suite packs int16_t into int32_t), sign- or zero-extended by the
// source.
#include <gtest/gtest.h>

#include <cstdint>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"

namespace {

using namespace pto;

class PackCpuTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(PackCpuTest);

TEST_P(PackCpuTest, IntegersWidenBySourceSignedness) {
    Tile<TileType::Vec, int16_t, 2, 16, BLayout::RowMajor, 2, 4> s16;
    Tile<TileType::Vec, uint8_t, 2, 32, BLayout::RowMajor, 2, 4> u8;
    Tile<TileType::Vec, int32_t, 2, 8, BLayout::RowMajor, 2, 4> d32;
    Tile<TileType::Vec, int64_t, 2, 8, BLayout::RowMajor, 2, 4> d64;
    TASSIGN(s16, 0x0);
    TASSIGN(u8, 0x100);
    TASSIGN(d32, 0x200);
    TASSIGN(d64, 0x300);
    const int16_t a[2][4] = {{1, -2, 32767, -32768}, {0, -1, 255, 256}};
    const uint8_t b[2][4] = {{0, 1, 127, 128}, {200, 255, 7, 9}};
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 8; ++c)
            d32.SetElement(r, c, 77);
        for (int c = 0; c < 4; ++c) {
            s16.SetElement(r, c, a[r][c]);
            u8.SetElement(r, c, b[r][c]);
        }
    }
    TPACK(d32, s16);
    TPACK(d64, u8);
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 4; ++c) {
            EXPECT_EQ(d32.GetElement(r, c), static_cast<int32_t>(a[r][c])) << r << "," << c;
            EXPECT_EQ(d64.GetElement(r, c), static_cast<int64_t>(b[r][c])) << r << "," << c;
        }
        for (int c = 4; c < 8; ++c)
            EXPECT_EQ(d32.GetElement(r, c), 77) << "padding (" << r << ", " << c << ")";
    }
}

TEST_P(PackCpuTest, NarrowingKeepsTheLowBytes) {
    Tile<TileType::Vec, uint32_t, 1, 8> src;
    Tile<TileType::Vec, uint16_t, 1, 16, BLayout::RowMajor, 1, 8> dst;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x100);
    for (int c = 0; c < 8; ++c)
        src.SetElement(0, c, 0xABCD0000u + 0x1111u * static_cast<uint32_t>(c));
    TPACK(dst, src);
    for (int c = 0; c < 8; ++c)
        EXPECT_EQ(dst.GetElement(0, c), static_cast<uint16_t>(0x1111u * c)) << c;
}

}  // namespace
