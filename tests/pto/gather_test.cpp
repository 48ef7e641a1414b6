// TGATHER and TSCATTER through the C++ API: every mask pattern along rows and down columns on valid regions
// smaller than the tile, the index forms with 16- and 32-bit indices and 8-byte elements, and the checks
// (nothing written).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class GatherApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(GatherApiTest);

// The pattern's name read as pto-isa writes it: the rightmost digit is position 0 of each group.
bool kept(const std::string& name, int position) {
    const int n = static_cast<int>(name.size());
    return name[n - 1 - position % n] == '1';
}

template <MaskPattern P>
void row_gather_case(const std::string& name) {
    using Src = Tile<TileType::Vec, float, 8, 48, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, float, 8, 48>;
    Src src(5, 37);
    Dst dst;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x4000);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 48; ++c)
            src.SetElement(r, c, static_cast<float>(r * 1000 + c));
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 48; ++c)
            dst.SetElement(r, c, -1.0f);
    TGATHER<Dst, Src, P>(dst, src);
    std::vector<float> want;
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 37; ++c)
            if (kept(name, c))
                want.push_back(static_cast<float>(r * 1000 + c));
    for (int i = 0; i < 8 * 48; ++i) {
        const float expected = i < static_cast<int>(want.size()) ? want[i] : -1.0f;
        ASSERT_EQ(dst.GetElement(i / 48, i % 48), expected) << name << " position " << i;
    }
}

TEST_P(GatherApiTest, EveryPatternGathersColumnsIntoOneStream) {
    row_gather_case<MaskPattern::P0101>("0101");
    row_gather_case<MaskPattern::P1010>("1010");
    row_gather_case<MaskPattern::P0001>("0001");
    row_gather_case<MaskPattern::P0010>("0010");
    row_gather_case<MaskPattern::P0100>("0100");
    row_gather_case<MaskPattern::P1000>("1000");
    row_gather_case<MaskPattern::P1111>("1");
}

template <MaskPattern P>
void col_gather_case(const std::string& name) {
    using Src = Tile<TileType::Vec, int16_t, 16, 32, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, uint16_t, 16, 32>;  // same size, another type: copied as bits
    Src src(13, 20);
    Dst dst;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x1000);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 32; ++c)
            src.SetElement(r, c, static_cast<int16_t>(-(r * 100 + c)));
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 32; ++c)
            dst.SetElement(r, c, uint16_t{7});
    TGATHER<Dst, Src, P, GatherAxis::GATHER_COL>(dst, src);
    int out = 0;
    for (int r = 0; r < 13; ++r) {
        if (!kept(name, r))
            continue;
        for (int c = 0; c < 32; ++c) {
            const auto want = c < 20 ? static_cast<uint16_t>(-(r * 100 + c)) : uint16_t{7};
            ASSERT_EQ(dst.GetElement(out, c), want) << name << " src row " << r << " column " << c;
        }
        ++out;
    }
    for (; out < 16; ++out)
        for (int c = 0; c < 32; ++c)
            ASSERT_EQ(dst.GetElement(out, c), uint16_t{7}) << name << " dst row " << out << " is not written";
}

TEST_P(GatherApiTest, EveryPatternGathersRows) {
    col_gather_case<MaskPattern::P0101>("0101");
    col_gather_case<MaskPattern::P1010>("1010");
    col_gather_case<MaskPattern::P0001>("0001");
    col_gather_case<MaskPattern::P0010>("0010");
    col_gather_case<MaskPattern::P0100>("0100");
    col_gather_case<MaskPattern::P1000>("1000");
    col_gather_case<MaskPattern::P1111>("1");
}

