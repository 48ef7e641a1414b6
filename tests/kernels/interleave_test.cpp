// TINTERLEAVE / TDEINTERLEAVE kernels against the stream definitions of shared semantics.md: every dtype,
// shapes with partial valid regions and different row strides per operand, tiles scattered through the UB,
// bit-exact special values, round trips, and every run-time rule (which must leave the UB untouched).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "kernel_test.hpp"
#include "ptosim/ops/interleave.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::at;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class InterleaveKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(InterleaveKernel);

constexpr DType kDtypes[] = {DType::S8,  DType::U8,  DType::S16,  DType::U16, DType::S32,
                             DType::U32, DType::F16, DType::BF16, DType::F32};

std::byte* element(const TileView& t, int32_t r, int32_t c) {
    return t.data + t.layout.offset(r, c) * t.elem_size();
}
void copy(const TileView& to, int32_t r, int32_t to_col, const TileView& from, int32_t from_col) {
    std::memcpy(element(to, r, to_col), element(from, r, from_col), to.elem_size());
}

struct Shape {
    int32_t rows, valid_rows, valid_cols;
};
// One row; many rows with validCol not a multiple of 8 or 32; validRow < Rows; the smallest even width;
// an empty valid region.
constexpr Shape kShapes[] = {{1, 1, 64}, {9, 9, 38}, {8, 5, 100}, {4, 4, 2}, {3, 0, 0}};

// Special bit patterns in the first columns of row 0: signalling and quiet NaNs with payloads, -0.
void plant_special_values(const TileView& t) {
    if (t.valid_rows == 0 || t.valid_cols < 4)
        return;
    if (t.dtype == DType::F32) {
        const uint32_t bits[] = {0x7F800001u, 0xFFC12345u, 0x80000000u, 0x00000001u};
        for (int c = 0; c < 4; ++c)
            std::memcpy(element(t, 0, c), &bits[c], 4);
    } else if (t.dtype == DType::F16 || t.dtype == DType::BF16) {
        const uint16_t bits[] = {0x7C01, 0xFE55, 0x8000, 0x0001};
        for (int c = 0; c < 4; ++c)
            std::memcpy(element(t, 0, c), &bits[c], 2);
    }
}

// A tile with the given valid shape and a row stride of its own.
TileView make(UbTiles& tiles, DType t, int32_t rows, int32_t valid_rows, int32_t valid_cols, int32_t extra) {
    TileView v =
        tiles.place(t, rows, row_major_cols(dtype_size(t), valid_cols, extra), valid_rows, valid_cols);
    plant_special_values(v);
    return v;
}

TEST_P(InterleaveKernel, TwoSourceFormsSweep) {
    std::mt19937_64 rng(11);
    for (DType t : kDtypes) {
        for (const Shape& s : kShapes) {
            SCOPED_TRACE(::testing::Message()
                         << dtype_name(t) << " valid " << s.valid_rows << "x" << s.valid_cols);
            for (bool inverse : {false, true}) {
                UbTiles tiles(rng);
                TileView src0 = make(tiles, t, s.rows, s.valid_rows, s.valid_cols, 0);
                TileView src1 = make(tiles, t, s.rows + 1, s.valid_rows, s.valid_cols, 1);
                TileView dst0 = make(tiles, t, s.rows, s.valid_rows, s.valid_cols, 2);
                TileView dst1 = make(tiles, t, s.rows + 2, s.valid_rows, s.valid_cols, 0);
                UbImage image;
                const TileView e0 = image.expected(dst0), e1 = image.expected(dst1);
                const int32_t n = s.valid_cols;
                for (int32_t r = 0; r < s.valid_rows; ++r) {
                    for (int32_t j = 0; j < 2 * n; ++j) {
                        if (!inverse) {
                            // stream s[j]: src0[j/2] for even j, src1[j/2] for odd j; dst0 = s[0, n), dst1 =
                            // s[n, 2n)
                            const TileView& from = j % 2 == 0 ? src0 : src1;
                            copy(j < n ? e0 : e1, r, j < n ? j : j - n, from, j / 2);
                        } else {
                            // combined[j]: src0[j] then src1[j - n]; dst0 = even positions, dst1 = odd
                            const TileView& to = j % 2 == 0 ? e0 : e1;
                            copy(to, r, j / 2, j < n ? src0 : src1, j < n ? j : j - n);
                        }
                    }
                }
                if (inverse)
                    ops::tdeinterleave(dst1, dst0, src1, src0);
                else
                    ops::tinterleave(dst1, dst0, src1, src0);
                EXPECT_TRUE(image.matches_ub()) << (inverse ? "TDEINTERLEAVE" : "TINTERLEAVE");
            }
        }
    }
}

