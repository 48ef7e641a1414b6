// TMOV / TEXTRACT / TINSERT through ops::tmove, on the reference kernel and the fast kernels of every SIMD
// target. Oracles are the compiler's own conversions (static_cast, _Float16) and hand-computed quantised
// values; every case also demands that nothing outside the destination window changes.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/ops/move.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace ptosim;
using prequant::Mode;
using prequant::Relu;
using ptosim::testing::at;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class MoveKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(MoveKernel);

constexpr const auto& kKinds = ptosim::testing::kLayoutKinds;
using ptosim::testing::layout_of;

// Physical shape fitting every layout for elements of 1..4 bytes: multiples of 32 both ways.
constexpr int32_t kRows = 64, kCols = 64;

template <typename T>
void fill_random(const TileView& t, std::mt19937_64& rng) {
    for (int32_t r = 0; r < t.rows(); ++r) {
        for (int32_t c = 0; c < t.cols(); ++c) {
            if constexpr (std::is_floating_point_v<T>) {
                at<T>(t, r, c) = static_cast<T>(std::uniform_real_distribution<double>(-1000, 1000)(rng));
            } else {
                at<T>(t, r, c) = static_cast<T>(rng());
            }
        }
    }
}

// Moves a random window between tiles of every pair of layouts; the oracle is f(src element).
// aligned: window corners on multiples of 16 rows and columns (box corners of every layout here), which the
// fast kernel moves box by box when both layouts have one box shape.
template <typename S, typename D, typename F>
void check_all_layouts(DType st, DType dt, F&& oracle, std::mt19937_64& rng, bool aligned = false) {
    for (const auto sk : kKinds) {
        for (const auto dk : kKinds) {
            UbTiles tiles(rng);
            const TileView src = tiles.place(st, layout_of(sk, kRows, kCols, sizeof(S)), 61, 57);
            const TileView dst = tiles.place(dt, layout_of(dk, kRows, kCols, sizeof(D)), 64, 64);
            if constexpr (std::is_same_v<S, _Float16>) {
                for (int32_t r = 0; r < kRows; ++r)
                    for (int32_t c = 0; c < kCols; ++c)
                        at<S>(src, r, c) =
                            static_cast<_Float16>(std::uniform_real_distribution<float>(-1000, 1000)(rng));
            } else {
                fill_random<S>(src, rng);
            }
            MoveSpec s;
            s.rows = 1 + static_cast<int32_t>(rng() % 40);
            s.cols = 1 + static_cast<int32_t>(rng() % 40);
            s.src_row = static_cast<int32_t>(rng() % static_cast<uint64_t>(61 - s.rows + 1));
            s.src_col = static_cast<int32_t>(rng() % static_cast<uint64_t>(57 - s.cols + 1));
            s.dst_row = static_cast<int32_t>(rng() % static_cast<uint64_t>(64 - s.rows + 1));
            s.dst_col = static_cast<int32_t>(rng() % static_cast<uint64_t>(64 - s.cols + 1));
            if (aligned) {
                s.rows = 1 + static_cast<int32_t>(rng() % 45);
                s.cols = 1 + static_cast<int32_t>(rng() % 41);
                s.src_row = 16 * static_cast<int32_t>(rng() % 2);
                s.src_col = 16 * static_cast<int32_t>(rng() % 2);
                s.dst_row = 16 * static_cast<int32_t>(rng() % 2);
                s.dst_col = 16 * static_cast<int32_t>(rng() % 2);
                if (s.src_row + s.rows > 61)
                    s.src_row = 0;
                if (s.src_col + s.cols > 57)
                    s.src_col = 0;
            }
            UbImage image;
            const TileView want = image.expected(dst);
            for (int32_t r = 0; r < s.rows; ++r)
                for (int32_t c = 0; c < s.cols; ++c)
                    at<D>(want, s.dst_row + r, s.dst_col + c) =
                        oracle(at<S>(src, s.src_row + r, s.src_col + c));
            ops::tmove("TMOV", dst, src, s);
            EXPECT_TRUE(image.matches_ub()) << layout_kind_name(sk) << " -> " << layout_kind_name(dk)
                                            << " window " << s.rows << "x" << s.cols;
        }
    }
}