TEST_P(GatherApiTest, IndexGatherReadsSrc0AsOneArray) {
    using Src = Tile<TileType::Vec, int64_t, 4, 16>;
    using Idx = Tile<TileType::Vec, uint32_t, 2, 8>;
    using Dst = Tile<TileType::Vec, int64_t, 2, 8, BLayout::RowMajor, 2, 5>;
    Src src;
    Idx idx;
    Dst dst;
    TASSIGN(src, 0x0);
    TASSIGN(idx, 0x1000);
    TASSIGN(dst, 0x2000);
    for (int i = 0; i < 64; ++i)
        src.SetElement(i / 16, i % 16, int64_t{1} << 40 | i);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) {
            idx.SetElement(r, c, static_cast<uint32_t>((r * 8 + c) * 7 % 64));
            dst.SetElement(r, c, int64_t{-1});
        }
    TGATHER(dst, src, idx, idx);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) {
            const int64_t want = c < 5 ? (int64_t{1} << 40 | ((r * 8 + c) * 7 % 64)) : -1;
            EXPECT_EQ(dst.GetElement(r, c), want) << r << "," << c;
        }
    // 16-bit indices (A5) on half data.
    using HSrc = Tile<TileType::Vec, half, 1, 256>;
    using HIdx = Tile<TileType::Vec, uint16_t, 1, 32>;
    using HDst = Tile<TileType::Vec, half, 1, 32>;
    HSrc hs;
    HIdx hi;
    HDst hd;
    TASSIGN(hs, 0x3000);
    TASSIGN(hi, 0x3400);
    TASSIGN(hd, 0x3800);
    for (int c = 0; c < 256; ++c)
        hs.SetElement(0, c, half(static_cast<float>(c)));
    for (int c = 0; c < 32; ++c)
        hi.SetElement(0, c, static_cast<uint16_t>(255 - 8 * c));
    TGATHER(hd, hs, hi, hi);
    for (int c = 0; c < 32; ++c)
        EXPECT_EQ(static_cast<float>(hd.GetElement(0, c)), static_cast<float>(255 - 8 * c)) << c;
}

TEST_P(GatherApiTest, ChecksWriteNothing) {
    using Src = Tile<TileType::Vec, float, 2, 8>;
    using Idx = Tile<TileType::Vec, int32_t, 2, 8>;
    Src src, dst;
    Idx idx;
    TASSIGN(src, 0x0);
    TASSIGN(idx, 0x100);
    TASSIGN(dst, 0x200);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) {
            src.SetElement(r, c, 1.0f);
            idx.SetElement(r, c, c);
            dst.SetElement(r, c, 5.0f);
        }
    idx.SetElement(1, 7, 16);  // one past src's 16 elements
    EXPECT_CHECK_FAILS(TGATHER(dst, src, idx, idx), "an index lies outside src0's tile");
    idx.SetElement(1, 7, -1);
    EXPECT_CHECK_FAILS(TGATHER(dst, src, idx, idx), "an index lies outside src0's tile");
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c)
            EXPECT_EQ(dst.GetElement(r, c), 5.0f);
    // A row gather whose stream does not fit dst.
    Tile<TileType::Vec, float, 1, 8> small;
    TASSIGN(small, 0x400);
    EXPECT_CHECK_FAILS((TGATHER<decltype(small), Src, MaskPattern::P1111>(small, src)), "do not fit");
    // dst overlapping src.
    EXPECT_CHECK_FAILS((TGATHER<Src, Src, MaskPattern::P0101>(src, src)), "must not overlap");
}

template <MaskPattern P>
void row_scatter_case(const std::string& name) {
    using Src = Tile<TileType::Vec, int32_t, 4, 48, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, int32_t, 4, 48, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    int kept_cols = 0;
    for (int c = 0; c < 37; ++c)
        kept_cols += kept(name, c) ? 1 : 0;
    Src src(3, kept_cols);
    Dst dst(3, 37);
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x1000);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 48; ++c)
            src.SetElement(r, c, 100 * r + c + 1);
        for (int c = 0; c < 48; ++c)
            dst.SetElement(r, c, -9);
    }
    TSCATTER<P>(dst, src);
    const bool copy = name == "1";
    for (int r = 0; r < 4; ++r) {
        int k = 0;
        for (int c = 0; c < 48; ++c) {
            int want = copy ? -9 : 0;  // P1111 copies the valid region only; the others clear dst first
            if (r < 3 && c < 37 && kept(name, c))
                want = 100 * r + (k++) + 1;
            ASSERT_EQ(dst.GetElement(r, c), want) << name << " row " << r << " column " << c;
        }
    }
}

TEST_P(GatherApiTest, EveryPatternScattersAlongRows) {
    row_scatter_case<MaskPattern::P0101>("0101");
    row_scatter_case<MaskPattern::P1010>("1010");
    row_scatter_case<MaskPattern::P0001>("0001");
    row_scatter_case<MaskPattern::P0010>("0010");
    row_scatter_case<MaskPattern::P0100>("0100");
    row_scatter_case<MaskPattern::P1000>("1000");
    row_scatter_case<MaskPattern::P1111>("1");
}

