// THISTOGRAM kernels against a reference written from seed 000's filter table: every source dtype and byte,
// every destination dtype, shapes with partial valid regions, tiles scattered through the UB, edge values,
// and every run-time rule (which must leave the UB untouched).
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/ops/histogram.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::at;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class HistogramKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(HistogramKernel);

uint32_t byte_of(uint32_t v, int j) {
    return (v >> (8 * j)) & 0xFFu;
}

uint32_t src_element(const TileView& src, int32_t r, int32_t c) {
    return src.dtype == DType::U16 ? at<uint16_t>(src, r, c) : at<uint32_t>(src, r, c);
}

// Seed 000's filter table, row by row.
bool passes(const TileView& src, const TileView& idx, int k, int32_t r, uint32_t v) {
    if (src.dtype == DType::U16)
        return k == 1 || byte_of(v, 1) == at<uint8_t>(idx, r, 0);
    const uint32_t i0 = k < 3 ? at<uint8_t>(idx, 0, 0) : 0;
    const uint32_t i1 = k < 2 ? at<uint8_t>(idx, 1, 0) : 0;
    const uint32_t i2 = k < 1 ? at<uint8_t>(idx, 2, 0) : 0;
    switch (k) {
        case 3:
            return true;
        case 2:
            return byte_of(v, 3) == i0;
        case 1:
            return byte_of(v, 3) == i0 && byte_of(v, 2) == i1;
        default:
            return byte_of(v, 3) == i0 && byte_of(v, 2) == i1 && byte_of(v, 1) == i2;
    }
}

// dst[r, b] = #{ c : element (r, c) passes and its byte k is <= b }, stored modulo 2^bits.
void expect_histogram(const TileView& dst, const TileView& src, const TileView& idx, int k) {
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int b = 0; b < 256; ++b) {
            uint64_t n = 0;
            for (int32_t c = 0; c < src.valid_cols; ++c) {
                const uint32_t v = src_element(src, r, c);
                n += passes(src, idx, k, r, v) && byte_of(v, k) <= static_cast<uint32_t>(b);
            }
            switch (dst.dtype) {
                case DType::U8:
                    at<uint8_t>(dst, r, b) = static_cast<uint8_t>(n);
                    break;
                case DType::U16:
                    at<uint16_t>(dst, r, b) = static_cast<uint16_t>(n);
                    break;
                case DType::U32:
                    at<uint32_t>(dst, r, b) = static_cast<uint32_t>(n);
                    break;
                default:
                    at<uint64_t>(dst, r, b) = n;
                    break;
            }
        }
    }
}

struct Shape {
    int32_t rows, valid_rows, valid_cols, extra_blocks;
};

// Source shapes: one row; many rows with validCol not a multiple of 8; validRow < Rows with validCol < Cols;
// a single column; more than 256 columns; no valid rows.
constexpr Shape kShapes[] = {{1, 1, 64, 0}, {12, 12, 37, 0}, {8, 5, 100, 2},
                             {4, 4, 1, 0},  {3, 3, 300, 1},  {6, 0, 16, 0}};

// Elements whose bytes above k mostly match the filter, so that the filter both passes and rejects; the
// counted byte is often 0 or 255 (the first and last bins).
uint32_t make_element(std::mt19937_64& rng, DType src_t, int k, uint32_t want) {
    std::uniform_int_distribution<uint32_t> any(0, 0xFFFFFFFFu);
    std::uniform_int_distribution<int> pct(0, 99);
    const int bytes = src_t == DType::U16 ? 2 : 4;
    uint32_t v = 0;
    for (int j = 0; j < bytes; ++j) {
        uint32_t b = any(rng) & 0xFFu;
        if (j > k && pct(rng) < 75)
            b = byte_of(want, j);
        else if (j == k && pct(rng) < 20)
            b = pct(rng) < 50 ? 0 : 255;
        v |= b << (8 * j);
    }
    return v;
}

struct Case {
    DType src_t, dst_t;
    int k;
    Shape shape;
};

