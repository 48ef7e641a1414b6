// THISTOGRAM through the register layer (reg::thistogram) against the reference kernel (ref::thistogram),
// byte for byte over the whole Unified Buffer: both run on the same UB image and must leave identical UBs, so
// the register implementation writes exactly the reference's results and nothing else.
//
// The sweep covers the dimensions of the THISTOGRAM kernel sweep (tests/kernels/histogram_test.cpp: its
// shapes and element generator) and those of the register algorithm: every source dtype and byte, every
// destination dtype, one and many rows, validCol on both sides of the 256-element chunk and not a multiple of
// 8/32/128/256, validCol < Cols, validRow < Rows, tiles scattered through the UB, filters passing
// none/some/all elements, bins 0 and 255, and rows long enough for a uint16_t counter to wrap many times (up
// to the UB's size).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/kernel_test.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/ops/histogram.hpp"
#include "ptosim/reg/thistogram.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::at;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbTiles;

uint32_t byte_of(uint32_t v, int j) {
    return (v >> (8 * j)) & 0xFFu;
}

// How the elements relate to the filter: histogram_test.cpp's mix (each higher byte matches with probability
// 3/4), no element passing (the top filter byte never matches), or every element passing.
enum class Pass { Some, None, All };

// The counted byte: histogram_test.cpp's mix (often 0 or 255, the first and last bins), or one value for
// every element (a single step in the cumulative counts, and the largest counts per bin).
enum class Counted { Mixed, Zero, Max };

struct Shape {
    int32_t rows, valid_rows, valid_cols, extra_blocks;
};

constexpr Shape kShapes[] = {
    // tests/kernels/histogram_test.cpp: one row; many rows with validCol not a multiple of 8; validRow < Rows
    // with validCol < Cols; a single column; more than 256 columns; no valid rows.
    {1, 1, 64, 0},
    {12, 12, 37, 0},
    {8, 5, 100, 2},
    {4, 4, 1, 0},
    {3, 3, 300, 1},
    {6, 0, 16, 0},
    // The register algorithm's 256-element chunks: below, at and past one and two chunks, and validCol not a
    // multiple of 8, 32, 128 or 256.
    {2, 2, 7, 0},
    {3, 2, 31, 1},
    {2, 2, 127, 0},
    {2, 2, 255, 0},
    {2, 2, 256, 0},
    {3, 3, 257, 3},
    {1, 1, 511, 0},
    {1, 1, 512, 0},
    {2, 1, 513, 1},
    {5, 5, 769, 2},
    {1, 1, 1000, 0},
};

struct Case {
    DType src_t, dst_t;
    int k;
    Shape shape;
    Pass pass;
    Counted counted;
};

std::string describe(const Case& cs) {
    std::ostringstream os;
    os << dtype_name(cs.src_t) << " BYTE_" << cs.k << " -> " << dtype_name(cs.dst_t) << ", rows "
       << cs.shape.rows << " valid " << cs.shape.valid_rows << "x" << cs.shape.valid_cols << ", pass "
       << static_cast<int>(cs.pass) << ", counted " << static_cast<int>(cs.counted);
    return os.str();
}

// An element for filter bytes `want` (bytes above k), made as the case asks.
uint32_t make_element(std::mt19937_64& rng, const Case& cs, uint32_t want) {
    std::uniform_int_distribution<uint32_t> any(0, 0xFFFFFFFFu);
    std::uniform_int_distribution<int> pct(0, 99);
    const int bytes = cs.src_t == DType::U16 ? 2 : 4;
    uint32_t v = 0;
    for (int j = 0; j < bytes; ++j) {
        uint32_t b = any(rng) & 0xFFu;
        if (j > cs.k) {
            if (cs.pass == Pass::All || (cs.pass == Pass::Some && pct(rng) < 75))
                b = byte_of(want, j);
            else if (cs.pass == Pass::None && j == bytes - 1)
                b = byte_of(want, j) ^ (1u + any(rng) % 255u);  // the top filter byte never matches
        } else if (j == cs.k) {
            if (cs.counted == Counted::Zero)
                b = 0;
            else if (cs.counted == Counted::Max)
                b = 255;
            else if (pct(rng) < 20)
                b = pct(rng) < 50 ? 0 : 255;
        }
        v |= b << (8 * j);
    }
    return v;
}

struct Operands {
    TileView dst, src, idx;
};

