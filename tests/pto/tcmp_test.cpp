// TCMP / TCMPS through the C++ API: seed 004's auto and manual examples, the TCMPS scalar and tile forms,
// u8 and u32 masks, every source dtype, static and dynamic valid shapes, tiles at UB offsets, events, and
// run-time checks that leave the UB untouched.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"

#include "ptosim/kernels/backend.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace pto;

class TCmpTest : public ptosim::testing::BackendTest {};

PTOSIM_INSTANTIATE_BACKEND_TEST(TCmpTest);

// Bit c of row r of a packed mask tile.
template <typename MaskT>
bool mask_bit(const MaskT& mask, int r, int c) {
    constexpr int w = 8 * sizeof(typename MaskT::DType);
    return (mask.GetElement(r, c / w) >> (c % w)) & 1;
}

TEST_P(TCmpTest, Seed004AutoExample) {
    using SrcT = Tile<TileType::Vec, float, 16, 16>;
    using MaskT = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, -1, -1>;
    SrcT src0, src1;
    MaskT mask(16, 2);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            src0.SetElement(r, c, static_cast<float>(c));
            src1.SetElement(r, c, static_cast<float>(r));
        }
    }
    TCMP(mask, src0, src1, CmpMode::GT);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c)
            ASSERT_EQ(mask_bit(mask, r, c), c > r) << r << "," << c;
        for (int c = 2; c < 32; ++c)
            ASSERT_EQ(mask.GetElement(r, c), 0) << "outside the mask words";
    }
    EXPECT_EQ(mask.GetElement(0, 0), 0xFE);  // LSB first: column 0 is bit 0
    EXPECT_EQ(mask.GetElement(0, 1), 0xFF);
    EXPECT_EQ(mask.GetElement(8, 0), 0x00);
    EXPECT_EQ(mask.GetElement(8, 1), 0xFE);
}

TEST_P(TCmpTest, Seed004ManualExampleWithEvents) {
    using SrcT = Tile<TileType::Vec, float, 16, 16>;
    using MaskT = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, -1, -1>;
    SrcT src0, src1;
    MaskT mask(16, 2);
    TASSIGN(src0, 0x1000);
    TASSIGN(src1, 0x2000);
    TASSIGN(mask, 0x3000);
    for (int i = 0; i < SrcT::Numel; ++i) {
        src0.data()[i] = static_cast<float>(i % 7);
        src1.data()[i] = 3.0f;
    }
    Event<Op::TLOAD, Op::TCMP> loaded;
    Event<Op::TCMP, Op::TSTORE_VEC> done = TCMP(mask, src0, src1, CmpMode::LE, loaded);
    EXPECT_TRUE(done.IsRecorded());
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c)
            ASSERT_EQ(mask_bit(mask, r, c), (r * 16 + c) % 7 <= 3) << r << "," << c;
}

TEST_P(TCmpTest, TcmpsScalarFormAndTileForm) {
    using SrcT = Tile<TileType::Vec, half, 16, 16>;
    using DstT = Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, -1, -1>;
    SrcT src, src1;
    DstT dst(16, 2), dst_tile(16, 2);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c)
            src.SetElement(r, c, half(static_cast<float>(c - 8) * 0.5f));
    src.SetElement(3, 3, half::from_bits(0x7E00));  // NaN: false for GT
    src.SetElement(4, 4, half::from_bits(0x8000));  // -0: equals +0, not greater
    TCMPS(dst, src, 0.0f, CmpMode::GT);
    src1.SetElement(0, 0, half(0.0f));
    src1.SetElement(0, 1, half(100.0f));  // only [0, 0] counts
    TCMPS(dst_tile, src, src1, CmpMode::GT);
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            const bool expect = c > 8 && !(r == 3 && c == 3);
            ASSERT_EQ(mask_bit(dst, r, c), expect) << r << "," << c;
            ASSERT_EQ(mask_bit(dst_tile, r, c), expect) << r << "," << c;
        }
    }
    TCMPS(dst, src, half(0.0f), CmpMode::EQ);
    EXPECT_TRUE(mask_bit(dst, 4, 4));
    EXPECT_TRUE(mask_bit(dst, 0, 8));
    EXPECT_FALSE(mask_bit(dst, 3, 3));
    TCMPS(dst, src, half(0.0f), CmpMode::NE);
    EXPECT_TRUE(mask_bit(dst, 3, 3));
}