void run_case(const Case& cs, std::mt19937_64& rng) {
    const Shape& s = cs.shape;
    UbTiles tiles(rng);
    const int32_t src_cols =
        ptosim::testing::row_major_cols(dtype_size(cs.src_t), s.valid_cols, s.extra_blocks);
    TileView src = tiles.place(cs.src_t, s.rows, src_cols, s.valid_rows, s.valid_cols);
    // dst: more rows and columns than written, so the kernel must leave them alone.
    const int32_t dst_cols = ptosim::testing::row_major_cols(dtype_size(cs.dst_t), 256, s.extra_blocks);
    TileView dst = tiles.place(cs.dst_t, s.rows + 2, dst_cols, s.valid_rows + 1, dst_cols);
    TileView idx;
    if (cs.src_t == DType::U16) {
        // idx[r, 0] per row: an R x 1 column-major tile.
        idx = tiles.place(DType::U8, Layout::col_major(32 * (s.rows / 32 + 1), 1), s.rows, 1);
    } else {
        idx = tiles.place(DType::U8, Layout::row_major(3, 32), 3 - cs.k, 1 + cs.k);
    }
    std::uniform_int_distribution<uint32_t> any(0, 0xFFFFFFFFu);
    for (int32_t r = 0; r < s.valid_rows; ++r) {
        uint32_t want = any(rng);
        if (cs.src_t == DType::U16) {
            at<uint8_t>(idx, r, 0) = static_cast<uint8_t>(byte_of(want, 1));
        } else {
            // The u32 filter is global: rows 0..2 of idx hold bytes 3, 2, 1.
            want = 0;
            for (int32_t i = 0; i < idx.valid_rows; ++i)
                want |= uint32_t{at<uint8_t>(idx, i, 0)} << (8 * (3 - i));
        }
        for (int32_t c = 0; c < s.valid_cols; ++c) {
            const uint32_t v = make_element(rng, cs.src_t, cs.k, want);
            if (cs.src_t == DType::U16)
                at<uint16_t>(src, r, c) = static_cast<uint16_t>(v);
            else
                at<uint32_t>(src, r, c) = v;
        }
    }
    UbImage image;
    expect_histogram(image.expected(dst), src, idx, cs.k);
    ops::thistogram(dst, src, idx, static_cast<HistByte>(cs.k));
    EXPECT_TRUE(image.matches_ub());
}

TEST_P(HistogramKernel, SweepDtypesBytesAndShapes) {
    std::mt19937_64 rng(1);
    for (DType src_t : {DType::U16, DType::U32}) {
        for (int k = 0; k < (src_t == DType::U16 ? 2 : 4); ++k) {
            for (DType dst_t : {DType::U8, DType::U16, DType::U32, DType::U64}) {
                for (const Shape& s : kShapes) {
                    SCOPED_TRACE(::testing::Message()
                                 << dtype_name(src_t) << " BYTE_" << k << " -> " << dtype_name(dst_t)
                                 << ", rows " << s.rows << " valid " << s.valid_rows << "x" << s.valid_cols);
                    run_case({src_t, dst_t, k, s}, rng);
                }
            }
        }
    }
}

// A u32 tile of one row, every element `value`, and a 1 x 256 destination of dtype dst_t.
struct OneRow {
    TileView src, dst, idx;
};
OneRow one_row(UbTiles& tiles, DType src_t, DType dst_t, int32_t n) {
    OneRow o;
    o.src = tiles.place(src_t, 1, ptosim::testing::row_major_cols(dtype_size(src_t), n), 1, n);
    o.dst = tiles.place(dst_t, 1, 256, 1, 256);
    o.idx = tiles.place(DType::U8, Layout::col_major(32, 1), 32, 1);
    return o;
}

TEST_P(HistogramKernel, AllElementsEqualGiveAStep) {
    std::mt19937_64 rng(2);
    UbTiles tiles(rng);
    OneRow o = one_row(tiles, DType::U32, DType::U32, 40);
    for (int32_t c = 0; c < 40; ++c)
        at<uint32_t>(o.src, 0, c) = 0x12345678u;
    ops::thistogram(o.dst, o.src, o.idx, HistByte::Byte3);
    for (int b = 0; b < 256; ++b)
        ASSERT_EQ(at<uint32_t>(o.dst, 0, b), b < 0x12 ? 0u : 40u) << b;
}

TEST_P(HistogramKernel, NoElementPassingTheFilterGivesZeros) {
    std::mt19937_64 rng(3);
    UbTiles tiles(rng);
    OneRow o = one_row(tiles, DType::U16, DType::U32, 50);
    for (int32_t c = 0; c < 50; ++c)
        at<uint16_t>(o.src, 0, c) = static_cast<uint16_t>(0x4100 + c);
    at<uint8_t>(o.idx, 0, 0) = 0x42;
    ops::thistogram(o.dst, o.src, o.idx, HistByte::Byte0);
    for (int b = 0; b < 256; ++b)
        ASSERT_EQ(at<uint32_t>(o.dst, 0, b), 0u) << b;
}

