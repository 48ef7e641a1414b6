// TFILLPAD, TCONCAT and TTRANS kernels against oracles written in this test, over element sizes, layouts,
// shapes and valid regions (nothing outside the written region may change: the UB holds random bytes), and
// the run-time rules.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "kernel_test.hpp"
#include "ptosim/ops/rearrange.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class RearrangeKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(RearrangeKernel);

constexpr DType kDtypes[] = {DType::S8,  DType::F16, DType::BF16, DType::U16,
                             DType::F32, DType::S32, DType::HIF8};
constexpr const auto& kKinds = ptosim::testing::kLayoutKinds;
using ptosim::testing::layout_of;

TEST_P(RearrangeKernel, FillPadSweep) {
    std::mt19937_64 rng(71);
    struct Case {
        int32_t src_rows, src_cols, dst_valid_rows;
    };
    constexpr Case cases[] = {{32, 32, 32}, {7, 5, 20}, {0, 0, 3}, {32, 1, 32}, {31, 17, 9}, {1, 32, 1}};
    for (DType t : kDtypes) {
        const std::size_t es = dtype_size(t);
        for (Layout::Kind k : kKinds) {
            for (const Case& c : cases) {
                for (int mode = 0; mode < 2; ++mode) {
                    const bool copy = mode == 0;
                    SCOPED_TRACE(::testing::Message()
                                 << dtype_name(t) << " " << layout_kind_name(k) << " src " << c.src_rows
                                 << "x" << c.src_cols << " copy " << copy);
                    UbTiles tiles(rng);
                    const Layout l = layout_of(k, 32, 64, es);
                    TileView src = tiles.place(t, l, c.src_rows, c.src_cols);
                    TileView dst = copy ? tiles.place(t, l, c.dst_valid_rows, 64) : src;
                    FillPadSpec s{c.src_rows, c.src_cols, std::max(c.src_rows, c.dst_valid_rows),
                                  48,         copy,       0x0123456789ABCDEFull};
                    UbImage image;
                    TileView want = image.expected(dst);
                    for (int32_t r = 0; r < s.fill_rows; ++r) {
                        for (int32_t col = 0; col < s.fill_cols; ++col) {
                            if (r < s.keep_rows && col < s.keep_cols)
                                std::memcpy(want.at(r, col), src.at(r, col), es);
                            else
                                std::memcpy(want.at(r, col), &s.pad, es);
                        }
                    }
                    ops::tfillpad("TFILLPAD", dst, src, s);
                    ASSERT_TRUE(image.matches_ub());
                }
            }
        }
    }
}

// 4-bit elements (two a byte, element i in the low nibble of byte i / 2 when i is even): the padded nibbles
// take the pad's low four bits, the kept ones src's, and the other nibble of each byte stays.
TEST_P(RearrangeKernel, FillPadFourBitTypes) {
    std::mt19937_64 rng(73);
    const auto put = [](std::byte* base, std::size_t i, uint64_t v) {
        const unsigned shift = (i % 2) * 4;
        base[i / 2] = (base[i / 2] & std::byte(~(0xFu << shift))) | std::byte((v & 0xFu) << shift);
    };
    const auto get = [](const std::byte* base, std::size_t i) {
        return (std::to_integer<unsigned>(base[i / 2]) >> ((i % 2) * 4)) & 0xFu;
    };
    for (DType t : {DType::E2M1X2, DType::E1M2X2}) {
        for (Layout::Kind k : kKinds) {
            for (int mode = 0; mode < 2; ++mode) {
                const bool copy = mode == 0;
                SCOPED_TRACE(::testing::Message()
                             << dtype_name(t) << " " << layout_kind_name(k) << " copy " << copy);
                UbTiles tiles(rng);
                const Layout l =
                    layout_of(k, 32, 64, 1);  // boxes of 32 elements, as the Tile gives 4-bit types
                TileView src = tiles.place(t, l, 13, 37);
                TileView dst = copy ? tiles.place(t, l, 20, 64) : src;
                const FillPadSpec s{13, 37, 20, 60, copy, 0xA5};
                UbImage image;
                TileView want = image.expected(dst);
                for (int32_t r = 0; r < s.fill_rows; ++r)
                    for (int32_t c = 0; c < s.fill_cols; ++c)
                        put(want.data, l.offset(r, c),
                            r < s.keep_rows && c < s.keep_cols
                                ? (copy ? get(src.data, l.offset(r, c)) : get(dst.data, l.offset(r, c)))
                                : s.pad);
                ops::tfillpad("TFILLPAD", dst, src, s);
                ASSERT_TRUE(image.matches_ub());
            }
        }
    }
}

