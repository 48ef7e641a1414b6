// TSEL kernels against a reference written in this test: every dtype (bit patterns, so NaN payloads and
// signed zeros must survive), both mask word widths, shapes with partial valid regions and masks wider than
// needed, dst being src0 or src1 itself, tiles scattered through the UB (nothing outside dst's valid region
// may change), and every run-time rule.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "kernel_test.hpp"
#include "ptosim/ops/select.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class SelectKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(SelectKernel);

constexpr DType kDtypes[] = {DType::S8,  DType::U8,  DType::S16, DType::U16,  DType::S32, DType::U32,
                             DType::S64, DType::U64, DType::F16, DType::BF16, DType::F32};

bool bit(const TileView& mask, int32_t r, int32_t c) {
    const int32_t w = mask.dtype == DType::U8 ? 8 : 32;
    uint64_t word = 0;
    std::memcpy(&word, mask.at(r, c / w), mask.elem_size());
    return (word >> (c % w)) & 1u;
}

struct Shape {
    int32_t rows, valid_rows, valid_cols;
};
constexpr Shape kShapes[] = {{1, 1, 1}, {3, 3, 37}, {4, 2, 64}, {5, 5, 129}, {2, 2, 8}, {3, 0, 0}};

enum class Alias { None, Src0, Src1 };

// One set of tiles per case; each aliasing variant runs on it in turn (the UB fill is the costly part).
void run_case(std::mt19937_64& rng, DType t, DType mask_t, const Shape& s) {
    UbTiles tiles(rng);
    const std::size_t es = dtype_size(t);
    const int32_t cols = row_major_cols(es, s.valid_cols, 1);
    TileView src0 = tiles.place(t, s.rows, cols, s.valid_rows, s.valid_cols);
    TileView src1 = tiles.place(t, s.rows + 1, cols, s.valid_rows, s.valid_cols);
    TileView out = tiles.place(t, s.rows, cols, s.valid_rows, s.valid_cols);
    const int32_t w = mask_t == DType::U8 ? 8 : 32;
    const int32_t words = (s.valid_cols + w - 1) / w + 1;  // one word more than needed
    TileView mask =
        tiles.place(mask_t, s.rows + 1, row_major_cols(dtype_size(mask_t), words), s.valid_rows + 1, words);
    UbImage image;
    for (Alias alias : {Alias::None, Alias::Src0, Alias::Src1}) {
        SCOPED_TRACE(::testing::Message() << "alias " << static_cast<int>(alias));
        const TileView dst = alias == Alias::Src0 ? src0 : alias == Alias::Src1 ? src1 : out;
        image.capture();
        TileView want = image.expected(dst);
        for (int32_t r = 0; r < s.valid_rows; ++r) {
            for (int32_t c = 0; c < s.valid_cols; ++c)
                std::memmove(want.at(r, c), bit(mask, r, c) ? src0.at(r, c) : src1.at(r, c), es);
        }
        ops::tsel(dst, mask, src0, src1);
        ASSERT_TRUE(image.matches_ub());
    }
}

TEST_P(SelectKernel, SweepDtypesMasksShapesAndAliasing) {
    std::mt19937_64 rng(41);
    for (DType t : kDtypes) {
        for (DType mask_t : {DType::U8, DType::U32}) {
            for (const Shape& s : kShapes) {
                SCOPED_TRACE(::testing::Message() << dtype_name(t) << " mask " << dtype_name(mask_t)
                                                  << " valid " << s.valid_rows << "x" << s.valid_cols);
                run_case(rng, t, mask_t, s);
                if (HasFatalFailure())
                    return;
            }
        }
    }
}