TEST_P(GatherApiTest, PatternScatterDownColumnsIsTheGathersInverse) {
    using Full = Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Part = Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    Full a(14, 20), back(14, 20);
    Part part(4, 20);  // P0010 keeps rows 1, 5, 9, 13 of 14
    TASSIGN(a, 0x0);
    TASSIGN(part, 0x1000);
    TASSIGN(back, 0x2000);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 32; ++c) {
            a.SetElement(r, c, half(static_cast<float>(r * 32 + c + 1)));
            back.SetElement(r, c, half(-1.0f));
        }
    TGATHER<Part, Full, MaskPattern::P0010, GatherAxis::GATHER_COL>(part, a);
    TSCATTER<MaskPattern::P0010, ScatterAxis::SCATTER_COL>(back, part);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 32; ++c) {
            const float want = (r < 14 && c < 20 && r % 4 == 1) ? static_cast<float>(r * 32 + c + 1) : 0.0f;
            ASSERT_EQ(static_cast<float>(back.GetElement(r, c)), want) << r << "," << c;
        }
}

TEST_P(GatherApiTest, IndexScatterClearsDstAndTheLaterWriteWins) {
    using Src = Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, 2, 6>;
    using Idx = Tile<TileType::Vec, int32_t, 2, 8, BLayout::RowMajor, 2, 6>;
    using Dst = Tile<TileType::Vec, float, 4, 8>;
    Src src;
    Idx idx;
    Dst dst;
    TASSIGN(src, 0x0);
    TASSIGN(idx, 0x100);
    TASSIGN(dst, 0x200);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 8; ++c)
            dst.SetElement(r, c, 7.0f);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) {
            src.SetElement(r, c, static_cast<float>(10 * r + c + 1));
            idx.SetElement(r, c, (r * 6 + c) * 5 % 31);
        }
    idx.SetElement(1, 5, idx.GetElement(0, 0));  // a collision: (1, 5) is written after (0, 0)
    TSCATTER(dst, src, idx);
    std::vector<float> want(32, 0.0f);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 6; ++c)
            want[idx.GetElement(r, c)] = static_cast<float>(10 * r + c + 1);
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(dst.GetElement(i / 8, i % 8), want[i]) << i;
    EXPECT_EQ(dst.GetElement(0, 0), 16.0f);
    idx.SetElement(0, 3, 32);  // past dst's 32 elements
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 8; ++c)
            dst.SetElement(r, c, 7.0f);
    EXPECT_CHECK_FAILS(TSCATTER(dst, src, idx), "an index lies outside dst's tile");
    EXPECT_EQ(dst.GetElement(3, 7), 7.0f);
}

TEST_P(GatherApiTest, BlockGatherCopies32ByteBlocksAtByteOffsets) {
    using Src = Tile<TileType::Vec, uint16_t, 8, 64>;  // 128 bytes a row, 1024 in all
    using Off = Tile<TileType::Vec, uint32_t, 3, 8>;
    using Dst = Tile<TileType::Vec, uint16_t, 4, 64, BLayout::RowMajor, 3, 40>;  // 80 bytes: blocks 2.5
    Src src;
    Off off;
    Dst dst;
    TASSIGN(src, 0x0);
    TASSIGN(off, 0x1000);
    TASSIGN(dst, 0x2000);
    for (int i = 0; i < 8 * 64; ++i)
        src.SetElement(i / 64, i % 64, static_cast<uint16_t>(i));
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 64; ++c)
            dst.SetElement(r, c, uint16_t{0xBEEF});
    for (int r = 0; r < 3; ++r)
        for (int b = 0; b < 8; ++b)
            off.SetElement(r, b, static_cast<uint32_t>(((r * 3 + b * 5) % 31) * 32));
    TGATHERB(dst, src, off);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 64; ++c) {
            // Element c of row r sits in block c / 16 at element c % 16; the source element is byte offset
            // / 2.
            uint16_t want = 0xBEEF;
            if (r < 3 && c < 40)
                want = static_cast<uint16_t>(((r * 3 + (c / 16) * 5) % 31) * 16 + c % 16);
            ASSERT_EQ(dst.GetElement(r, c), want) << r << "," << c;
        }
    off.SetElement(2, 2, 1024 - 16);  // the last, half block reads 16 bytes: fits exactly
    TGATHERB(dst, src, off);
    off.SetElement(2, 2, 1024 - 8);
    EXPECT_CHECK_FAILS(TGATHERB(dst, src, off), "a block reaches past the end of src's tile");
}

}  // namespace