TEST_P(RearrangeKernel, FillPadRules) {
    std::mt19937_64 rng(72);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::F32, 8, 16, 8, 16);
    TileView dst = tiles.place(DType::F32, 8, 16, 8, 16);
    TileView f64 = tiles.place(DType::F64, 8, 16, 8, 16);
    TileView f16 = tiles.place(DType::F16, 8, 16, 8, 16);
    const FillPadSpec ok{8, 16, 8, 16, true, 0};
    EXPECT_FAILS_UNTOUCHED(ops::tfillpad("TFILLPAD", f64, f64, ok),
                           "TFILLPAD: element type must be 1, 2 or 4 bytes wide");
    EXPECT_FAILS_UNTOUCHED(ops::tfillpad("TFILLPAD", dst, f16, ok),
                           "TFILLPAD: src and dst elements must have the same size");
    EXPECT_FAILS_UNTOUCHED(ops::tfillpad("TFILLPAD", dst, src, FillPadSpec{8, 16, 9, 16, true, 0}),
                           "TFILLPAD: the kept and padded regions must fit dst's shape");
    TileView small = src;
    small.valid_rows = 4;
    EXPECT_FAILS_UNTOUCHED(ops::tfillpad("TFILLPAD", dst, small, ok),
                           "TFILLPAD: the copied block must lie inside src's valid region");
    TileView shifted = src;
    shifted.data += 4 * 16;
    EXPECT_FAILS_UNTOUCHED(ops::tfillpad("TFILLPAD", shifted, src, ok),
                           "TFILLPAD: dst must be src itself or not overlap it");
    TileView cut = dst;
    cut.capacity = 64;
    cut.valid_rows = 1;
    EXPECT_FAILS_UNTOUCHED(ops::tfillpad("TFILLPAD", cut, src, FillPadSpec{1, 16, 2, 16, true, 0}),
                           "TFILLPAD: the padded region reaches past the end of dst's buffer");
}

TEST_P(RearrangeKernel, TransposeSweep) {
    std::mt19937_64 rng(73);
    struct Case {
        int32_t rows, cols;
    };
    constexpr Case cases[] = {{32, 32}, {1, 1}, {17, 29}, {32, 5}, {0, 3}, {3, 32}};
    for (DType t : kDtypes) {
        const std::size_t es = dtype_size(t);
        for (Layout::Kind sk : {Layout::Kind::RowMajor, Layout::Kind::ColMajor, Layout::Kind::Nz}) {
            for (Layout::Kind dk : kKinds) {
                for (const Case& c : cases) {
                    SCOPED_TRACE(::testing::Message()
                                 << dtype_name(t) << " " << layout_kind_name(sk) << " -> "
                                 << layout_kind_name(dk) << " " << c.rows << "x" << c.cols);
                    UbTiles tiles(rng);
                    TileView src = tiles.place(t, layout_of(sk, 32, 32, es), c.rows, c.cols);
                    TileView dst = tiles.place(t, layout_of(dk, 32, 64, es), 32, 64);
                    UbImage image;
                    TileView want = image.expected(dst);
                    for (int32_t r = 0; r < c.rows; ++r)
                        for (int32_t col = 0; col < c.cols; ++col)
                            std::memcpy(want.at(col, r), src.at(r, col), es);
                    ops::ttrans(dst, src);
                    ASSERT_TRUE(image.matches_ub());
                }
            }
        }
    }
}

