// THISTOGRAM through the C++ API: seed 000's two worked examples with their shapes, a radix-sort pass pair,
// every destination dtype, static and dynamic valid shapes, tiles at UB offsets, events, and run-time checks
// that leave the UB untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"

#include "ptosim/kernels/backend.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace pto;

class THistogramTest : public ptosim::testing::BackendTest {};

PTOSIM_INSTANTIATE_BACKEND_TEST(THistogramTest);

uint32_t byte_of(uint32_t v, int k) {
    return (v >> (8 * k)) & 0xFFu;
}

// Inclusive prefix counts of byte k over the values that `keep` accepts.
template <typename Keep>
std::vector<uint64_t> cumulative(const std::vector<uint32_t>& values, int k, Keep keep) {
    std::vector<uint64_t> counts(256, 0);
    for (uint32_t v : values) {
        if (keep(v)) {
            for (uint32_t b = byte_of(v, k); b < 256; ++b)
                ++counts[b];
        }
    }
    return counts;
}

TEST_P(THistogramTest, Seed000Example1U32Byte1WithPrefixFilter) {
    // THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>
    using Src = Tile<TileType::Vec, uint32_t, 4, 64>;
    using Dst = Tile<TileType::Vec, uint32_t, 4, 256>;  // 4 KB
    using Idx = Tile<TileType::Vec, uint8_t, 2, 32>;    // idx[0,0] = byte 3, idx[1,0] = byte 2
    Src src;
    Dst dst;
    Idx idx;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x1000);
    TASSIGN(idx, 0x2000);
    idx.SetElement(0, 0, 0xC0);
    idx.SetElement(1, 0, 0x1D);
    std::mt19937 rng(1);
    std::vector<std::vector<uint32_t>> rows(4);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 64; ++c) {
            uint32_t v = rng();
            if (c % 3 != 0)
                v = (v & 0xFFFFu) | 0xC01D0000u;  // passes the filter
            else if (c % 2 == 0)
                v = (v & 0xFFFFu) | 0xC01E0000u;  // right byte 3, wrong byte 2
            src.SetElement(r, c, v);
            rows[r].push_back(v);
        }
    }
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
    for (int r = 0; r < 4; ++r) {
        const auto expect =
            cumulative(rows[r], 1, [](uint32_t v) { return byte_of(v, 3) == 0xC0 && byte_of(v, 2) == 0x1D; });
        for (int b = 0; b < 256; ++b)
            ASSERT_EQ(dst.GetElement(r, b), expect[b]) << r << "," << b;
        EXPECT_EQ(dst.GetElement(r, 255), 42u);  // 64 - ceil(64 / 3)
    }
}

TEST_P(THistogramTest, Seed000Example2U16Byte0PerRowFilter) {
    // THISTOGRAM <LB0:128, LB1:2, LB2:128, u16, u32, Byte0>, M#1, N#2.reuse, ->T<2KB>
    using Src = Tile<TileType::Vec, uint16_t, 2, 128>;
    using Dst = Tile<TileType::Vec, uint32_t, 2, 256>;  // 2 KB
    using Idx =
        Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor, 2, 1>;  // idx[r, 0]: high byte of row r
    Src src;
    Dst dst;
    Idx idx;
    const uint8_t high[2] = {0x12, 0xEE};
    idx.SetElement(0, 0, high[0]);
    idx.SetElement(1, 0, high[1]);
    std::vector<std::vector<uint32_t>> rows(2);
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 128; ++c) {
            const uint16_t v =
                static_cast<uint16_t>(((c % 4 == 0 ? high[1 - r] : high[r]) << 8) | (c * 37 % 256));
            src.SetElement(r, c, v);
            rows[r].push_back(v);
        }
    }
    THISTOGRAM<HistByte::BYTE_0>(dst, src, idx);
    for (int r = 0; r < 2; ++r) {
        const auto expect = cumulative(rows[r], 0, [&](uint32_t v) { return byte_of(v, 1) == high[r]; });
        for (int b = 0; b < 256; ++b)
            ASSERT_EQ(dst.GetElement(r, b), expect[b]) << r << "," << b;
        EXPECT_EQ(dst.GetElement(r, 255), 96u);
    }
}