// Places the operands (after UbTiles has filled the UB with random bytes) and fills src and idx for the case.
Operands place_case(UbTiles& tiles, std::mt19937_64& rng, const Case& cs) {
    const Shape& s = cs.shape;
    Operands o;
    const int32_t src_cols = row_major_cols(dtype_size(cs.src_t), s.valid_cols, s.extra_blocks);
    o.src = tiles.place(cs.src_t, s.rows, src_cols, s.valid_rows, s.valid_cols);
    // dst: more rows and columns than written, so that anything written outside dst[r, 0..255] shows.
    const int32_t dst_cols = row_major_cols(dtype_size(cs.dst_t), 256, s.extra_blocks);
    o.dst = tiles.place(cs.dst_t, s.rows + 2, dst_cols, s.valid_rows + 1, dst_cols);
    if (cs.src_t == DType::U16)  // idx[r, 0] per row: an R x 1 column-major tile
        o.idx = tiles.place(DType::U8, Layout::col_major(32 * (s.rows / 32 + 1), 1), s.rows, 1);
    else  // the global filter bytes idx[0..2-k, 0]
        o.idx = tiles.place(DType::U8, Layout::row_major(3, 32), 3 - cs.k, 1 + cs.k);
    std::uniform_int_distribution<uint32_t> any(0, 0xFFFFFFFFu);
    for (int32_t r = 0; r < s.valid_rows; ++r) {
        uint32_t want = any(rng);
        if (cs.src_t == DType::U16) {
            at<uint8_t>(o.idx, r, 0) = static_cast<uint8_t>(byte_of(want, 1));
        } else {
            want = 0;
            for (int32_t i = 0; i < o.idx.valid_rows; ++i)
                want |= uint32_t{at<uint8_t>(o.idx, i, 0)} << (8 * (3 - i));
        }
        for (int32_t c = 0; c < s.valid_cols; ++c) {
            const uint32_t v = make_element(rng, cs, want);
            if (cs.src_t == DType::U16)
                at<uint16_t>(o.src, r, c) = static_cast<uint16_t>(v);
            else
                at<uint32_t>(o.src, r, c) = v;
        }
    }
    return o;
}

// Runs ref::thistogram and reg::thistogram on the same UB image; the UBs they leave must be identical.
::testing::AssertionResult reg_matches_ref(const Operands& o, HistByte byte) {
    // Two UB-sized copies, allocated once: thousands of cases would otherwise spend their time in page
    // faults.
    static std::vector<std::byte> before(ub::kSize), want(ub::kSize);
    std::byte* ub = ub::base();
    std::memcpy(before.data(), ub, ub::kSize);
    ref::thistogram(o.dst, o.src, o.idx, byte);
    std::memcpy(want.data(), ub, ub::kSize);
    std::memcpy(ub, before.data(), ub::kSize);
    reg::thistogram(o.dst, o.src, o.idx, byte);
    if (std::memcmp(ub, want.data(), ub::kSize) == 0)
        return ::testing::AssertionSuccess();
    std::size_t i = 0;
    while (ub[i] == want[i])
        ++i;
    // One string: AssertionResult streams each operand into a fresh stream, so manipulators would not stick.
    std::ostringstream os;
    os << "UB byte at offset 0x" << std::hex << i << " (dst byte " << std::dec << ((ub + i) - o.dst.data)
       << ") is 0x" << std::hex << static_cast<int>(ub[i]) << ", the reference wrote 0x"
       << static_cast<int>(want[i]);
    return ::testing::AssertionFailure() << os.str();
}

struct SrcByte {
    DType src_t;
    int k;
};
constexpr SrcByte kSrcBytes[] = {{DType::U16, 1}, {DType::U16, 0}, {DType::U32, 3},
                                 {DType::U32, 2}, {DType::U32, 1}, {DType::U32, 0}};
constexpr DType kDstTypes[] = {DType::U8, DType::U16, DType::U32, DType::U64};

// The sweep: 6 (dtype, byte) x 4 destinations x 17 shapes x 3 filter mixes, plus every one of them again with
// a single counted value.
TEST(RegThistogram, BitIdenticalToReferenceOverTheSweep) {
    std::mt19937_64 rng(1);
    int cases = 0;
    for (const SrcByte& sb : kSrcBytes) {
        for (DType dst_t : kDstTypes) {
            for (const Shape& s : kShapes) {
                for (Pass pass : {Pass::Some, Pass::None, Pass::All}) {
                    for (Counted counted :
                         {Counted::Mixed, pass == Pass::All ? Counted::Max : Counted::Zero}) {
                        const Case cs{sb.src_t, dst_t, sb.k, s, pass, counted};
                        SCOPED_TRACE(describe(cs));
                        UbTiles tiles(rng);
                        const Operands o = place_case(tiles, rng, cs);
                        ASSERT_TRUE(reg_matches_ref(o, static_cast<HistByte>(cs.k)));
                        ++cases;
                    }
                }
            }
        }
    }
    EXPECT_EQ(cases, 6 * 4 * 17 * 3 * 2);
}

