// TRANDOM through the C++ API: Random123's published Philox-4x32 answers, the bit stream of A5's device code
// (lane l of a 64-lane repeat is cipher block counter + l, its four words in columns 4l .. 4l + 3; the
// counter advances 64 per group of 256 columns and ((validCol - 1) mod 64) + 1 after a row's last group),
// carries through all four counter words, the caller's counter left alone, padding untouched, and the
// run-time checks.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class RandomApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(RandomApiTest);

using Block = std::array<uint32_t, 4>;
__extension__ typedef unsigned __int128 U128;

U128 to_u128(const Block& c) {
    U128 v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 32) | c[i];
    return v;
}
Block from_u128(U128 v) {
    Block c{};
    for (int i = 0; i < 4; ++i, v >>= 32)
        c[i] = static_cast<uint32_t>(v);
    return c;
}

// Philox-4x32-R as published (Salmon et al., SC'11): the round keys first, then R rounds of two 32x32->64
// products, the high halves mixed with the other two words and the round key, the words permuted.
Block philox_oracle(Block x, uint32_t k0, uint32_t k1, int rounds) {
    std::vector<uint32_t> rk0(rounds), rk1(rounds);
    for (int i = 0; i < rounds; ++i) {
        rk0[i] = k0 + static_cast<uint32_t>(i) * 0x9E3779B9u;
        rk1[i] = k1 + static_cast<uint32_t>(i) * 0xBB67AE85u;
    }
    for (int i = 0; i < rounds; ++i) {
        const uint64_t a = static_cast<uint64_t>(x[0]) * 0xD2511F53u;
        const uint64_t b = static_cast<uint64_t>(x[2]) * 0xCD9E8D57u;
        const uint32_t a_hi = static_cast<uint32_t>(a >> 32), a_lo = static_cast<uint32_t>(a & 0xFFFFFFFFu);
        const uint32_t b_hi = static_cast<uint32_t>(b >> 32), b_lo = static_cast<uint32_t>(b & 0xFFFFFFFFu);
        const Block y = {b_hi ^ rk0[i] ^ x[1], b_lo, a_hi ^ rk1[i] ^ x[3], a_lo};
        x = y;
    }
    return x;
}

// The expected tile: the device's counter walk replayed group by group (not the kernel's closed form).
std::vector<uint32_t> expected_tile(int rows, int cols, const Block& counter, uint32_t k0, uint32_t k1,
                                    int rounds) {
    std::vector<uint32_t> out(static_cast<std::size_t>(rows) * cols);
    U128 ctr = to_u128(counter);
    for (int r = 0; r < rows; ++r) {
        for (int start = 0; start < cols; start += 256) {
            for (int c = start; c < cols && c < start + 256; ++c) {
                const int lane = (c - start) / 4;
                out[static_cast<std::size_t>(r) * cols + c] =
                    philox_oracle(from_u128(ctr + static_cast<U128>(lane)), k0, k1, rounds)[(c - start) % 4];
            }
            const bool last = start + 256 >= cols;
            ctr += last ? static_cast<U128>((cols - 1) % 64 + 1) : static_cast<U128>(64);
        }
    }
    return out;
}