TEST_P(InterleaveKernel, SingleSourceFormSweep) {
    std::mt19937_64 rng(12);
    for (DType t : kDtypes) {
        for (const Shape& s : kShapes) {
            SCOPED_TRACE(::testing::Message()
                         << dtype_name(t) << " valid " << s.valid_rows << "x" << s.valid_cols);
            UbTiles tiles(rng);
            TileView src = make(tiles, t, s.rows, s.valid_rows, s.valid_cols, 1);
            TileView dst0 = make(tiles, t, s.rows, s.valid_rows, s.valid_cols / 2, 0);
            TileView dst1 = make(tiles, t, s.rows + 1, s.valid_rows, s.valid_cols / 2, 2);
            UbImage image;
            const TileView e0 = image.expected(dst0), e1 = image.expected(dst1);
            for (int32_t r = 0; r < s.valid_rows; ++r) {
                for (int32_t k = 0; k < s.valid_cols / 2; ++k) {
                    copy(e0, r, k, src, 2 * k);
                    copy(e1, r, k, src, 2 * k + 1);
                }
            }
            ops::tdeinterleave(dst1, dst0, src);
            EXPECT_TRUE(image.matches_ub());
        }
    }
}

TEST_P(InterleaveKernel, RoundTripsRestoreTheSources) {
    std::mt19937_64 rng(13);
    for (DType t : kDtypes) {
        SCOPED_TRACE(dtype_name(t));
        UbTiles tiles(rng);
        TileView a0 = make(tiles, t, 6, 6, 40, 0), a1 = make(tiles, t, 6, 6, 40, 1);
        TileView b0 = make(tiles, t, 6, 6, 40, 0), b1 = make(tiles, t, 6, 6, 40, 0);
        TileView c0 = make(tiles, t, 6, 6, 40, 2), c1 = make(tiles, t, 6, 6, 40, 0);
        ops::tinterleave(b1, b0, a1, a0);
        ops::tdeinterleave(c1, c0, b1, b0);
        for (int32_t r = 0; r < 6; ++r) {
            ASSERT_EQ(std::memcmp(element(c0, r, 0), element(a0, r, 0), 40 * dtype_size(t)), 0) << r;
            ASSERT_EQ(std::memcmp(element(c1, r, 0), element(a1, r, 0), 40 * dtype_size(t)), 0) << r;
        }
        // The single-source form undoes an interleave held in one row: [dst0 | dst1] side by side.
        TileView wide = make(tiles, t, 6, 6, 80, 0);
        for (int32_t r = 0; r < 6; ++r) {
            std::memcpy(element(wide, r, 0), element(b0, r, 0), 40 * dtype_size(t));
            std::memcpy(element(wide, r, 40), element(b1, r, 0), 40 * dtype_size(t));
        }
        ops::tdeinterleave(c1, c0, wide);
        for (int32_t r = 0; r < 6; ++r) {
            ASSERT_EQ(std::memcmp(element(c0, r, 0), element(a0, r, 0), 40 * dtype_size(t)), 0) << r;
            ASSERT_EQ(std::memcmp(element(c1, r, 0), element(a1, r, 0), 40 * dtype_size(t)), 0) << r;
        }
    }
}