TEST_P(RearrangeKernel, TransposeRules) {
    std::mt19937_64 rng(74);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::F32, 16, 8, 16, 8);
    TileView dst = tiles.place(DType::F32, 8, 16, 8, 16);
    TileView narrow = tiles.place(DType::F32, 8, 8, 8, 8);
    TileView f16 = tiles.place(DType::F16, 8, 16, 8, 16);
    TileView f64 = tiles.place(DType::F64, 8, 8, 8, 8);
    EXPECT_FAILS_UNTOUCHED(ops::ttrans(narrow, src),
                           "TTRANS: dst's shape must hold the transposed valid region");
    EXPECT_FAILS_UNTOUCHED(ops::ttrans(f16, src), "TTRANS: src and dst elements must have the same size");
    EXPECT_FAILS_UNTOUCHED(ops::ttrans(f64, f64), "TTRANS: element type must be 1, 2 or 4 bytes wide");
    TileView over = src;
    over.layout = Layout::row_major(8, 16);
    over.valid_rows = 8;
    over.valid_cols = 16;
    over.data = src.data + 32;
    EXPECT_FAILS_UNTOUCHED(ops::ttrans(over, src), "TTRANS: dst must not overlap src");
    TileView cut = dst;
    cut.capacity = 32;
    cut.valid_rows = 1;
    cut.valid_cols = 8;
    EXPECT_FAILS_UNTOUCHED(ops::ttrans(cut, src),
                           "TTRANS: the transposed region reaches past the end of dst's buffer");
}

TEST_P(RearrangeKernel, ConcatSweep) {
    std::mt19937_64 rng(75);
    struct Case {
        int32_t rows, cols0, cols1;
    };
    constexpr Case cases[] = {{8, 16, 16}, {5, 3, 29}, {1, 0, 7}, {8, 13, 0}, {0, 0, 0}, {7, 31, 33}};
    for (DType t : {DType::S8, DType::F16, DType::BF16, DType::F32, DType::U32}) {
        const std::size_t es = dtype_size(t);
        for (const Case& c : cases) {
            SCOPED_TRACE(::testing::Message()
                         << dtype_name(t) << " " << c.rows << "x" << c.cols0 << "+" << c.cols1);
            UbTiles tiles(rng);
            TileView src0 = tiles.place(t, 8, 64, c.rows, c.cols0);
            TileView src1 = tiles.place(t, 8, 64, c.rows, c.cols1);
            TileView dst = tiles.place(t, 8, 128, c.rows, c.cols0 + c.cols1);
            UbImage image;
            TileView want = image.expected(dst);
            for (int32_t r = 0; r < c.rows; ++r) {
                std::memcpy(want.at(r, 0), src0.at(r, 0), es * c.cols0);
                std::memcpy(want.at(r, c.cols0), src1.at(r, 0), es * c.cols1);
            }
            ops::tconcat(dst, src0, src1);
            ASSERT_TRUE(image.matches_ub());
        }
    }
}

