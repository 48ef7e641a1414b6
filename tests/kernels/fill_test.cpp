// TEXPANDS kernels against a reference written in this test: every dtype with edge bit patterns (NaN
// payloads, -0, integer extremes), shapes with partial valid regions (nothing outside the valid region may
// change), and the run-time rules.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "kernel_test.hpp"
#include "ptosim/ops/fill.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class FillKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(FillKernel);

constexpr DType kDtypes[] = {DType::S8,  DType::U8,  DType::S16, DType::U16,  DType::S32, DType::U32,
                             DType::S64, DType::U64, DType::F16, DType::BF16, DType::F32};

TEST_P(FillKernel, SweepDtypesValuesAndShapes) {
    std::mt19937_64 rng(51);
    struct Shape {
        int32_t rows, valid_rows, valid_cols, extra;
    };
    constexpr Shape shapes[] = {{1, 1, 1, 0}, {3, 3, 37, 1}, {4, 2, 64, 0}, {6, 6, 129, 2}, {2, 0, 0, 0}};
    const uint64_t values[] = {0, ~uint64_t{0}, 0x7FC12345u, 0x8000u, 0x80000000u, 0x0123456789ABCDEFull};
    for (DType t : kDtypes) {
        for (const Shape& s : shapes) {
            UbTiles tiles(rng);
            const std::size_t es = dtype_size(t);
            TileView dst =
                tiles.place(t, s.rows, row_major_cols(es, s.valid_cols, s.extra), s.valid_rows, s.valid_cols);
            UbImage image;
            for (uint64_t v : values) {
                SCOPED_TRACE(::testing::Message() << dtype_name(t) << " valid " << s.valid_rows << "x"
                                                  << s.valid_cols << " value 0x" << std::hex << v);
                const uint64_t bits = es == 8 ? v : v & ((uint64_t{1} << (8 * es)) - 1);
                image.capture();
                TileView want = image.expected(dst);
                for (int32_t r = 0; r < s.valid_rows; ++r) {
                    for (int32_t c = 0; c < s.valid_cols; ++c)
                        std::memcpy(want.at(r, c), &bits, es);
                }
                ops::texpands(dst, bits);
                ASSERT_TRUE(image.matches_ub());
            }
        }
    }
}

TEST_P(FillKernel, Rules) {
    std::mt19937_64 rng(52);
    UbTiles tiles(rng);
    TileView f64 = tiles.place(DType::F64, 2, 8, 2, 8);
    {
        UbImage image;
        EXPECT_CHECK_FAILS(ops::texpands(f64, 0),
                           "TEXPANDS: element type not supported by the instruction (operand=dst");
        EXPECT_TRUE(image.matches_ub());
    }
    TileView col = tiles.place(DType::F32, Layout::col_major(8, 4), 8, 4);
    {
        UbImage image;
        EXPECT_CHECK_FAILS(ops::texpands(col, 0), "TEXPANDS: tile must be row-major (operand=dst");
        EXPECT_TRUE(image.matches_ub());
    }
    TileView bad = tiles.place(DType::F32, 2, 8, 2, 8);
    bad.valid_cols = 9;
    EXPECT_CHECK_FAILS(ops::texpands(bad, 0), "TEXPANDS: valid columns must be in 0..Cols");
}

}  // namespace