TEST_P(MoveKernel, SameTypeCopiesTheWindowBetweenEveryPairOfLayouts) {
    std::mt19937_64 rng(1);
    const auto same = [](auto v) { return v; };
    check_all_layouts<int8_t, int8_t>(DType::S8, DType::S8, same, rng);
    check_all_layouts<uint16_t, uint16_t>(DType::F16, DType::F16, same, rng);
    check_all_layouts<uint32_t, uint32_t>(DType::F32, DType::F32, same, rng);
    for (int i = 0; i < 4; ++i) {
        check_all_layouts<uint16_t, uint16_t>(DType::F16, DType::F16, same, rng, true);
        check_all_layouts<uint32_t, uint32_t>(DType::F32, DType::F32, same, rng, true);
        check_all_layouts<int8_t, int8_t>(DType::S8, DType::S8, same, rng, true);
    }
}

TEST_P(MoveKernel, ConversionsAreStaticCasts) {
    std::mt19937_64 rng(2);
    check_all_layouts<float, _Float16>(
        DType::F32, DType::F16, [](float v) { return static_cast<_Float16>(v); }, rng);
    check_all_layouts<_Float16, float>(
        DType::F16, DType::F32, [](_Float16 v) { return static_cast<float>(v); }, rng);
    check_all_layouts<int32_t, float>(
        DType::S32, DType::F32, [](int32_t v) { return static_cast<float>(v); }, rng);
    check_all_layouts<int8_t, int32_t>(
        DType::S8, DType::S32, [](int8_t v) { return static_cast<int32_t>(v); }, rng);
    check_all_layouts<float, int32_t>(
        DType::F32, DType::S32, [](float v) { return static_cast<int32_t>(v); }, rng);  // in range: truncates
    check_all_layouts<int32_t, int8_t>(
        DType::S32, DType::S8, [](int32_t v) { return static_cast<int8_t>(v); }, rng);  // wraps
}

// One element through a 1 x 1 window of 32 x 32 row-major tiles.
template <typename S, typename D>
D move_one(S x, DType st, DType dt, MoveSpec s) {
    std::mt19937_64 rng(3);
    UbTiles tiles(rng);
    const TileView src = tiles.place(st, Layout::row_major(32, 32), 32, 32);
    const TileView dst = tiles.place(dt, Layout::row_major(32, 32), 32, 32);
    at<S>(src, 0, 0) = x;
    s.rows = s.cols = 1;
    ops::tmove("TEXTRACT", dst, src, s);
    return at<D>(dst, 0, 0);
}

TEST_P(MoveKernel, ReluKindsTreatNanAndNegativeZeroDifferently) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    MoveSpec neg, pos;
    neg.relu = Relu::Negative;
    pos.relu = Relu::Positive;
    const auto bits = [](float v) { return std::bit_cast<uint32_t>(v); };
    // TMOV's ReLU (after the conversion): negative values to 0, NaN and -0 kept.
    EXPECT_EQ(bits((move_one<float, float>(-3.5f, DType::F32, DType::F32, neg))), bits(0.0f));
    EXPECT_EQ(bits((move_one<float, float>(2.5f, DType::F32, DType::F32, neg))), bits(2.5f));
    EXPECT_TRUE(std::isnan(move_one<float, float>(nan, DType::F32, DType::F32, neg)));
    EXPECT_EQ(bits((move_one<float, float>(-0.0f, DType::F32, DType::F32, neg))), bits(-0.0f));
    // TEXTRACT's (x > 0 ? x : 0 on the source value): NaN and -0 become +0.
    EXPECT_EQ(bits((move_one<float, float>(nan, DType::F32, DType::F32, pos))), bits(0.0f));
    EXPECT_EQ(bits((move_one<float, float>(-0.0f, DType::F32, DType::F32, pos))), bits(0.0f));
    EXPECT_EQ((move_one<int32_t, int32_t>(-7, DType::S32, DType::S32, pos)), 0);
    EXPECT_EQ(bits(static_cast<float>(move_one<float, _Float16>(-1.0f, DType::F32, DType::F16, pos))),
              bits(0.0f));
}

// A quantisation word: scale bits, 9-bit offset, sign bit, 4-bit shift (pto-isa's layout).
uint64_t word(float scale, uint32_t offset = 0, bool sign = false, uint32_t shift = 0) {
    return std::bit_cast<uint32_t>(scale) | (uint64_t{shift} << 32) | (uint64_t{offset} << 37) |
           (uint64_t{sign} << 46);
}

MoveSpec quant(Mode m, uint64_t q, bool saturate = false) {
    MoveSpec s;
    s.mode = m;
    s.scalar = q;
    s.saturate = saturate;
    return s;
}

