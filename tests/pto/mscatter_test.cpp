// MSCATTER through the C++ API: pto-isa's dynamic-shape Elem example, the default Row form with both index
// shapes, atomic and out-of-bounds policies, a radix-sort distribution step written as a kernel, events, and
// run-time checks that leave the table untouched.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include <acl/acl.h>
#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class MScatterTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(MScatterTest);

TEST_P(MScatterTest, PtoIsaDynamicElemExample) {
    // pto-isa's case_elem2d_dyn_user_float_1x9_in_1x16_3x10: 9 floats into a 3 x 10 table, indices skipping
    // out of bounds.
    constexpr auto kPadCols = 16;
    using SrcTileT = Tile<TileType::Vec, float, 1, kPadCols, BLayout::RowMajor, -1, -1>;
    using IdxTileT = Tile<TileType::Vec, int32_t, 1, kPadCols, BLayout::RowMajor, -1, -1>;
    using TableShape = Shape<1, 1, 1, -1, -1>;
    using TableStride = Stride<1, 1, 1, -1, -1>;
    std::vector<float> table(30, -1.0f);
    const int64_t validCols = 9, tableR = 3, tableC = 10;
    TableShape tableShape(tableR, tableC);
    TableStride tableStride(tableC, int64_t{1});
    GlobalTensor<float, TableShape, TableStride> tableGM(table.data(), tableShape, tableStride);
    SrcTileT srcTile(1, validCols);
    IdxTileT idxTile(1, validCols);
    TASSIGN(srcTile, 0x0);
    TASSIGN(idxTile, 0x100);
    const int32_t idx[9] = {29, 0,  31, 5, -2,
                            10, 29, 7,  30};  // 31, -2 and 30 lie outside the 30-element table
    for (int c = 0; c < 9; ++c) {
        srcTile.SetElement(0, c, static_cast<float>(c + 1));
        idxTile.SetElement(0, c, idx[c]);
    }
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::None, ScatterOOB::Skip>(tableGM, srcTile, idxTile);
    std::vector<float> want(30, -1.0f);
    want[29] = 7;  // written by c = 0 and c = 6: the last write wins
    want[0] = 2;
    want[5] = 4;
    want[10] = 6;
    want[7] = 8;
    EXPECT_EQ(table, want);
}

TEST_P(MScatterTest, DefaultIsRowModeWithEitherIndexShape) {
    using Src = Tile<TileType::Vec, int16_t, 4, 16>;
    using Table = GlobalTensor<int16_t, Shape<1, 1, 1, 6, 16>, Stride<1, 1, 1, 16, 1>>;
    Src src;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c)
            src.SetElement(r, c, static_cast<int16_t>(100 * r + c));
    std::vector<int16_t> table(6 * 16, 0);
    Table t(table.data());
    Tile<TileType::Vec, uint32_t, 1, 8, BLayout::RowMajor, 1, 4> row_idx;  // [1, R]
    const uint32_t rows[4] = {5, 0, 3, 1};
    for (int r = 0; r < 4; ++r)
        row_idx.SetElement(0, r, rows[r]);
    MSCATTER(t, src, row_idx);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c)
            EXPECT_EQ(table[rows[r] * 16 + c], 100 * r + c);
    EXPECT_EQ(table[2 * 16], 0);

    std::fill(table.begin(), table.end(), 0);
    Tile<TileType::Vec, int32_t, 8, 1, BLayout::ColMajor, 4, 1> col_idx;  // [R, 1]
    for (int r = 0; r < 4; ++r)
        col_idx.SetElement(r, 0, 4 - r);
    MSCATTER<Coalesce::Row>(t, src, col_idx);
    for (int r = 0; r < 4; ++r)
        EXPECT_EQ(table[(4 - r) * 16 + 3], 100 * r + 3);
}

TEST_P(MScatterTest, AtomicsAndClampWrap) {
    using Src = Tile<TileType::Vec, int32_t, 1, 8>;
    using Idx = Tile<TileType::Vec, uint32_t, 1, 8>;
    using Table = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 4>, Stride<1, 1, 1, 4, 1>>;
    Src src;
    Idx idx;
    for (int c = 0; c < 8; ++c) {
        src.SetElement(0, c, c - 3);
        idx.SetElement(0, c, static_cast<uint32_t>(c));  // 4..7 lie outside
    }
    std::vector<int32_t> table(4, 0);
    Table t(table.data());
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::Add, ScatterOOB::Wrap>(t, src, idx);
    EXPECT_EQ(table, (std::vector<int32_t>{-3 + 1, -2 + 2, -1 + 3, 0 + 4}));
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::Max, ScatterOOB::Clamp, ScatterConflict::Default>(t, src, idx);
    EXPECT_EQ(table, (std::vector<int32_t>{-2, 0, 2, 4}));
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::Min, ScatterOOB::Skip>(t, src, idx);
    EXPECT_EQ(table, (std::vector<int32_t>{-3, -2, -1, 0}));
}

