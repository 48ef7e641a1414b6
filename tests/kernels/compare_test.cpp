// TCMP / TCMPS kernels against a reference that orders the two operands (less / equal / greater /
// unordered, through double or 64-bit integers) and reads each mode off that order: every dtype, both mask
// word widths, every mode, shapes with partial valid regions, tiles scattered through the UB, edge values
// (NaN, +-0, +-inf, denormals, integer limits, 64-bit values one apart), and every run-time rule.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/ops/compare.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

class CompareKernel : public ptosim::testing::KernelTest {};
PTOSIM_INSTANTIATE_KERNEL_TEST(CompareKernel);

constexpr DType kDtypes[] = {DType::S8,  DType::U8,  DType::S16, DType::U16,  DType::S32, DType::U32,
                             DType::S64, DType::U64, DType::F16, DType::BF16, DType::F32};
constexpr CmpMode kModes[] = {CmpMode::EQ, CmpMode::NE, CmpMode::LT, CmpMode::LE, CmpMode::GT, CmpMode::GE};

uint64_t load_bits(const TileView& t, int32_t r, int32_t c) {
    uint64_t v = 0;
    std::memcpy(&v, t.data + t.layout.offset(r, c) * t.elem_size(), t.elem_size());  // little-endian host
    return v;
}
void store_bits(const TileView& t, int32_t r, int32_t c, uint64_t v) {
    std::memcpy(t.data + t.layout.offset(r, c) * t.elem_size(), &v, t.elem_size());
}

enum class Order { Less, Equal, Greater, Unordered };

double to_double(DType t, uint64_t bits) {
    switch (t) {
        case DType::F32:
            return std::bit_cast<float>(static_cast<uint32_t>(bits));
        case DType::F16:
            return float16::from_bits(static_cast<uint16_t>(bits));
        default:
            return bfloat16::from_bits(static_cast<uint16_t>(bits));
    }
}

Order order(DType t, uint64_t a, uint64_t b) {
    const int width = static_cast<int>(8 * dtype_size(t));
    if (dtype_is_float(t)) {
        const double x = to_double(t, a), y = to_double(t, b);
        if (std::isnan(x) || std::isnan(y))
            return Order::Unordered;
        return x < y ? Order::Less : x > y ? Order::Greater : Order::Equal;
    }
    if (dtype_is_signed_int(t)) {
        const int64_t x = static_cast<int64_t>(a << (64 - width)) >> (64 - width);
        const int64_t y = static_cast<int64_t>(b << (64 - width)) >> (64 - width);
        return x < y ? Order::Less : x > y ? Order::Greater : Order::Equal;
    }
    return a < b ? Order::Less : a > b ? Order::Greater : Order::Equal;
}

bool holds(Order o, CmpMode m) {
    switch (m) {
        case CmpMode::EQ:
            return o == Order::Equal;
        case CmpMode::NE:
            return o != Order::Equal;
        case CmpMode::LT:
            return o == Order::Less;
        case CmpMode::LE:
            return o == Order::Less || o == Order::Equal;
        case CmpMode::GT:
            return o == Order::Greater;
        default:
            return o == Order::Greater || o == Order::Equal;
    }
}

// Values that probe the edges of each type, as bit patterns.
std::vector<uint64_t> special_values(DType t) {
    switch (t) {
        case DType::F32:
            return {0x0,        0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
                    0x7F800001, 0xFFC12345, 0x00000001, 0x807FFFFF, 0x00800000,
                    0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x3F800001};
        case DType::F16:
            return {0x0,    0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE55, 0x0001,
                    0x83FF, 0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x3C01};
        case DType::BF16:
            return {0x0,    0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0xFFC5, 0x0001,
                    0x807F, 0x0080, 0x7F7F, 0xFF7F, 0x3F80, 0xBF80, 0x3F81};
        default: {
            const int width = static_cast<int>(8 * dtype_size(t));
            const uint64_t ones = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
            const uint64_t top = uint64_t{1} << (width - 1);
            // 0, 1, all ones (-1 / max), the top bit alone (min / 2^(w-1)), its neighbours, 2^53 and 2^53 + 1
            // (equal once converted to double).
            std::vector<uint64_t> v = {0, 1, ones, top, top - 1, top + 1, ones - 1, 2};
            if (width == 64) {
                v.push_back(uint64_t{1} << 53);
                v.push_back((uint64_t{1} << 53) + 1);
            }
            return v;
        }
    }
}

uint64_t random_bits(std::mt19937_64& rng, DType t) {
    const int width = static_cast<int>(8 * dtype_size(t));
    const uint64_t v = rng();
    return width == 64 ? v : v & ((uint64_t{1} << width) - 1);
}