struct Kat {
    int rounds;
    Block ctr;
    uint32_t k0, k1;
    Block out;
};
// Random123's tests/kat_vectors (github.com/DEShawResearch/random123), the philox4x32 lines.
const Kat kKats[] = {
    {7, {0, 0, 0, 0}, 0, 0, {0x5f6fb709u, 0x0d893f64u, 0x4f121f81u, 0x4f730a48u}},
    {7, {~0u, ~0u, ~0u, ~0u}, ~0u, ~0u, {0x5207ddc2u, 0x45165e59u, 0x4d8ee751u, 0x8c52f662u}},
    {7,
     {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
     0xa4093822u,
     0x299f31d0u,
     {0x4dfccabau, 0x190a87f0u, 0xc47362bau, 0xb6b5242au}},
    {10, {0, 0, 0, 0}, 0, 0, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
    {10, {~0u, ~0u, ~0u, ~0u}, ~0u, ~0u, {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
    {10,
     {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
     0xa4093822u,
     0x299f31d0u,
     {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}},
};

TEST(RandomOracle, MatchesThePublishedAnswers) {
    for (const Kat& k : kKats)
        EXPECT_EQ(philox_oracle(k.ctr, k.k0, k.k1, k.rounds), k.out) << "rounds " << k.rounds;
}

TEST_P(RandomApiTest, ColumnsZeroToThreeAreTheBlockOfTheCounterItself) {
    using T = Tile<TileType::Vec, uint32_t, 1, 8>;
    T dst;
    TASSIGN(dst, 0x0);
    for (const Kat& k : kKats) {
        TRandomKey key = {k.k0, k.k1};
        TRandomCounter counter = {k.ctr[0], k.ctr[1], k.ctr[2], k.ctr[3]};
        if (k.rounds == 7)
            TRANDOM<7>(dst, key, counter);
        else
            TRANDOM(dst, key, counter);
        for (int c = 0; c < 4; ++c)
            EXPECT_EQ(dst.GetElement(0, c), k.out[c]) << "rounds " << k.rounds << " column " << c;
        // Columns 4..7: the next lane, counter + 1 (wrapping at 2^128 for the all-ones counter).
        const Block next = philox_oracle(from_u128(to_u128(k.ctr) + 1), k.k0, k.k1, k.rounds);
        for (int c = 4; c < 8; ++c)
            EXPECT_EQ(dst.GetElement(0, c), next[c - 4]) << "rounds " << k.rounds << " column " << c;
    }
}

template <typename Elem, int Rows, int Cols>
void check_stream(int valid_rows, int valid_cols, Block counter, uint32_t k0, uint32_t k1) {
    using T = Tile<TileType::Vec, Elem, Rows, Cols, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    T dst(valid_rows, valid_cols);
    TASSIGN(dst, 0x0);
    const Elem fill = static_cast<Elem>(0x5A5A5A5Au);
    for (int r = 0; r < Rows; ++r)
        for (int c = 0; c < Cols; ++c)
            dst.SetElement(r, c, fill);
    TRandomKey key = {k0, k1};
    TRandomCounter ctr = {counter[0], counter[1], counter[2], counter[3]};
    for (int rounds : {10, 7}) {
        if (rounds == 10)
            TRANDOM<10>(dst, key, ctr);
        else
            TRANDOM<7>(dst, key, ctr);
        const std::vector<uint32_t> want = expected_tile(valid_rows, valid_cols, counter, k0, k1, rounds);
        int bad = 0;
        for (int r = 0; r < Rows; ++r) {
            for (int c = 0; c < Cols; ++c) {
                const uint32_t got = static_cast<uint32_t>(dst.GetElement(r, c));
                const bool valid = r < valid_rows && c < valid_cols;
                const uint32_t exp =
                    valid ? want[static_cast<std::size_t>(r) * valid_cols + c] : static_cast<uint32_t>(fill);
                if (got != exp && ++bad <= 5)
                    ADD_FAILURE() << "rounds " << rounds << " (" << r << ", " << c << "): got " << std::hex
                                  << got << " want " << exp << (valid ? "" : " (padding must stay)");
            }
        }
        EXPECT_EQ(bad, 0) << valid_rows << "x" << valid_cols << " rounds " << rounds;
        // The call reads the counter and key and leaves them as they were.
        EXPECT_EQ((Block{ctr[0], ctr[1], ctr[2], ctr[3]}), counter);
        EXPECT_EQ(key[0], k0);
        EXPECT_EQ(key[1], k1);
    }
}

TEST_P(RandomApiTest, FullRowsOfOneGroup) {
    check_stream<uint32_t, 4, 256>(4, 256, {1, 2, 3, 4}, 0x01234u, 0x56789u);
}

TEST_P(RandomApiTest, SeveralGroupsWithATailAdvanceTheCounterTheDeviceWay) {
    // 300 columns: a full group of 256 (counter + 64), then 44 columns (counter + ((300 - 1) mod 64) + 1 =
    // 44).
    check_stream<int32_t, 4, 512>(3, 300, {0x9u, 0x0u, 0x0u, 0x0u}, 0xdeadbeefu, 0x12345678u);
    // 520 columns: two full groups and 8 columns; 17 columns: a part of one group, a partial lane.
    check_stream<uint32_t, 3, 640>(3, 520, {7, 0, 0, 0}, 1, 2);
    check_stream<int32_t, 5, 32>(5, 17, {0x100u, 0, 0, 0}, 3, 4);
}

TEST_P(RandomApiTest, TheCounterCarriesThroughAllFourWords) {
    check_stream<uint32_t, 3, 256>(3, 200, {0xFFFFFFC0u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x7u}, 9, 10);
    check_stream<uint32_t, 2, 64>(2, 64, {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}, 0, 0);
}

TEST_P(RandomApiTest, AnEmptyValidRegionWritesNothing) {
    check_stream<uint32_t, 2, 64>(0, 64, {1, 0, 0, 0}, 1, 1);
    check_stream<uint32_t, 2, 64>(2, 0, {1, 0, 0, 0}, 1, 1);
}

TEST_P(RandomApiTest, RunTimeChecks) {
    using T = Tile<TileType::Vec, uint32_t, 2, 64>;
    T dst;
    TASSIGN(dst, 0x0);
    EXPECT_CHECK_FAILS(ptosim::ops::trandom(dst.view(), {1, 2}, {0, 0, 0, 0}, 8), "Rounds must be 7 or 10");
    ptosim::TileView as_float = dst.view();
    as_float.dtype = ptosim::DType::F32;
    EXPECT_CHECK_FAILS(ptosim::ops::trandom(as_float, {1, 2}, {0, 0, 0, 0}, 10),
                       "element type not supported");
}

}  // namespace