TEST_P(TCmpTest, U32MaskWithPartialValidRegions) {
    using SrcT = Tile<TileType::Vec, int64_t, 8, 40, BLayout::RowMajor, -1, -1>;
    using MaskT = Tile<TileType::Vec, uint32_t, 8, 8, BLayout::RowMajor, -1, -1>;
    SrcT a(5, 37), b(5, 37);
    MaskT mask(5, 2);
    TASSIGN(a, 0x40);
    TASSIGN(b, 0x1040);
    TASSIGN(mask, 0x2040);
    for (int i = 0; i < MaskT::Numel; ++i)
        mask.data()[i] = 0xFFFFFFFFu;
    constexpr int64_t big = int64_t{1} << 53;
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 37; ++c) {
            a.SetElement(r, c, big + c % 3);  // 2^53, 2^53 + 1, 2^53 + 2: equal once converted to double
            b.SetElement(r, c, big + 1);
        }
    }
    TCMP(mask, a, b, CmpMode::EQ);
    for (int r = 0; r < 8; ++r) {
        for (int w = 0; w < 8; ++w) {
            uint32_t expect = 0;
            for (int bit = 0; bit < 32 && r < 5 && w * 32 + bit < 37; ++bit)
                expect |= static_cast<uint32_t>((w * 32 + bit) % 3 == 1) << bit;
            ASSERT_EQ(mask.GetElement(r, w), expect) << r << "," << w;  // the whole tile is zeroed first
        }
    }
}

template <typename T>
void compare_every_mode() {
    using SrcT = Tile<TileType::Vec, T, 2, 64 / sizeof(T)>;
    using MaskT = Tile<TileType::Vec, uint8_t, 2, 32>;
    SrcT a, b;
    MaskT mask;
    const T lo = std::numeric_limits<T>::lowest(), hi = std::numeric_limits<T>::max();
    a.SetElement(0, 0, lo);
    b.SetElement(0, 0, hi);
    a.SetElement(1, 0, hi);
    b.SetElement(1, 0, hi);
    const CmpMode modes[] = {CmpMode::EQ, CmpMode::NE, CmpMode::LT, CmpMode::LE, CmpMode::GT, CmpMode::GE};
    const bool lo_hi[] = {false, true, true, true, false, false};
    const bool hi_hi[] = {true, false, false, true, false, true};
    for (int m = 0; m < 6; ++m) {
        TCMP(mask, a, b, modes[m]);
        EXPECT_EQ(mask_bit(mask, 0, 0), lo_hi[m]) << m;
        EXPECT_EQ(mask_bit(mask, 1, 0), hi_hi[m]) << m;
        TCMPS(mask, a, hi, modes[m]);
        EXPECT_EQ(mask_bit(mask, 0, 0), lo_hi[m]) << m;
        EXPECT_EQ(mask_bit(mask, 1, 0), hi_hi[m]) << m;
    }
}

TEST_P(TCmpTest, EverySourceDtype) {
    compare_every_mode<int8_t>();
    compare_every_mode<uint8_t>();
    compare_every_mode<int16_t>();
    compare_every_mode<uint16_t>();
    compare_every_mode<int32_t>();
    compare_every_mode<uint32_t>();
    compare_every_mode<int64_t>();
    compare_every_mode<uint64_t>();
    compare_every_mode<half>();
    compare_every_mode<bfloat16_t>();
    compare_every_mode<float>();
}

TEST_P(TCmpTest, RunTimeRulesLeaveTheUbUntouched) {
    using SrcT = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, -1, -1>;
    using MaskT = Tile<TileType::Vec, uint8_t, 4, 32, BLayout::RowMajor, -1, -1>;
    SrcT a(4, 50), b(4, 50), c(4, 49);
    MaskT small(4, 6), short_mask(3, 7);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x400);
    TASSIGN(c, 0x800);
    TASSIGN(small, 0xC00);
    TASSIGN(short_mask, 0xD00);
    ptosim::testing::UbImage image;
    EXPECT_CHECK_FAILS(
        TCMP(small, a, b, CmpMode::EQ),
        "TCMP: dst valid columns must hold ceil(src0 valid columns / bits per word) mask words "
        "(src0.validCol=50, bitsPerWord=8, wordsNeeded=7, dst.validCol=6)");
    EXPECT_CHECK_FAILS(TCMPS(small, a, 1.0f, CmpMode::EQ), "TCMPS: dst valid columns must hold");
    EXPECT_CHECK_FAILS(TCMP(short_mask, a, b, CmpMode::EQ),
                       "TCMP: dst valid rows must equal src0 valid rows");
    MaskT mask(4, 7);
    TASSIGN(mask, 0xE00);
    EXPECT_CHECK_FAILS(TCMP(mask, a, c, CmpMode::EQ), "TCMP: src0 and src1 must have the same valid shape");
    SrcT empty(0, 0);
    TASSIGN(empty, 0x1000);
    EXPECT_CHECK_FAILS(TCMPS(mask, a, empty, CmpMode::EQ), "TCMPS: src1 must have a valid element [0, 0]");
    EXPECT_TRUE(image.matches_ub());
}

}  // namespace