TEST_P(THistogramTest, RadixSortPassesWithDynamicShapesAndEvents) {
    // Pass 1 counts the high byte; pass 2 counts the low byte within each row's most frequent high byte.
    constexpr int R = 8, C = 96;
    using Src = Tile<TileType::Vec, uint16_t, R, C, BLayout::RowMajor, -1, -1>;
    using Dst = Tile<TileType::Vec, uint32_t, R, 288, BLayout::RowMajor, -1, -1>;
    using Idx = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor, -1, -1>;
    Src src(5, 77);
    Dst hist(5, 256), low(6, 288);
    Idx idx(5, 1);
    TASSIGN(src, 0x3020);
    TASSIGN(hist, 0x8000);
    TASSIGN(low, 0xB000);
    TASSIGN(idx, 0xE000);
    std::mt19937 rng(2);
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 77; ++c)
            src.SetElement(r, c, static_cast<uint16_t>(((rng() % 3 + 0x40 + r) << 8) | (rng() & 0xFF)));
    Event<Op::THISTOGRAM, Op::THISTOGRAM> first = THISTOGRAM<HistByte::BYTE_1>(hist, src, idx);
    for (int r = 0; r < 5; ++r) {
        uint32_t best = 0, best_count = 0, previous = 0;
        for (uint32_t b = 0; b < 256; ++b) {
            const uint32_t count = hist.GetElement(r, b) - previous;
            previous = hist.GetElement(r, b);
            if (count > best_count) {
                best = b;
                best_count = count;
            }
        }
        ASSERT_GE(best, 0x40u + r);
        ASSERT_LE(best, 0x42u + r);
        idx.SetElement(r, 0, static_cast<uint8_t>(best));
        ASSERT_EQ(hist.GetElement(r, 255), 77u);
    }
    THISTOGRAM<HistByte::BYTE_0>(low, src, idx, first);
    for (int r = 0; r < 5; ++r) {
        const uint32_t selected =
            hist.GetElement(r, idx.GetElement(r, 0)) -
            (idx.GetElement(r, 0) == 0 ? 0 : hist.GetElement(r, idx.GetElement(r, 0) - 1));
        EXPECT_EQ(low.GetElement(r, 255), selected);
    }
}

template <typename D>
void check_destination_dtype() {
    using Src = Tile<TileType::Vec, uint32_t, 2, 512, BLayout::RowMajor, 2, 300>;
    using Dst = Tile<TileType::Vec, D, 2, 256>;
    using Idx = Tile<TileType::Vec, uint8_t, 3, 32>;
    Src src;
    Dst dst;
    Idx idx;  // a placeholder for BYTE_3
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 300; ++c)
            src.SetElement(r, c, c < 290 ? 0x01000000u : 0xFF000000u);
    THISTOGRAM<HistByte::BYTE_3>(dst, src, idx);
    for (int r = 0; r < 2; ++r) {
        EXPECT_EQ(dst.GetElement(r, 0), D(0));
        EXPECT_EQ(dst.GetElement(r, 1), static_cast<D>(290));
        EXPECT_EQ(dst.GetElement(r, 254), static_cast<D>(290));
        EXPECT_EQ(dst.GetElement(r, 255), static_cast<D>(300));  // u8: 300 mod 256 = 44
    }
}

TEST_P(THistogramTest, EveryDestinationDtype) {
    check_destination_dtype<uint8_t>();
    check_destination_dtype<uint16_t>();
    check_destination_dtype<uint32_t>();
    check_destination_dtype<uint64_t>();
}