// src0 values: edges and random bits. The right-hand side is often equal, or differs only in the lowest bit.
uint64_t make_lhs(std::mt19937_64& rng, DType t, const std::vector<uint64_t>& specials) {
    if (rng() % 5 < 2)
        return specials[rng() % specials.size()];
    return random_bits(rng, t);
}
uint64_t make_rhs(std::mt19937_64& rng, DType t, const std::vector<uint64_t>& specials, uint64_t lhs) {
    switch (rng() % 7) {
        case 0:
        case 1:
            return lhs;
        case 2:
            return lhs ^ 1;
        case 3:
        case 4:
            return specials[rng() % specials.size()];
        default:
            return random_bits(rng, t);
    }
}

struct Shape {
    int32_t rows, valid_rows, valid_cols, extra_blocks;
};
// One row; many rows with validCol not a multiple of 8 or 32; validRow < Rows with validCol < Cols; a single
// column; 33 columns (one bit into the next u32 word); 256 columns; no valid rows.
constexpr Shape kShapes[] = {{1, 1, 64, 0}, {9, 9, 37, 0},  {8, 5, 100, 1}, {4, 4, 1, 0},
                             {3, 3, 33, 0}, {2, 2, 256, 0}, {5, 0, 0, 0}};

// The expected destination: zeroed entirely, then one bit per valid source element.
template <typename Rhs>
void expect_mask(const TileView& dst, const TileView& src0, CmpMode mode, Rhs rhs) {
    std::memset(dst.data, 0, dst.bytes());
    const int32_t w = dst.dtype == DType::U8 ? 8 : 32;
    for (int32_t r = 0; r < src0.valid_rows; ++r) {
        for (int32_t c = 0; c < src0.valid_cols; ++c) {
            if (holds(order(src0.dtype, load_bits(src0, r, c), rhs(r, c)), mode)) {
                const uint64_t word = load_bits(dst, r, c / w);
                store_bits(dst, r, c / w, word | uint64_t{1} << (c % w));
            }
        }
    }
}

enum class Form { Tile, Scalar, ScalarTile };

void run_case(std::mt19937_64& rng, DType t, DType mask_t, const Shape& s, Form form) {
    const auto specials = special_values(t);
    UbTiles tiles(rng);
    const std::size_t es = dtype_size(t);
    TileView src0 =
        tiles.place(t, s.rows, row_major_cols(es, s.valid_cols, s.extra_blocks), s.valid_rows, s.valid_cols);
    TileView src1 = tiles.place(t, s.rows + 1, row_major_cols(es, s.valid_cols), s.valid_rows, s.valid_cols);
    const int32_t w = mask_t == DType::U8 ? 8 : 32;
    const int32_t words = (s.valid_cols + w - 1) / w + s.extra_blocks;
    TileView dst =
        tiles.place(mask_t, s.rows + 1, row_major_cols(dtype_size(mask_t), words, 1), s.valid_rows, words);
    for (int32_t r = 0; r < s.valid_rows; ++r) {
        for (int32_t c = 0; c < s.valid_cols; ++c) {
            const uint64_t a = make_lhs(rng, t, specials);
            store_bits(src0, r, c, a);
            store_bits(src1, r, c, make_rhs(rng, t, specials, a));
        }
    }
    const uint64_t scalar = make_lhs(rng, t, specials);
    TileView scalar_tile = tiles.place(t, 2, row_major_cols(es, 1), 1, 1);
    store_bits(scalar_tile, 0, 0, scalar);
    UbImage image;
    for (CmpMode mode : kModes) {
        SCOPED_TRACE(std::string(cmp_mode_name(mode)));
        image.capture();
        if (form == Form::Tile) {
            expect_mask(image.expected(dst), src0, mode,
                        [&](int32_t r, int32_t c) { return load_bits(src1, r, c); });
            ops::tcmp(dst, src0, src1, mode);
        } else {
            expect_mask(image.expected(dst), src0, mode, [&](int32_t, int32_t) { return scalar; });
            if (form == Form::Scalar)
                ops::tcmps(dst, src0, scalar, mode);
            else
                ops::tcmps(dst, src0, scalar_tile, mode);
        }
        ASSERT_TRUE(image.matches_ub());
    }
}

TEST_P(CompareKernel, SweepDtypesMasksModesAndShapes) {
    std::mt19937_64 rng(21);
    for (Form form : {Form::Tile, Form::Scalar, Form::ScalarTile}) {
        for (DType t : kDtypes) {
            for (DType mask_t : {DType::U8, DType::U32}) {
                for (const Shape& s : kShapes) {
                    SCOPED_TRACE(::testing::Message()
                                 << (form == Form::Tile ? "TCMP " : "TCMPS ") << dtype_name(t) << " -> "
                                 << dtype_name(mask_t) << ", valid " << s.valid_rows << "x" << s.valid_cols);
                    run_case(rng, t, mask_t, s, form);
                }
            }
        }
    }
}