TEST_P(RearrangeKernel, ConcatCountsSweep) {
    std::mt19937_64 rng(76);
    for (DType idx_t : {DType::U8, DType::S16, DType::S32, DType::U32}) {
        for (DType t : {DType::S8, DType::F16, DType::F32}) {
            for (bool with_dst_idx : {false, true}) {
                SCOPED_TRACE(::testing::Message() << dtype_name(t) << " index " << dtype_name(idx_t));
                const std::size_t es = dtype_size(t), is = dtype_size(idx_t);
                UbTiles tiles(rng);
                const int32_t rows = 6, cols0 = 20, cols1 = 12, dst_cols = 25;
                TileView src0 = tiles.place(t, 8, 32, rows, cols0);
                TileView src1 = tiles.place(t, 8, 32, rows, cols1);
                TileView dst = tiles.place(t, 8, 64, rows, dst_cols);
                TileView idx0 = tiles.place(idx_t, 8, static_cast<int32_t>(32 / is), rows, 1);
                TileView idx1 = tiles.place(idx_t, 8, static_cast<int32_t>(32 / is), rows, 1);
                TileView out = tiles.place(idx_t, 8, static_cast<int32_t>(32 / is), rows, 1);
                // Byte counts, not always whole elements; some rows ask for more than dst holds.
                const uint64_t bytes0[rows] = {0, 3, 7 * is + 1, 20 * is, 5 * is, 20 * is};
                const uint64_t bytes1[rows] = {12 * is, 0, 2 * is + (is - 1), 12 * is, 1, 12 * is};
                for (int32_t r = 0; r < rows; ++r) {
                    std::memcpy(idx0.at(r, 0), &bytes0[r], is);
                    std::memcpy(idx1.at(r, 0), &bytes1[r], is);
                }
                UbImage image;
                TileView want = image.expected(dst);
                TileView want_idx = image.expected(out);
                for (int32_t r = 0; r < rows; ++r) {
                    const auto n0 = static_cast<int32_t>(std::min<uint64_t>(bytes0[r] / is, dst_cols));
                    const auto n1 = static_cast<int32_t>(std::min<uint64_t>(bytes1[r] / is, dst_cols - n0));
                    std::memcpy(want.at(r, 0), src0.at(r, 0), es * n0);
                    std::memcpy(want.at(r, n0), src1.at(r, 0), es * n1);
                    if (with_dst_idx) {
                        const uint64_t sum = bytes0[r] + bytes1[r];
                        std::memcpy(want_idx.at(r, 0), &sum, is);
                    }
                }
                ops::tconcat(dst, src0, src1, ConcatCounts{with_dst_idx ? &out : nullptr, idx0, idx1});
                ASSERT_TRUE(image.matches_ub());
            }
        }
    }
}

TEST_P(RearrangeKernel, ConcatRules) {
    std::mt19937_64 rng(77);
    UbTiles tiles(rng);
    TileView src0 = tiles.place(DType::F32, 4, 16, 4, 8);
    TileView src1 = tiles.place(DType::F32, 4, 16, 4, 8);
    TileView dst = tiles.place(DType::F32, 4, 16, 4, 16);
    TileView idx = tiles.place(DType::S32, 4, 8, 4, 1);
    TileView f16 = tiles.place(DType::F16, 4, 16, 4, 8);
    TileView rows3 = src1;
    rows3.valid_rows = 3;
    EXPECT_FAILS_UNTOUCHED(ops::tconcat(dst, src0, rows3),
                           "TCONCAT: src0, src1 and dst must have the same valid rows");
    TileView cols15 = dst;
    cols15.valid_cols = 15;
    EXPECT_FAILS_UNTOUCHED(ops::tconcat(cols15, src0, src1),
                           "TCONCAT: dst's valid columns must be src0's plus src1's");
    EXPECT_FAILS_UNTOUCHED(ops::tconcat(dst, src0, f16),
                           "TCONCAT: src0, src1 and dst must have the same element type");
    TileView over = dst;
    over.data = src1.data;
    EXPECT_FAILS_UNTOUCHED(ops::tconcat(over, src0, src1), "TCONCAT: dst must not overlap src1");
    for (int32_t r = 0; r < 4; ++r) {
        const int32_t bytes = r == 2 ? 9 * 4 : 4;
        std::memcpy(idx.at(r, 0), &bytes, 4);
    }
    EXPECT_FAILS_UNTOUCHED(ops::tconcat(dst, src0, src1, ConcatCounts{nullptr, idx, idx}),
                           "TCONCAT: a row's counts must lie inside src0's and src1's valid columns");
    TileView f32idx = tiles.place(DType::F32, 4, 8, 4, 1);
    EXPECT_FAILS_UNTOUCHED(ops::tconcat(dst, src0, src1, ConcatCounts{nullptr, f32idx, f32idx}),
                           "TCONCAT: element type not supported by the instruction (operand=src0Idx");
}

}  // namespace
