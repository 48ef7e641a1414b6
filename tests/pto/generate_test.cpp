// TCI and TTRI through the C++ API: the sequence both ways with wrap-around, every triangle and diagonal on
// valid regions smaller than the tile (padding untouched), and the run-time checks.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class GenerateApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(GenerateApiTest);

TEST_P(GenerateApiTest, TciCountsUpAndDownAlongTheValidColumns) {
    using Row = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, 1, DYNAMIC>;
    Row dst(40);
    TASSIGN(dst, 0x0);
    for (int c = 0; c < 64; ++c)
        dst.SetElement(0, c, -7);
    TCI<Row, int32_t, 0>(dst, 100);
    for (int c = 0; c < 40; ++c)
        EXPECT_EQ(dst.GetElement(0, c), 100 + c) << c;
    for (int c = 40; c < 64; ++c)
        EXPECT_EQ(dst.GetElement(0, c), -7) << "column " << c << " is past the valid columns";
    TCI<Row, int32_t, 1>(dst, 5);
    for (int c = 0; c < 40; ++c)
        EXPECT_EQ(dst.GetElement(0, c), 5 - c) << c;
}

TEST_P(GenerateApiTest, TciWrapsInTheElementWidth) {
    using U16 = Tile<TileType::Vec, uint16_t, 1, 32>;
    using S16 = Tile<TileType::Vec, int16_t, 1, 32>;
    using Tmp = Tile<TileType::Vec, float, 1, 512>;  // the A2A3 form's scratch tile; A5 ignores it
    U16 u;
    S16 s;
    Tmp tmp;
    TASSIGN(u, 0x0);
    TASSIGN(s, 0x100);
    TASSIGN(tmp, 0x1000);
    TCI<U16, Tmp, uint16_t, 1>(u, uint16_t{3}, tmp);
    const uint16_t down[] = {3, 2, 1, 0, 65535, 65534};
    for (int c = 0; c < 6; ++c)
        EXPECT_EQ(u.GetElement(0, c), down[c]) << c;
    TCI<S16, int16_t, 0>(s, int16_t{32766});
    const int16_t up[] = {32766, 32767, -32768, -32767};
    for (int c = 0; c < 4; ++c)
        EXPECT_EQ(s.GetElement(0, c), up[c]) << c;
    EXPECT_EQ(s.GetElement(0, 31), static_cast<int16_t>(-32768 + 29));
}

// The expected triangle, written row by row as runs: lower rows start with min(max(r + d + 1, 0), cols) ones,
// upper rows with min(max(r + d, 0), cols) zeros.
template <typename T>
void expect_triangle(Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>& t, int rows,
                     int cols, int d, bool upper, T sentinel) {
    for (int r = 0; r < 16; ++r) {
        const int lead = upper ? r + d : r + d + 1;
        const int run = lead < 0 ? 0 : (lead > cols ? cols : lead);
        for (int c = 0; c < 64; ++c) {
            T want = sentinel;
            if (r < rows && c < cols)
                want = (c < run) == upper ? T(0) : T(1);
            ASSERT_EQ(t.GetElement(r, c), want)
                << "row " << r << " column " << c << " diagonal " << d << (upper ? " upper" : " lower");
        }
    }
}

TEST_P(GenerateApiTest, TtriEveryDiagonalOnAPartialValidRegion) {
    using F32 = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using S8 = Tile<TileType::Vec, int8_t, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    for (const int d : {-20, -3, -1, 0, 1, 5, 47, 70}) {
        for (const bool upper : {false, true}) {
            F32 f(13, 45);
            S8 b(16, 64);
            TASSIGN(f, 0x0);
            TASSIGN(b, 0x8000);
            for (int r = 0; r < 16; ++r) {
                for (int c = 0; c < 64; ++c) {
                    f.SetElement(r, c, -2.5f);
                    b.SetElement(r, c, int8_t{9});
                }
            }
            if (upper) {
                TTRI<F32, 1>(f, d);
                TTRI<S8, 1>(b, d);
            } else {
                TTRI<F32, 0>(f, d);
                TTRI<S8, 0>(b, d);
            }
            expect_triangle<float>(f, 13, 45, d, upper, -2.5f);
            expect_triangle<int8_t>(b, 16, 64, d, upper, int8_t{9});
        }
    }
}

TEST_P(GenerateApiTest, RunTimeChecksNameTheInstructionAndWriteNothing) {
    // The checked entries behind the intrinsics refuse what the static checks cannot see (views built by
    // other front ends): a column-major TTRI destination, a TCI destination of two rows.
    float data[16];
    for (float& x : data)
        x = 4.0f;
    const ptosim::TileView col{reinterpret_cast<std::byte*>(data), ptosim::DType::F32,
                               ptosim::Layout::col_major(4, 4), 4, 4};
    EXPECT_CHECK_FAILS(ptosim::ops::ttri(col, 0, false), "TTRI");
    const ptosim::TileView two_rows{reinterpret_cast<std::byte*>(data), ptosim::DType::F32,
                                    ptosim::Layout::row_major(2, 8), 2, 8};
    EXPECT_CHECK_FAILS(ptosim::ops::tci(two_rows, 0, false), "one row");
    for (const float x : data)
        EXPECT_EQ(x, 4.0f);
}

// pto-isa's A5 TCI tests `if constexpr (descending)` and A5 TTRI `upperOrLower != 0` / `== 0`: any non-zero
// value counts down and keeps the upper triangle (A2A3 asserts 0 or 1 for TTRI: tests/compile_fail/a2a3).
TEST_P(GenerateApiTest, NonZeroSelectorsAreDescendingAndUpper) {
    using Row = Tile<TileType::Vec, int32_t, 1, 16>;
    Row seq;
    TASSIGN(seq, 0x0);
    TCI<Row, int32_t, 2>(seq, 10);
    for (int c = 0; c < 16; ++c)
        EXPECT_EQ(seq.GetElement(0, c), 10 - c) << c;
    if constexpr (ptosim::kArch != ptosim::Arch::A2A3) {
        using F32 = Tile<TileType::Vec, float, 8, 8>;
        F32 f;
        TASSIGN(f, 0x100);
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c)
                f.SetElement(r, c, -3.0f);
        TTRI<F32, 7>(f, 0);
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c)
                EXPECT_EQ(f.GetElement(r, c), c >= r ? 1.0f : 0.0f) << r << "," << c;
    }
}

}  // namespace