// Each run-time rule: the check fails with its message and the UB is untouched.
class InterleaveRules : public InterleaveKernel {
  protected:
    TileView tile(DType t = DType::F32, int32_t vr = 4, int32_t vc = 16) {
        return tiles.place(t, 4, 32, vr, vc);
    }
    std::mt19937_64 rng{14};
    UbTiles tiles{rng};
};
PTOSIM_INSTANTIATE_KERNEL_TEST(InterleaveRules);

TEST_P(InterleaveRules, OddValidColumns) {
    TileView d1 = tile(DType::F32, 4, 15), d0 = tile(DType::F32, 4, 15), s1 = tile(DType::F32, 4, 15),
             s0 = tile(DType::F32, 4, 15);
    EXPECT_FAILS_UNTOUCHED(ops::tinterleave(d1, d0, s1, s0),
                           "TINTERLEAVE: valid columns must be even (validCol=15)");
    EXPECT_FAILS_UNTOUCHED(ops::tdeinterleave(d1, d0, s1, s0), "TDEINTERLEAVE: valid columns must be even");
    TileView src = tile(DType::F32, 4, 31);
    EXPECT_FAILS_UNTOUCHED(ops::tdeinterleave(d1, d0, src), "TDEINTERLEAVE: src valid columns must be even");
}

TEST_P(InterleaveRules, MismatchedValidShapes) {
    TileView d1 = tile(), d0 = tile(), s1 = tile(DType::F32, 3, 16), s0 = tile();
    EXPECT_FAILS_UNTOUCHED(
        ops::tinterleave(d1, d0, s1, s0),
        "TINTERLEAVE: all tiles must have the same valid shape (dst0.validRow=4, dst0.validCol=16, "
        "operand=src1, validRow=3, validCol=16)");
    TileView wide_d1 = tile(DType::F32, 4, 18);
    EXPECT_FAILS_UNTOUCHED(ops::tdeinterleave(wide_d1, d0, s0, s0),
                           "TDEINTERLEAVE: all tiles must have the same valid shape");
    TileView src = tile(DType::F32, 4, 30);
    EXPECT_FAILS_UNTOUCHED(ops::tdeinterleave(d1, d0, src),
                           "TDEINTERLEAVE: dst valid shape must be src valid rows x (src valid columns / 2)");
}

TEST_P(InterleaveRules, Dtypes) {
    TileView d1 = tile(), d0 = tile(), s1 = tile(DType::S32), s0 = tile();
    EXPECT_FAILS_UNTOUCHED(ops::tinterleave(d1, d0, s1, s0),
                           "TINTERLEAVE: all tiles must have the same dtype");
    TileView w1 = tiles.place(DType::S64, 4, 32, 4, 16), w0 = tiles.place(DType::S64, 4, 32, 4, 16);
    EXPECT_FAILS_UNTOUCHED(ops::tinterleave(w1, w0, w1, w0),
                           "TINTERLEAVE: element type not supported by the instruction");
}

TEST_P(InterleaveRules, ColumnMajorTile) {
    TileView d1 = tile(), d0 = tile(), s1 = tile(),
             s0 = tiles.place(DType::F32, Layout::col_major(32, 4), 4, 4);
    d1.valid_cols = d0.valid_cols = s1.valid_cols = 4;
    EXPECT_FAILS_UNTOUCHED(ops::tinterleave(d1, d0, s1, s0),
                           "TINTERLEAVE: tile must be row-major (operand=src0");
}

TEST_P(InterleaveRules, OverlappingDestinations) {
    TileView d1 = tile(), s1 = tile(), s0 = tile();
    TileView d0 = d1;
    EXPECT_FAILS_UNTOUCHED(
        ops::tinterleave(d1, d0, s1, s0),
        "TINTERLEAVE: a destination tile must not overlap another operand (dst=dst0, other=dst1)");
    EXPECT_FAILS_UNTOUCHED(ops::tdeinterleave(s0, d1, s1, s0),
                           "TDEINTERLEAVE: a destination tile must not overlap another operand");
}

}  // namespace