TEST_P(MoveKernel, EightBitQuantisationScalesOffsetsRoundsAndClamps) {
    // 10 * 0.25 = 2.5 -> 2 (ties to even) + 0; + offset 3 -> 5.5 -> 6; the sign bit picks the range.
    EXPECT_EQ((move_one<float, int8_t>(10.0f, DType::F32, DType::S8,
                                       quant(Mode::QF322B8_PRE, word(0.25f, 0, true)))),
              2);
    EXPECT_EQ(
        (move_one<float, uint8_t>(10.0f, DType::F32, DType::U8, quant(Mode::QF322B8_PRE, word(0.25f, 3)))),
        6);
    EXPECT_EQ((move_one<float, int8_t>(-1000.0f, DType::F32, DType::S8,
                                       quant(Mode::QF322B8_PRE, word(1.0f, 0, true)))),
              -128);
    EXPECT_EQ((move_one<float, uint8_t>(-5.0f, DType::F32, DType::U8, quant(Mode::QF322B8_PRE, word(1.0f)))),
              0);
    EXPECT_EQ((move_one<float, uint8_t>(300.0f, DType::F32, DType::U8, quant(Mode::QF322B8_PRE, word(1.0f)))),
              255);
    // int32 sources (REQ8): the element as a float first.
    EXPECT_EQ((move_one<int32_t, int8_t>(-77, DType::S32, DType::S8, quant(Mode::REQ8, word(0.5f, 0, true)))),
              -38);
}

TEST_P(MoveKernel, VectorWordsUseTheShortScaleOfTheirSourceColumn) {
    // The vector modes read the scale from bits 31..13: the low 13 bits of the float are dropped.
    const uint64_t q = word(std::bit_cast<float>(std::bit_cast<uint32_t>(1.5f) | 0x1FFFu), 0, true);
    EXPECT_EQ((move_one<int32_t, int8_t>(21, DType::S32, DType::S8, quant(Mode::VREQ8, q))),
              32);  // 31.5 -> 32
    // Exponent 0 with a non-zero fraction is (1 + f / 1024) * 2^-127, not a subnormal; exponent 255 is
    // infinite whatever the fraction.
    EXPECT_EQ(prequant::scale_of(Mode::VREQ8, uint64_t{1} << 13),
              (1.0f + 1.0f / 1024) * std::ldexp(1.0f, -127));
    EXPECT_EQ(prequant::scale_of(Mode::VREQ8, 0), 0.0f);
    EXPECT_EQ(prequant::scale_of(Mode::VDEQF16, (uint64_t{0x1FF} << 23) | (uint64_t{5} << 13)),
              -std::numeric_limits<float>::infinity());
    // Per column: a 2 x 3 window from column 1 of the source reads words 1..3.
    std::mt19937_64 rng(4);
    UbTiles tiles(rng);
    const TileView src = tiles.place(DType::S32, Layout::row_major(8, 8), 8, 8);
    const TileView dst = tiles.place(DType::S8, Layout::row_major(8, 32), 8, 32);
    for (int32_t r = 0; r < 8; ++r)
        for (int32_t c = 0; c < 8; ++c)
            at<int32_t>(src, r, c) = 10 * (r + 1);
    const std::vector<uint64_t> words = {word(100.0f, 0, true), word(1.0f, 0, true), word(2.0f, 0, true),
                                         word(0.5f, 0, true)};
    MoveSpec s;
    s.rows = 2;
    s.cols = 3;
    s.src_col = 1;
    s.mode = Mode::VREQ8;
    s.words = words;
    UbImage image;
    const TileView want = image.expected(dst);
    const int8_t expect[2][3] = {{10, 20, 5}, {20, 40, 10}};
    for (int32_t r = 0; r < 2; ++r)
        for (int32_t c = 0; c < 3; ++c)
            at<int8_t>(want, r, c) = expect[r][c];
    ops::tmove("TEXTRACT_FP", dst, src, s);
    EXPECT_TRUE(image.matches_ub());
}