// Rows of up to ~200 Ki elements: a bin's count passes 65535 (a uint16_t counter would wrap three times
// over), so the per-chunk widening into uint32_t accumulators is what keeps the counts exact; the narrow
// destinations then wrap exactly as the reference's do.
TEST(RegThistogram, RowsLongEnoughToOverflowUint16Counters) {
    std::mt19937_64 rng(2);
    struct Long {
        DType src_t;
        int32_t rows, valid_cols;
    };
    // Sources of about 400 KB: one row, or several, of each source dtype.
    constexpr Long kLong[] = {
        {DType::U16, 1, 200000}, {DType::U16, 4, 50001}, {DType::U32, 1, 100000}, {DType::U32, 3, 33333}};
    for (const Long& l : kLong) {
        for (const SrcByte& sb : kSrcBytes) {
            if (sb.src_t != l.src_t)
                continue;
            for (DType dst_t : kDstTypes) {
                for (Counted counted : {Counted::Mixed, Counted::Max}) {
                    const Case cs{l.src_t,   dst_t,  sb.k, {l.rows, l.rows, l.valid_cols, 0},
                                  Pass::All, counted};
                    SCOPED_TRACE(describe(cs));
                    UbTiles tiles(rng);
                    const Operands o = place_case(tiles, rng, cs);
                    ASSERT_TRUE(reg_matches_ref(o, static_cast<HistByte>(cs.k)));
                }
            }
        }
    }
}

// The source must be in the UB: the algorithm reads each row's last chunk whole.
TEST(RegThistogram, SourceOutsideTheUbIsRejected) {
    alignas(64) static uint16_t host[256];
    alignas(64) static uint32_t out[256];
    TileView src{reinterpret_cast<std::byte*>(host), DType::U16, Layout::row_major(1, 256), 1, 10};
    TileView dst{reinterpret_cast<std::byte*>(out), DType::U32, Layout::row_major(1, 256), 1, 256};
    EXPECT_CHECK_FAILS(
        reg::thistogram(dst, src, src, HistByte::Byte1),
        "THISTOGRAM (register implementation): the source must be in the simulated Unified Buffer");
}

// A row whose last chunk would run past the end of the UB fails LoadAlign's check (as the hardware's read
// would leave the UB); the reference, which reads valid elements only, accepts the same tile.
TEST(RegThistogram, ChunkReadPastTheUbEndFailsTheLoadCheck) {
    ub::clear();
    const std::size_t at_end = ub::kSize - 64;  // 32 uint16_t elements: the 512-byte chunk read overruns
    TileView src{ub::base() + at_end, DType::U16, Layout::row_major(1, 32), 1, 20};
    TileView dst{ub::base(), DType::U32, Layout::row_major(1, 256), 1, 256};
    EXPECT_NO_THROW(ref::thistogram(dst, src, src, HistByte::Byte1));
    EXPECT_CHECK_FAILS(reg::thistogram(dst, src, src, HistByte::Byte1),
                       "LoadAlign: access runs past the end of the Unified Buffer");
}

// Random cases beyond the fixed sweep: any shape up to 3 chunks wide, any dtype, byte and mix.
RC_GTEST_PROP(RegThistogramProperty, BitIdenticalToReference, ()) {
    const SrcByte sb = *rc::gen::elementOf(std::vector<SrcByte>(std::begin(kSrcBytes), std::end(kSrcBytes)));
    const DType dst_t = *rc::gen::elementOf(std::vector<DType>(std::begin(kDstTypes), std::end(kDstTypes)));
    const int32_t rows = *rc::gen::inRange(1, 6);
    const int32_t valid_rows = *rc::gen::inRange(0, rows + 1);
    const int32_t valid_cols = *rc::gen::inRange(0, 3 * 256 + 2);
    const int32_t extra = *rc::gen::inRange(0, 3);
    const Pass pass = *rc::gen::element(Pass::Some, Pass::None, Pass::All);
    const Counted counted = *rc::gen::element(Counted::Mixed, Counted::Zero, Counted::Max);
    const Case cs{sb.src_t, dst_t, sb.k, {rows, valid_rows, valid_cols, extra}, pass, counted};
    std::mt19937_64 rng(*rc::gen::arbitrary<uint64_t>());
    UbTiles tiles(rng);
    const Operands o = place_case(tiles, rng, cs);
    const auto result = reg_matches_ref(o, static_cast<HistByte>(cs.k));
    RC_ASSERT(static_cast<bool>(result));
}

}  // namespace