TEST_P(SelectKernel, FloatBitsPassThrough) {
    std::mt19937_64 rng(42);
    UbTiles tiles(rng);
    TileView a = tiles.place(DType::F32, 1, 8, 1, 4), b = tiles.place(DType::F32, 1, 8, 1, 4);
    TileView d = tiles.place(DType::F32, 1, 8, 1, 4), m = tiles.place(DType::U8, 1, 32, 1, 1);
    const uint32_t av[4] = {0x7FC12345u, 0x80000000u, 0x00000001u, 0xFF800000u};
    const uint32_t bv[4] = {0x7F800001u, 0x00000000u, 0xFFFFFFFFu, 0x3F800000u};
    std::memcpy(a.data, av, sizeof av);
    std::memcpy(b.data, bv, sizeof bv);
    *reinterpret_cast<uint8_t*>(m.data) = 0b0101;
    ops::tsel(d, m, a, b);
    const uint32_t want[4] = {av[0], bv[1], av[2], bv[3]};
    EXPECT_EQ(std::memcmp(d.data, want, sizeof want), 0);
}

// Each run-time rule: the check fails with its message and the UB is untouched.
class SelectRules : public SelectKernel {
  protected:
    std::mt19937_64 rng{43};
    UbTiles tiles{rng};
    TileView src0 = tiles.place(DType::U16, 4, 64, 4, 50);
    TileView src1 = tiles.place(DType::U16, 4, 64, 4, 50);
    TileView dst = tiles.place(DType::U16, 4, 64, 4, 50);
    TileView mask = tiles.place(DType::U8, 4, 32, 4, 7);
};
PTOSIM_INSTANTIATE_KERNEL_TEST(SelectRules);

TEST_P(SelectRules, MaskCapacityAndRows) {
    TileView m = mask;
    m.valid_cols = 6;
    EXPECT_FAILS_UNTOUCHED(ops::tsel(dst, m, src0, src1),
                           "TSEL: mask valid columns must hold ceil(dst valid columns / bits per word) words "
                           "(dst.validCol=50, bitsPerWord=8, wordsNeeded=7, mask.validCol=6)");
    m = mask;
    m.valid_rows = 3;
    EXPECT_FAILS_UNTOUCHED(ops::tsel(dst, m, src0, src1), "TSEL: mask must have a valid row per dst row");
}

TEST_P(SelectRules, Shapes) {
    TileView s1 = src1;
    s1.valid_cols = 49;
    EXPECT_FAILS_UNTOUCHED(ops::tsel(dst, mask, src0, s1),
                           "TSEL: the data sources must have the valid shape of dst");
}

TEST_P(SelectRules, Dtypes) {
    TileView s1 = src1;
    s1.dtype = DType::S16;
    EXPECT_FAILS_UNTOUCHED(ops::tsel(dst, mask, src0, s1),
                           "TSEL: dst and the data sources must have the same dtype");
    TileView m = mask;
    m.dtype = DType::U16;
    EXPECT_FAILS_UNTOUCHED(ops::tsel(dst, m, src0, src1),
                           "TSEL: element type not supported by the instruction (operand=mask");
    TileView d = tiles.place(DType::F64, 4, 64, 4, 50);
    TileView a = tiles.place(DType::F64, 4, 64, 4, 50);
    EXPECT_FAILS_UNTOUCHED(ops::tsel(d, mask, a, a),
                           "TSEL: element type not supported by the instruction (operand=dst");
}

TEST_P(SelectRules, RowMajorOnly) {
    TileView s0 = tiles.place(DType::U16, Layout::col_major(16, 64), 4, 50);
    EXPECT_FAILS_UNTOUCHED(ops::tsel(dst, mask, s0, src1), "TSEL: tile must be row-major (operand=src0");
}

TEST_P(SelectRules, Overlaps) {
    TileView d = dst;
    d.data = src0.data + 32;  // overlaps src0 without being it
    EXPECT_FAILS_UNTOUCHED(ops::tsel(d, mask, src0, src1),
                           "TSEL: a destination tile must not overlap another operand (dst=dst, other=src0)");
    d = mask;
    d.dtype = DType::U16;
    d.layout = Layout::row_major(4, 64);
    d.valid_rows = 4;
    d.valid_cols = 50;
    EXPECT_FAILS_UNTOUCHED(ops::tsel(d, mask, src0, src1),
                           "TSEL: a destination tile must not overlap another operand (dst=dst, other=mask)");
    // dst may be src0 or src1 itself.
    ops::tsel(src0, mask, src0, src1);
    ops::tsel(src1, mask, src0, src1);
}

}  // namespace