TEST_P(HistogramKernel, FirstAndLastBins) {
    std::mt19937_64 rng(4);
    UbTiles tiles(rng);
    OneRow o = one_row(tiles, DType::U16, DType::U32, 10);
    for (int32_t c = 0; c < 10; ++c)
        at<uint16_t>(o.src, 0, c) = c < 3 ? 0x00FF : 0xFF00;  // 3 x high byte 0x00, 7 x high byte 0xFF
    ops::thistogram(o.dst, o.src, o.idx, HistByte::Byte1);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 0), 3u);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 254), 3u);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 255), 10u);
    at<uint8_t>(o.idx, 0, 0) = 0x00;  // low bytes of the three 0x00FF elements: all in bin 255
    ops::thistogram(o.dst, o.src, o.idx, HistByte::Byte0);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 254), 0u);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 255), 3u);
    at<uint8_t>(o.idx, 0, 0) = 0xFF;  // low bytes of the seven 0xFF00 elements: all in bin 0
    ops::thistogram(o.dst, o.src, o.idx, HistByte::Byte0);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 0), 7u);
    EXPECT_EQ(at<uint32_t>(o.dst, 0, 255), 7u);
}

TEST_P(HistogramKernel, NarrowDestinationsWrap) {
    std::mt19937_64 rng(5);
    UbTiles tiles(rng);
    OneRow o8 = one_row(tiles, DType::U16, DType::U8, 300);
    for (int32_t c = 0; c < 300; ++c)
        at<uint16_t>(o8.src, 0, c) = static_cast<uint16_t>(c < 200 ? 0x0000 : 0x0300);
    ops::thistogram(o8.dst, o8.src, o8.idx, HistByte::Byte1);
    EXPECT_EQ(at<uint8_t>(o8.dst, 0, 0), 200);
    EXPECT_EQ(at<uint8_t>(o8.dst, 0, 2), 200);
    EXPECT_EQ(at<uint8_t>(o8.dst, 0, 3), 300 % 256);
    EXPECT_EQ(at<uint8_t>(o8.dst, 0, 255), 300 % 256);

    // 66000 elements overflow a u16 count; a u64 count holds it.
    constexpr int32_t n = 66000;
    TileView src = tiles.place(DType::U16, 1, n + 16, 1, n);
    TileView d16 = tiles.place(DType::U16, 1, 256, 1, 256);
    TileView d64 = tiles.place(DType::U64, 1, 256, 1, 256);
    for (int32_t c = 0; c < n; ++c)
        at<uint16_t>(src, 0, c) = 0x7F00;
    ops::thistogram(d16, src, src, HistByte::Byte1);
    ops::thistogram(d64, src, src, HistByte::Byte1);
    EXPECT_EQ(at<uint16_t>(d16, 0, 126), 0);
    EXPECT_EQ(at<uint16_t>(d16, 0, 127), n % 65536);
    EXPECT_EQ(at<uint64_t>(d64, 0, 127), static_cast<uint64_t>(n));
}

TEST_P(HistogramKernel, U32FilterIsTheSameForEveryRow) {
    std::mt19937_64 rng(6);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::U32, 3, 8, 3, 2);
    TileView dst = tiles.place(DType::U32, 3, 256, 3, 256);
    // Only row 0 of idx matters for BYTE_2; rows 1 and 2 differ to show they are not per-row filters.
    TileView idx = tiles.place(DType::U8, Layout::row_major(3, 32), 3, 32);
    at<uint8_t>(idx, 0, 0) = 0xAB;
    at<uint8_t>(idx, 1, 0) = 0x01;
    at<uint8_t>(idx, 2, 0) = 0x02;
    for (int32_t r = 0; r < 3; ++r) {
        at<uint32_t>(src, r, 0) = 0xAB100000u;
        at<uint32_t>(src, r, 1) = 0xAC200000u;
    }
    ops::thistogram(dst, src, idx, HistByte::Byte2);
    for (int32_t r = 0; r < 3; ++r) {
        EXPECT_EQ(at<uint32_t>(dst, r, 0x0F), 0u);
        EXPECT_EQ(at<uint32_t>(dst, r, 0x10), 1u);
        EXPECT_EQ(at<uint32_t>(dst, r, 0xFF), 1u);
    }
}