TEST_P(THistogramTest, U32CascadeOverEveryByte) {
    using Src = Tile<TileType::Vec, uint32_t, 1, 8>;
    using Dst = Tile<TileType::Vec, uint32_t, 1, 256>;
    using Idx = Tile<TileType::Vec, uint8_t, 3, 32>;
    Src src;
    Dst dst;
    Idx idx;
    const uint32_t values[8] = {0xAABBCC01, 0xAABBCC02, 0xAABBCD03, 0xAABCCC04,
                                0xABBBCC05, 0xAABBCC06, 0x00000000, 0xFFFFFFFF};
    for (int c = 0; c < 8; ++c)
        src.SetElement(0, c, values[c]);
    idx.SetElement(0, 0, 0xAA);
    idx.SetElement(1, 0, 0xBB);
    idx.SetElement(2, 0, 0xCC);
    THISTOGRAM<HistByte::BYTE_3>(dst, src, idx);
    EXPECT_EQ(dst.GetElement(0, 255), 8u);
    THISTOGRAM<HistByte::BYTE_2>(dst, src, idx);
    EXPECT_EQ(dst.GetElement(0, 255), 5u);  // byte 3 == 0xAA
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
    EXPECT_EQ(dst.GetElement(0, 255), 4u);  // ... and byte 2 == 0xBB
    THISTOGRAM<HistByte::BYTE_0>(dst, src, idx);
    EXPECT_EQ(dst.GetElement(0, 255), 3u);  // ... and byte 1 == 0xCC: 01, 02, 06
    EXPECT_EQ(dst.GetElement(0, 1), 1u);
    EXPECT_EQ(dst.GetElement(0, 2), 2u);
    EXPECT_EQ(dst.GetElement(0, 5), 2u);
    EXPECT_EQ(dst.GetElement(0, 6), 3u);
}

TEST_P(THistogramTest, OnlyTheSourceRowsFirst256ColumnsAreWritten) {
    using Src = Tile<TileType::Vec, uint16_t, 4, 32, BLayout::RowMajor, 2, 20>;
    using Dst = Tile<TileType::Vec, uint16_t, 4, 272>;
    using Idx = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor>;
    Src src;
    Dst dst;
    Idx idx;
    TASSIGN(src, 0x100);
    TASSIGN(dst, 0x400);
    TASSIGN(idx, 0x1000);
    for (int i = 0; i < Dst::Numel; ++i)
        dst.data()[i] = 0xBEEF;
    for (int i = 0; i < Src::Numel; ++i)
        src.data()[i] = 0;
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 272; ++c) {
            const uint16_t expect = (r < 2 && c < 256) ? 20 : 0xBEEF;  // all-zero source: everything in bin 0
            ASSERT_EQ(dst.GetElement(r, c), expect) << r << "," << c;
        }
    }
}

TEST_P(THistogramTest, RunTimeRulesLeaveTheUbUntouched) {
    using Src = Tile<TileType::Vec, uint16_t, 4, 64, BLayout::RowMajor, -1, -1>;
    using Dst = Tile<TileType::Vec, uint32_t, 4, 256, BLayout::RowMajor, -1, -1>;
    using Idx = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor, -1, -1>;
    Src src(4, 64);
    Dst narrow(4, 200), short_dst(3, 256);
    Idx idx(2, 1);
    TASSIGN(src, 0x0);
    TASSIGN(narrow, 0x1000);
    TASSIGN(short_dst, 0x2000);
    TASSIGN(idx, 0x3000);
    ptosim::testing::UbImage image;
    EXPECT_CHECK_FAILS(THISTOGRAM<HistByte::BYTE_1>(narrow, src, idx),
                       "THISTOGRAM: dst valid columns must be >= 256 (dst.validCol=200)");
    EXPECT_CHECK_FAILS(
        THISTOGRAM<HistByte::BYTE_1>(short_dst, src, idx),
        "THISTOGRAM: dst valid rows must be >= src valid rows (dst.validRow=3, src.validRow=4)");
    Dst dst(4, 256);
    TASSIGN(dst, 0x1000);
    EXPECT_CHECK_FAILS(THISTOGRAM<HistByte::BYTE_0>(dst, src, idx),
                       "THISTOGRAM: idx must have a valid row per source row");
    EXPECT_TRUE(image.matches_ub());
}

}  // namespace