TEST_P(MoveKernel, HalfModesClampAndSaturationDecidesInfinityAndNan) {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const auto h = [](_Float16 v) { return static_cast<float>(v); };
    EXPECT_EQ(
        h(move_one<float, _Float16>(1e6f, DType::F32, DType::F16, quant(Mode::QF322F16_PRE, word(1.0f)))),
        65504.0f);
    EXPECT_EQ(
        h(move_one<float, _Float16>(inf, DType::F32, DType::F16, quant(Mode::QF322F16_PRE, word(1.0f)))),
        inf);
    EXPECT_EQ(h(move_one<float, _Float16>(inf, DType::F32, DType::F16,
                                          quant(Mode::QF322F16_PRE, word(1.0f), true))),
              65504.0f);
    EXPECT_TRUE(std::isnan(
        h(move_one<float, _Float16>(nan, DType::F32, DType::F16, quant(Mode::QF322F16_PRE, word(1.0f))))));
    EXPECT_EQ(h(move_one<float, _Float16>(nan, DType::F32, DType::F16,
                                          quant(Mode::QF322F16_PRE, word(1.0f), true))),
              0.0f);
    // DEQF16 always clamps; the int32 is scaled as a float.
    EXPECT_EQ(
        h(move_one<int32_t, _Float16>(1 << 30, DType::S32, DType::F16, quant(Mode::DEQF16, word(1.0f)))),
        65504.0f);
    EXPECT_EQ(h(move_one<int32_t, _Float16>(-6, DType::S32, DType::F16, quant(Mode::DEQF16, word(0.5f)))),
              -3.0f);
}

TEST_P(MoveKernel, ShiftModesShiftArithmeticallyAndWrapToInt16) {
    // shift field 3 -> shift by 4; the scale is not used.
    EXPECT_EQ((move_one<int32_t, int16_t>(-1600, DType::S32, DType::S16,
                                          quant(Mode::SHIFTS322S16, word(9.0f, 0, false, 3)))),
              -100);
    EXPECT_EQ((move_one<int32_t, int16_t>(0x7FFFFFFF, DType::S32, DType::S16,
                                          quant(Mode::SHIFTS322S16, word(1.0f)))),
              static_cast<int16_t>(0x7FFFFFFF >> 1));
}

TEST_P(MoveKernel, SameTileInPlaceIsAllowedAndOverlapIsNot) {
    std::mt19937_64 rng(5);
    UbTiles tiles(rng);
    const TileView t = tiles.place(DType::F32, Layout::row_major(16, 16), 16, 16);
    fill_random<float>(t, rng);
    MoveSpec s;
    s.rows = s.cols = 16;
    UbImage image;
    ops::tmove("TMOV", t, t, s);
    EXPECT_TRUE(image.matches_ub());
    MoveSpec shifted = s;
    shifted.rows = 8;
    shifted.dst_row = 4;  // rows 4..11 written, rows 0..7 read
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TINSERT", t, t, shifted),
                           "TINSERT: the window written must not overlap the window read");
}

TEST_P(MoveKernel, RunTimeRulesFailAndWriteNothing) {
    std::mt19937_64 rng(6);
    UbTiles tiles(rng);
    const TileView src = tiles.place(DType::F32, Layout::row_major(16, 16), 12, 10);
    const TileView dst = tiles.place(DType::F16, Layout::row_major(16, 16), 8, 8);
    MoveSpec s;
    s.rows = 8;
    s.cols = 8;
    s.src_row = 5;  // 5 + 8 > 12
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TEXTRACT", dst, src, s),
                           "TEXTRACT: the moved window must lie inside src's valid region");
    s.src_row = 0;
    s.dst_row = 1;  // 1 + 8 > dst's 8 valid rows
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TINSERT", dst, src, s, true),
                           "TINSERT: the moved window must lie inside dst's valid region");
    s.dst_row = 9;  // 9 + 8 > 16 rows
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TMOV", dst, src, s), "TMOV: the moved window must fit dst's shape");
    s.dst_row = 0;
    const std::vector<uint64_t> words(7);
    s.words = words;
    s.mode = Mode::VQF322B8_PRE;
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TEXTRACT_FP", dst, src, s),
                           "TEXTRACT_FP: the quantisation tile needs one word per source column");
    s.words = {};
    s.mode = Mode::NoQuant;
    TileView tf32 = src;
    tf32.dtype = DType::TF32;
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TMOV", dst, tf32, s), "TMOV: element type not supported");
    TileView short_buffer = dst;
    short_buffer.valid_rows = 0;
    short_buffer.capacity = 64;
    EXPECT_FAILS_UNTOUCHED(ops::tmove("TMOV", short_buffer, src, s),
                           "TMOV: the moved window reaches past the end of dst's buffer");
}

}  // namespace