// Each run-time rule: the check fails with its message and the UB is untouched.
class HistogramRules : public HistogramKernel {
  protected:
    void SetUp() override {
        HistogramKernel::SetUp();
        src = tiles.place(DType::U16, 4, 64, 4, 50);
        dst = tiles.place(DType::U32, 4, 256, 4, 256);
        idx = tiles.place(DType::U8, Layout::col_major(32, 1), 4, 1);
    }
    void expect_fails(const TileView& d, const TileView& s, const TileView& i, HistByte b, const char* text) {
        UbImage image;
        EXPECT_CHECK_FAILS(ops::thistogram(d, s, i, b), text);
        EXPECT_TRUE(image.matches_ub());
    }
    std::mt19937_64 rng{7};
    UbTiles tiles{rng};
    TileView src, dst, idx;
};
PTOSIM_INSTANTIATE_KERNEL_TEST(HistogramRules);

TEST_P(HistogramRules, DstValidColumnsBelow256) {
    TileView d = dst;
    d.valid_cols = 255;
    expect_fails(d, src, idx, HistByte::Byte1,
                 "THISTOGRAM: dst valid columns must be >= 256 (dst.validCol=255)");
}

TEST_P(HistogramRules, DstRowsTooFew) {
    TileView d = dst;
    d.valid_rows = 3;
    expect_fails(d, src, idx, HistByte::Byte1, "THISTOGRAM: dst valid rows must be >= src valid rows");
}

TEST_P(HistogramRules, U16HasNoByte2) {
    expect_fails(dst, src, idx, HistByte::Byte2, "THISTOGRAM: a uint16_t source has only BYTE_0 and BYTE_1");
}

TEST_P(HistogramRules, SourceDtype) {
    TileView s = src;
    s.dtype = DType::S16;
    expect_fails(dst, s, idx, HistByte::Byte1,
                 "THISTOGRAM: element type not supported by the instruction (operand=src");
}

TEST_P(HistogramRules, DstDtype) {
    TileView d = dst;
    d.dtype = DType::S32;
    expect_fails(d, src, idx, HistByte::Byte1,
                 "THISTOGRAM: element type not supported by the instruction (operand=dst");
}

TEST_P(HistogramRules, ColumnMajorSource) {
    TileView s = src;
    s.layout = Layout::col_major(64, 4);
    s.valid_rows = 4;
    s.valid_cols = 4;
    expect_fails(dst, s, idx, HistByte::Byte1, "THISTOGRAM: tile must be row-major (operand=src");
}

TEST_P(HistogramRules, IdxRowsTooFewForU16) {
    TileView i = idx;
    i.valid_rows = 3;
    expect_fails(dst, src, i, HistByte::Byte0, "THISTOGRAM: idx must have a valid row per source row");
}

TEST_P(HistogramRules, IdxRowsTooFewForU32) {
    TileView s = tiles.place(DType::U32, 2, 8, 2, 8);
    TileView i = tiles.place(DType::U8, Layout::row_major(3, 32), 2, 32);
    expect_fails(dst, s, i, HistByte::Byte0, "THISTOGRAM: idx must have 3 - k valid rows");
    // BYTE_1 needs two rows: fine.
    EXPECT_NO_THROW(ops::thistogram(dst, s, i, HistByte::Byte1));
}

TEST_P(HistogramRules, IdxDtype) {
    TileView i = idx;
    i.dtype = DType::S8;
    expect_fails(dst, src, i, HistByte::Byte0,
                 "THISTOGRAM: element type not supported by the instruction (operand=idx");
}

TEST_P(HistogramRules, IdxWithoutValidColumn) {
    TileView i = idx;
    i.valid_cols = 0;
    expect_fails(dst, src, i, HistByte::Byte0, "THISTOGRAM: idx must have a valid column 0");
}

TEST_P(HistogramRules, PlaceholderIdxIsNotChecked) {
    TileView empty;  // no storage at all
    EXPECT_NO_THROW(ops::thistogram(dst, src, empty, HistByte::Byte1));
    TileView s = tiles.place(DType::U32, 2, 8, 2, 8);
    EXPECT_NO_THROW(ops::thistogram(dst, s, empty, HistByte::Byte3));
}

TEST_P(HistogramRules, DstOverlappingSource) {
    TileView d = dst;
    d.data = src.data + 64;
    expect_fails(d, src, idx, HistByte::Byte1,
                 "THISTOGRAM: a destination tile must not overlap another operand");
}

TEST_P(HistogramRules, ValidRegionOutsideTheTile) {
    TileView s = src;
    s.valid_cols = 65;
    expect_fails(dst, s, idx, HistByte::Byte1, "THISTOGRAM: valid columns must be in 0..Cols");
}

}  // namespace