// TCMPS on half and bfloat16 with every special scalar (zeros, infinities, NaNs, subnormals, extremes): the
// fast kernel tests one or two ranges of raw patterns, or widens to float for the scalars that have none
// (NaN, LT -inf, GT +inf); rows of 128 elements keep both on their vector paths.
TEST_P(CompareKernel, HalfAndBfloat16ScalarsAtEverySpecialValue) {
    std::mt19937_64 rng(5);
    for (DType t : {DType::F16, DType::BF16}) {
        const auto specials = special_values(t);
        UbTiles tiles(rng);
        TileView src0 = tiles.place(t, 3, 128, 3, 128);
        TileView dst = tiles.place(DType::U8, 3, 32, 3, 16);
        for (int32_t r = 0; r < 3; ++r)
            for (int32_t c = 0; c < 128; ++c)
                store_bits(src0, r, c, make_lhs(rng, t, specials));
        UbImage image;
        for (const uint64_t scalar : specials) {
            for (CmpMode mode : kModes) {
                SCOPED_TRACE(::testing::Message() << dtype_name(t) << " scalar 0x" << std::hex << scalar
                                                  << " " << cmp_mode_name(mode));
                image.capture();
                expect_mask(image.expected(dst), src0, mode, [&](int32_t, int32_t) { return scalar; });
                ops::tcmps(dst, src0, scalar, mode);
                ASSERT_TRUE(image.matches_ub());
            }
        }
    }
}

// One-element compares: the truth of `a mode b` for every mode, as a string "EQ NE LT LE GT GE" of 0/1.
template <typename T>
std::string truth(T a, T b) {
    TileView src0{ub::base(), dtype_of<T>, Layout::row_major(1, 32 / sizeof(T)), 1, 1};
    TileView src1 = src0, dst{ub::base() + 0x100, DType::U8, Layout::row_major(1, 32), 1, 1};
    src1.data = ub::base() + 0x40;
    std::memcpy(src0.data, &a, sizeof(T));
    std::memcpy(src1.data, &b, sizeof(T));
    std::string out;
    for (CmpMode m : kModes) {
        ops::tcmp(dst, src0, src1, m);
        out += static_cast<char>('0' + (static_cast<int>(*dst.data) & 1));
    }
    return out;
}

TEST_P(CompareKernel, IeeeEdgeCases) {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    //                                EQ NE LT LE GT GE
    EXPECT_EQ(truth(nan, nan), "010000");
    EXPECT_EQ(truth(nan, 1.0f), "010000");
    EXPECT_EQ(truth(-inf, nan), "010000");
    EXPECT_EQ(truth(0.0f, -0.0f), "100101");
    EXPECT_EQ(truth(-inf, inf), "011100");
    EXPECT_EQ(truth(std::numeric_limits<float>::denorm_min(), 0.0f), "010011");
    EXPECT_EQ(truth(float16::from_bits(0x0001), float16::from_bits(0x0002)), "011100");
    EXPECT_EQ(truth(float16::from_bits(0x8000), float16::from_bits(0x0000)), "100101");
    EXPECT_EQ(truth(float16::from_bits(0x7E00), float16::from_bits(0x7E00)), "010000");
    EXPECT_EQ(truth(bfloat16::from_bits(0xFF80), bfloat16::from_bits(0xFF7F)), "011100");
}

TEST_P(CompareKernel, IntegersCompareByValue) {
    EXPECT_EQ(truth<int64_t>(int64_t{1} << 53, (int64_t{1} << 53) + 1), "011100");
    EXPECT_EQ(truth<int64_t>(INT64_MAX - 1, INT64_MAX), "011100");
    EXPECT_EQ(truth<int64_t>(INT64_MIN, INT64_MAX), "011100");
    EXPECT_EQ(truth<uint64_t>(UINT64_MAX, UINT64_MAX - 1), "010011");
    EXPECT_EQ(truth<uint64_t>(uint64_t{1} << 63, 0), "010011");
    EXPECT_EQ(truth<int32_t>(INT32_MIN, -1), "011100");
    EXPECT_EQ(truth<uint32_t>(0x80000000u, 1), "010011");
    EXPECT_EQ(truth<int8_t>(-128, 127), "011100");
    EXPECT_EQ(truth<uint8_t>(255, 255), "100101");
    EXPECT_EQ(truth<int16_t>(-1, 0), "011100");
    EXPECT_EQ(truth<uint16_t>(0xFFFF, 0), "010011");
}