// One distribution step of a radix sort: keys go to their byte-3 bucket, in order within each bucket.
AICORE void Distribute(__gm__ uint32_t* out, __gm__ uint32_t* in) {
    using Keys = Tile<TileType::Vec, uint32_t, 1, 256>;
    using G = GlobalTensor<uint32_t, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>>;
    Keys keys, ranks;
    TASSIGN(keys, 0x0);
    TASSIGN(ranks, 0x400);
    G src(in), dst(out);
    Event<Op::TLOAD, Op::SCALAR> loaded = TLOAD(keys, src);
    (void)loaded;
    uint32_t next[4] = {};
    for (int c = 0; c < 256; ++c)
        ++next[keys.GetElement(0, c) >> 30];
    for (uint32_t b = 0, start = 0; b < 4; ++b) {
        const uint32_t n = next[b];
        next[b] = start;
        start += n;
    }
    for (int c = 0; c < 256; ++c)
        ranks.SetElement(0, c, next[keys.GetElement(0, c) >> 30]++);
    set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
    MSCATTER<Coalesce::Elem>(dst, keys, ranks);
}

TEST_P(MScatterTest, RadixDistributionKernel) {
    std::vector<uint32_t> in(256), out(256, 0);
    for (uint32_t i = 0; i < 256; ++i)
        in[i] = (i * 2654435761u) ^ (i << 7);
    ptosim::launch(1, Distribute, out.data(), in.data());
    std::vector<uint32_t> want = in;
    std::stable_sort(want.begin(), want.end(), [](uint32_t a, uint32_t b) { return a >> 30 < b >> 30; });
    EXPECT_EQ(out, want);
}

TEST_P(MScatterTest, TableMustStayInsideItsAllocation) {
    using Src = Tile<TileType::Vec, float, 1, 8>;
    using Idx = Tile<TileType::Vec, uint32_t, 1, 8>;
    using Table = GlobalTensor<float, Shape<1, 1, 1, 1, -1>, Stride<1, 1, 1, 1, 1>>;
    Src src;
    Idx idx;
    for (int c = 0; c < 8; ++c) {
        src.SetElement(0, c, 2.0f);
        idx.SetElement(0, c, static_cast<uint32_t>(c));
    }
    void* mem = nullptr;
    ASSERT_EQ(aclrtMalloc(&mem, 8 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    auto* gm = static_cast<float*>(mem);
    // The table claims 9 elements of an 8-element allocation: rejected before any element moves.
    Table too_long(gm, Table::Shape(9)), exact(gm, Table::Shape(8));
    EXPECT_CHECK_FAILS(MSCATTER<Coalesce::Elem>(too_long, src, idx),
                       "MSCATTER: global tensor reaches outside its allocation (operand=table, first_byte=0, "
                       "end_byte=36, allocation_bytes=32)");
    EXPECT_EQ(gm[0], 0.0f);
    MSCATTER<Coalesce::Elem>(exact, src, idx);
    EXPECT_EQ(gm[7], 2.0f);
    ASSERT_EQ(aclrtFree(mem), ACL_SUCCESS);
}

TEST_P(MScatterTest, RunTimeChecksLeaveTheTableUntouched) {
    using Src = Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, -1, -1>;
    using Idx = Tile<TileType::Vec, uint32_t, 2, 8, BLayout::RowMajor, -1, -1>;
    using Table = GlobalTensor<float, Shape<1, 1, 1, 1, -1>, Stride<1, 1, 1, 1, 1>>;
    Src src(2, 8);
    Idx idx(2, 8);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c)
            idx.SetElement(r, c, static_cast<uint32_t>(r * 8 + c));
    std::vector<float> table(15, 1.0f);
    Table t(table.data(), Table::Shape(15));
    EXPECT_CHECK_FAILS(
        MSCATTER<Coalesce::Elem>(t, src, idx),
        "MSCATTER: index outside the table (ScatterOOB::Undefined; use Skip, Clamp or Wrap to allow "
        "it) (idx.row=1, idx.col=7, index=15, tableSize=15)");
    EXPECT_EQ(table, std::vector<float>(15, 1.0f));
    Idx narrow(2, 7);
    EXPECT_CHECK_FAILS(MSCATTER<Coalesce::Elem>(t, src, narrow),
                       "MSCATTER: Coalesce::Elem needs idx with the valid shape of src");
    EXPECT_CHECK_FAILS(MSCATTER(t, src, idx), "MSCATTER: Coalesce::Row needs one index per source row");
    EXPECT_EQ(table, std::vector<float>(15, 1.0f));
}

TEST_P(MScatterTest, AcceptsEvents) {
    using Src = Tile<TileType::Vec, uint8_t, 1, 32, BLayout::RowMajor, 1, 3>;
    using Idx = Tile<TileType::Vec, int32_t, 1, 8, BLayout::RowMajor, 1, 3>;
    Src src;
    Idx idx;
    for (int c = 0; c < 3; ++c) {
        src.SetElement(0, c, static_cast<uint8_t>(10 + c));
        idx.SetElement(0, c, 2 - c);
    }
    std::vector<uint8_t> table(3, 0);
    GlobalTensor<uint8_t, Shape<1, 1, 1, 1, 3>, Stride<1, 1, 1, 3, 1>> t(table.data());
    Event<Op::TLOAD, Op::SCALAR> e1;
    Event<Op::SCALAR, Op::VECTOR> e2;
    RecordEvent done = MSCATTER<Coalesce::Elem>(t, src, idx, e1, e2);
    (void)done;
    EXPECT_EQ(table, (std::vector<uint8_t>{12, 11, 10}));
}

}  // namespace