TEST_P(CompareKernel, WholeDestinationTileIsZeroed) {
    std::mt19937_64 rng(22);
    UbTiles tiles(rng);
    TileView src = tiles.place(DType::F32, 2, 8, 2, 3);
    TileView dst =
        tiles.place(DType::U32, 4, 8, 2, 1);  // rows 2..3 and columns 1..7 lie outside the valid region
    for (int32_t c = 0; c < 3; ++c) {
        std::memcpy(src.data + c * 4, &c, 4);
        std::memcpy(src.data + (8 + c) * 4, &c, 4);
    }
    ops::tcmps(dst, src, scalar_bits(0), CmpMode::EQ);  // bit patterns 0, 1, 2: only column 0 is +0.0f
    std::vector<uint32_t> expect(32, 0);
    expect[0] = 1;
    expect[8] = 1;
    EXPECT_EQ(std::memcmp(dst.data, expect.data(), 32 * 4), 0);
}

// Each run-time rule: the check fails with its message and the UB is untouched.
class CompareRules : public CompareKernel {
  protected:
    std::mt19937_64 rng{23};
    UbTiles tiles{rng};
    TileView src0 = tiles.place(DType::F32, 4, 64, 4, 50);
    TileView src1 = tiles.place(DType::F32, 4, 64, 4, 50);
    TileView dst = tiles.place(DType::U8, 4, 32, 4, 7);
};
PTOSIM_INSTANTIATE_KERNEL_TEST(CompareRules);

TEST_P(CompareRules, MaskCapacityTooSmall) {
    TileView d = dst;
    d.valid_cols = 6;  // 50 results need 7 bytes
    EXPECT_FAILS_UNTOUCHED(
        ops::tcmp(d, src0, src1, CmpMode::EQ),
        "TCMP: dst valid columns must hold ceil(src0 valid columns / bits per word) mask words "
        "(src0.validCol=50, bitsPerWord=8, wordsNeeded=7, dst.validCol=6)");
    EXPECT_FAILS_UNTOUCHED(ops::tcmps(d, src0, 0, CmpMode::EQ), "TCMPS: dst valid columns must hold");
    TileView d32 = tiles.place(DType::U32, 4, 8, 4, 1);  // 50 results need 2 words
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(d32, src0, src1, CmpMode::EQ), "bitsPerWord=32, wordsNeeded=2");
}

TEST_P(CompareRules, DstRowsMustEqualSourceRows) {
    TileView d = dst;
    d.valid_rows = 3;
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(d, src0, src1, CmpMode::EQ),
                           "TCMP: dst valid rows must equal src0 valid rows");
}

TEST_P(CompareRules, MismatchedSourceValidShapes) {
    TileView s1 = src1;
    s1.valid_cols = 49;
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(dst, src0, s1, CmpMode::EQ),
                           "TCMP: src0 and src1 must have the same valid shape");
}

TEST_P(CompareRules, Dtypes) {
    TileView s1 = src1;
    s1.dtype = DType::S32;
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(dst, src0, s1, CmpMode::EQ),
                           "TCMP: src0 and src1 must have the same dtype");
    EXPECT_FAILS_UNTOUCHED(ops::tcmps(dst, src0, s1, CmpMode::EQ),
                           "TCMPS: src0 and src1 must have the same dtype");
    TileView d = dst;
    d.dtype = DType::U16;
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(d, src0, src1, CmpMode::EQ),
                           "TCMP: element type not supported by the instruction (operand=dst");
    TileView s0 = tiles.place(DType::F64, 4, 64, 4, 50);
    EXPECT_FAILS_UNTOUCHED(ops::tcmps(dst, s0, 0, CmpMode::EQ),
                           "TCMPS: element type not supported by the instruction (operand=src0");
}

TEST_P(CompareRules, ModeOutOfRange) {
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(dst, src0, src1, static_cast<CmpMode>(6)),
                           "TCMP: compare mode must be EQ, NE, LT, LE, GT or GE (mode=6)");
}

TEST_P(CompareRules, RowMajorOnly) {
    TileView s1 = tiles.place(DType::F32, Layout::col_major(8, 64), 4, 50);
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(dst, src0, s1, CmpMode::EQ),
                           "TCMP: tile must be row-major (operand=src1");
}

TEST_P(CompareRules, DestinationOverlappingASource) {
    TileView d = dst;
    d.data = src1.data;
    EXPECT_FAILS_UNTOUCHED(ops::tcmp(d, src0, src1, CmpMode::EQ),
                           "TCMP: a destination tile must not overlap another operand (dst=dst, other=src1)");
}

TEST_P(CompareRules, ScalarTileNeedsAValidElement) {
    TileView s1 = src1;
    s1.valid_rows = 0;
    EXPECT_FAILS_UNTOUCHED(ops::tcmps(dst, src0, s1, CmpMode::EQ),
                           "TCMPS: src1 must have a valid element [0, 0]");
}

}  // namespace
