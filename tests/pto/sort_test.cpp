// TSORT32 and TMRGSORT through the C++ API, on both backends, against oracles written here: std::stable_sort
// of (value, index) with the documented order (descending by value, +0 == -0, NaNs last; equal values by
// ascending index, then by column) and a plain merge that takes the lowest list on equal values.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include <hwy/targets.h>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class SortApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(SortApiTest);

// One pair as the tests build and compare it: the value's bits and the index.
struct Pair {
    double value;   // for ordering
    uint32_t bits;  // the value's bits (2 or 4 bytes)
    uint32_t index;
};

bool comes_first(const Pair& a, const Pair& b) {
    const bool an = std::isnan(a.value), bn = std::isnan(b.value);
    if (an != bn)
        return bn;  // numbers before NaNs
    if (!an && a.value != b.value)
        return a.value > b.value;
    return a.index < b.index;
}

// The merge looks at values only: on equal values the lower list goes first, whatever the indices.
bool value_first(const Pair& a, const Pair& b) {
    const bool an = std::isnan(a.value), bn = std::isnan(b.value);
    if (an || bn)
        return !an && bn;
    return a.value > b.value;
}

template <typename T>
uint32_t bits_of(T v) {
    uint32_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

// The 8 bytes of pair p of a row of pairs.
template <typename T>
Pair read_pair(const std::byte* row, int p) {
    Pair out{};
    std::memcpy(&out.bits, row + 8 * p, sizeof(T));
    std::memcpy(&out.index, row + 8 * p + 4, 4);
    uint32_t pad = 0;
    std::memcpy(&pad, row + 8 * p + sizeof(T), 4 - sizeof(T));
    EXPECT_EQ(pad, 0u) << "the bytes between a 2-byte value and its index are zero";
    return out;
}

template <typename TileT>
const std::byte* row_bytes(TileT& t, int r) {
    return reinterpret_cast<const std::byte*>(t.data()) +
           static_cast<std::size_t>(r) * TileT::Cols * sizeof(typename TileT::DType);
}

// Values with many ties, both zeros, infinities and NaNs of both signs.
float awkward_value(std::mt19937& rng) {
    const float special[] = {0.0f,
                             -0.0f,
                             std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(),
                             std::numeric_limits<float>::quiet_NaN(),
                             -std::numeric_limits<float>::quiet_NaN(),
                             1.5f,
                             -1.5f};
    const unsigned pick = rng() % 16;
    if (pick < 8)
        return special[pick];
    return static_cast<float>(static_cast<int>(rng() % 9) - 4) * 0.25f;
}

template <typename T, int R, int C, int VR, int VC, bool kTmp>
void check_tsort32(uint32_t seed, bool broadcast_idx) {
    using Src = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, VR, VC>;
    using Idx = Tile<TileType::Vec, uint32_t, R, C, BLayout::RowMajor, DYNAMIC, VC>;
    constexpr int kPer = 8 / sizeof(T);
    using Dst = Tile<TileType::Vec, T, R, C * kPer, BLayout::RowMajor, VR, VC * kPer>;
    using Tmp = Tile<TileType::Vec, T, 1, (C + 31) / 32 * 32>;
    Src src;
    Idx idx(broadcast_idx ? 1 : VR);
    Dst dst;
    Tmp tmp;
    TASSIGN(src, 0x0);
    TASSIGN(idx, 0x10000);
    TASSIGN(dst, 0x20000);
    TASSIGN(tmp, 0x40000);
    std::mt19937 rng(seed);
    for (int r = 0; r < R; ++r) {
        for (int c = 0; c < C; ++c) {
            src.SetElement(r, c, static_cast<T>(awkward_value(rng)));
            idx.SetElement(r, c, rng() % 6);  // many equal indices
        }
        for (int c = 0; c < C * kPer; ++c)
            dst.SetElement(r, c, static_cast<T>(7.0f));
    }
    if constexpr (kTmp)
        TSORT32(dst, src, idx, tmp);
    else
        TSORT32(dst, src, idx);

    const T sentinel = static_cast<T>(7.0f);
    for (int r = 0; r < R; ++r) {
        for (int b = 0; b * 32 < VC && r < VR; ++b) {
            const int n = std::min(32, VC - 32 * b);
            std::vector<Pair> want;
            for (int k = 0; k < n; ++k) {
                const T v = src.GetElement(r, 32 * b + k);
                want.push_back({static_cast<double>(static_cast<float>(v)), bits_of(v),
                                idx.GetElement(broadcast_idx ? 0 : r, 32 * b + k)});
            }
            std::stable_sort(want.begin(), want.end(), comes_first);
            for (int k = 0; k < n; ++k) {
                const Pair got = read_pair<T>(row_bytes(dst, r), 32 * b + k);
                ASSERT_EQ(got.bits, want[k].bits) << "row " << r << " block " << b << " pair " << k;
                ASSERT_EQ(got.index, want[k].index) << "row " << r << " block " << b << " pair " << k;
            }
        }
        const int first_untouched = r < VR ? VC * kPer : 0;
        for (int c = first_untouched; c < C * kPer; ++c)
            ASSERT_EQ(bits_of(dst.GetElement(r, c)), bits_of(sentinel)) << "row " << r << " column " << c;
    }
}

TEST_P(SortApiTest, Tsort32SortsEachBlockOfEachRow) {
    check_tsort32<float, 4, 96, 4, 96, false>(1, false);
    check_tsort32<half, 3, 64, 3, 64, false>(2, false);
    check_tsort32<float, 5, 64, 3, 64, false>(3, true);  // one idx row for every row; rows past 3 untouched
}

TEST_P(SortApiTest, Tsort32TmpFormSortsAShortLastBlock) {
    check_tsort32<float, 2, 64, 2, 45, true>(4, false);
    check_tsort32<half, 16, 16, 16, 16, true>(5, false);  // pto-isa's suite shape: one short block per row
    check_tsort32<half, 2, 128, 2, 100, true>(6, true);
}

TEST_P(SortApiTest, Tsort32TieRules) {
    // Equal values: ascending index; equal value and index: column order (visible through -0 and +0).
    using Src = Tile<TileType::Vec, float, 1, 32>;
    using Idx = Tile<TileType::Vec, uint32_t, 1, 32>;
    using Dst = Tile<TileType::Vec, float, 1, 64>;
    Src src;
    Idx idx;
    Dst dst;
    for (int c = 0; c < 32; ++c) {
        src.SetElement(0, c, (c % 2) ? -0.0f : 0.0f);
        idx.SetElement(0, c, static_cast<uint32_t>(31 - c) / 2);
    }
    src.SetElement(0, 5, std::numeric_limits<float>::quiet_NaN());
    src.SetElement(0, 6, -std::numeric_limits<float>::infinity());
    TSORT32(dst, src, idx);
    // -inf then NaN end the block; the zeros come first, index 0 first: columns 30 (+0) then 31 (-0).
    EXPECT_EQ(bits_of(dst.GetElement(0, 0)), bits_of(0.0f));
    EXPECT_EQ(bits_of(dst.GetElement(0, 1)), 0u);
    EXPECT_EQ(bits_of(dst.GetElement(0, 2)), bits_of(-0.0f));
    EXPECT_EQ(bits_of(dst.GetElement(0, 3)), 0u);
    EXPECT_EQ(dst.GetElement(0, 60), -std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(dst.GetElement(0, 62)));
    EXPECT_EQ(bits_of(dst.GetElement(0, 63)), 13u);  // column 5's index: (31 - 5) / 2
}

// A sorted list of n pairs of T in a one-row tile, indices from `first_index`.
template <typename TileT>
std::vector<Pair> fill_sorted_list(TileT& t, int n, uint32_t first_index, std::mt19937& rng) {
    using T = typename TileT::DType;
    std::vector<Pair> pairs;
    for (int k = 0; k < n; ++k) {
        const T v = static_cast<T>(static_cast<float>(static_cast<int>(rng() % 11) - 5) * 0.5f);
        pairs.push_back({static_cast<double>(static_cast<float>(v)), bits_of(v), first_index + k});
    }
    std::stable_sort(pairs.begin(), pairs.end(), comes_first);
    auto* bytes = reinterpret_cast<std::byte*>(t.data());
    for (int k = 0; k < n; ++k) {
        std::memset(bytes + 8 * k, 0, 8);
        std::memcpy(bytes + 8 * k, &pairs[k].bits, sizeof(T));
        std::memcpy(bytes + 8 * k + 4, &pairs[k].index, 4);
    }
    return pairs;
}

// The merge oracle: repeatedly the best head, the lowest list on ties; stops when a list runs out if asked.
std::vector<Pair> merge_oracle(const std::vector<std::vector<Pair>>& lists, bool exhausted,
                               std::vector<int>* taken_out) {
    std::vector<int> taken(lists.size(), 0);
    std::vector<Pair> out;
    for (;;) {
        int pick = -1;
        bool done = false;
        for (std::size_t l = 0; l < lists.size(); ++l) {
            if (taken[l] == static_cast<int>(lists[l].size())) {
                done = true;
                continue;
            }
            const Pair& head = lists[l][taken[l]];
            if (pick < 0 || value_first(head, lists[pick][taken[pick]]))
                pick = static_cast<int>(l);
        }
        if (pick < 0 || (exhausted && done))
            break;
        out.push_back(lists[pick][taken[pick]]);
        ++taken[pick];
    }
    if (taken_out)
        *taken_out = taken;
    return out;
}

TEST_P(SortApiTest, TmrgsortMergesTwoThreeAndFourLists) {
    using L = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, 1, DYNAMIC>;
    using D = Tile<TileType::Vec, float, 1, 512, BLayout::RowMajor, 1, DYNAMIC>;
    std::mt19937 rng(7);
    for (const int lists : {2, 3, 4}) {
        const int sizes[] = {64, 37, 50, 1};
        L s0(2 * sizes[0]), s1(2 * sizes[1]), s2(2 * sizes[2]), s3(2 * sizes[3]);
        TASSIGN(s0, 0x0);
        TASSIGN(s1, 0x400);
        TASSIGN(s2, 0x800);
        TASSIGN(s3, 0xC00);
        std::vector<std::vector<Pair>> in = {
            fill_sorted_list(s0, sizes[0], 0, rng), fill_sorted_list(s1, sizes[1], 1000, rng),
            fill_sorted_list(s2, sizes[2], 2000, rng), fill_sorted_list(s3, sizes[3], 3000, rng)};
        in.resize(lists);
        int total = 0;
        for (const auto& l : in)
            total += static_cast<int>(l.size());
        D dst(2 * total), tmp(512);
        TASSIGN(dst, 0x1000);
        TASSIGN(tmp, 0x2000);
        MrgSortExecutedNumList executed{9, 9, 9, 9};
        if (lists == 2)
            TMRGSORT<D, D, L, L, false>(dst, executed, tmp, s0, s1);
        else if (lists == 3)
            TMRGSORT<D, D, L, L, L, false>(dst, executed, tmp, s0, s1, s2);
        else
            TMRGSORT<D, D, L, L, L, L, false>(dst, executed, tmp, s0, s1, s2, s3);
        const std::vector<Pair> want = merge_oracle(in, false, nullptr);
        ASSERT_EQ(static_cast<int>(want.size()), total);
        for (int k = 0; k < total; ++k) {
            for (auto* t :
                 {reinterpret_cast<std::byte*>(dst.data()), reinterpret_cast<std::byte*>(tmp.data())}) {
                const Pair got = read_pair<float>(t, k);
                ASSERT_EQ(got.bits, want[k].bits) << lists << " lists, pair " << k;
                ASSERT_EQ(got.index, want[k].index) << lists << " lists, pair " << k;
            }
        }
        EXPECT_EQ(executed.mrgSortList0, 9) << "without exhausted the counts are not written";
    }
}

TEST_P(SortApiTest, TmrgsortExhaustedStopsAtTheFirstEmptyListAndCounts) {
    using L = Tile<TileType::Vec, half, 1, 256, BLayout::RowMajor, 1, DYNAMIC>;
    using D = Tile<TileType::Vec, half, 1, 1024, BLayout::RowMajor, 1, DYNAMIC>;
    std::mt19937 rng(11);
    L s0(4 * 40), s1(4 * 64), s2(4 * 30);
    TASSIGN(s0, 0x0);
    TASSIGN(s1, 0x200);
    TASSIGN(s2, 0x400);
    const std::vector<std::vector<Pair>> in = {fill_sorted_list(s0, 40, 0, rng),
                                               fill_sorted_list(s1, 64, 100, rng),
                                               fill_sorted_list(s2, 30, 200, rng)};
    D dst(4 * 134), tmp(1024);
    TASSIGN(dst, 0x1000);
    TASSIGN(tmp, 0x2000);
    // tmp's old contents past the merged pairs reach dst, as the device's copy of dst's valid columns does.
    for (int c = 0; c < 1024; ++c)
        tmp.SetElement(0, c, static_cast<half>(3.0f));
    MrgSortExecutedNumList executed{};
    TMRGSORT<D, D, L, L, L, true>(dst, executed, tmp, s0, s1, s2);
    std::vector<int> taken;
    const std::vector<Pair> want = merge_oracle(in, true, &taken);
    ASSERT_LT(want.size(), 134u);
    EXPECT_EQ(executed.mrgSortList0, taken[0]);
    EXPECT_EQ(executed.mrgSortList1, taken[1]);
    EXPECT_EQ(executed.mrgSortList2, taken[2]);
    EXPECT_EQ(executed.mrgSortList3, 0);
    EXPECT_EQ(static_cast<std::size_t>(taken[0] + taken[1] + taken[2]), want.size());
    for (std::size_t k = 0; k < want.size(); ++k) {
        const Pair got = read_pair<half>(reinterpret_cast<std::byte*>(dst.data()), static_cast<int>(k));
        ASSERT_EQ(got.bits, want[k].bits) << k;
        ASSERT_EQ(got.index, want[k].index) << k;
    }
    for (int c = 4 * static_cast<int>(want.size()); c < 4 * 134; ++c)
        ASSERT_EQ(static_cast<float>(dst.GetElement(0, c)), 3.0f) << c;
}

TEST_P(SortApiTest, TmrgsortSingleTileMergesEachGroupOfFourBlocks) {
    using T = Tile<TileType::Vec, float, 1, 512>;
    T src, dst;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x1000);
    std::mt19937 rng(13);
    std::vector<std::vector<Pair>> blocks;
    // blockLen 64 floats = 32 pairs; 512 columns = 2 groups of 4 blocks.
    for (int b = 0; b < 8; ++b) {
        Tile<TileType::Vec, float, 1, 64> block;
        TASSIGN(block, 0x2000);
        blocks.push_back(fill_sorted_list(block, 32, 100 * b, rng));
        std::memcpy(reinterpret_cast<std::byte*>(src.data()) + 256 * b, block.data(), 256);
    }
    TMRGSORT(dst, src, 64);
    for (int g = 0; g < 2; ++g) {
        const std::vector<Pair> want =
            merge_oracle({blocks.begin() + 4 * g, blocks.begin() + 4 * g + 4}, false, nullptr);
        for (int k = 0; k < 128; ++k) {
            const Pair got = read_pair<float>(reinterpret_cast<std::byte*>(dst.data()), 128 * g + k);
            ASSERT_EQ(got.bits, want[k].bits) << "group " << g << " pair " << k;
            ASSERT_EQ(got.index, want[k].index) << "group " << g << " pair " << k;
        }
    }
}

TEST_P(SortApiTest, CpuProfileTypesThroughTheKernelCore) {
    // int32_t, int16_t and bfloat16 (pto-isa's CPU simulation) reach the same kernels through ptosim::ops.
    int32_t s32[32];
    uint32_t ids[32];
    for (int c = 0; c < 32; ++c) {
        s32[c] = (c * 7919) % 13 - 6;
        ids[c] = 40 - c;
    }
    s32[3] = INT32_MIN;
    alignas(8) int32_t out[64];
    const auto row = [](void* p, ptosim::DType t, int cols) {
        return ptosim::TileView{reinterpret_cast<std::byte*>(p), t, ptosim::Layout::row_major(1, cols), 1,
                                cols};
    };
    ptosim::ops::tsort32(row(out, ptosim::DType::S32, 64), row(s32, ptosim::DType::S32, 32),
                         row(ids, ptosim::DType::U32, 32), false);
    std::vector<std::pair<int32_t, uint32_t>> want;
    for (int c = 0; c < 32; ++c)
        want.emplace_back(s32[c], ids[c]);
    std::stable_sort(want.begin(), want.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (int k = 0; k < 32; ++k) {
        EXPECT_EQ(out[2 * k], want[k].first) << k;
        EXPECT_EQ(static_cast<uint32_t>(out[2 * k + 1]), want[k].second) << k;
    }
    EXPECT_EQ(out[62], INT32_MIN);

    int16_t s16[32];
    for (int c = 0; c < 32; ++c)
        s16[c] = static_cast<int16_t>((c % 5) - 2);
    alignas(8) int16_t out16[128];
    ptosim::ops::tsort32(row(out16, ptosim::DType::S16, 128), row(s16, ptosim::DType::S16, 32),
                         row(ids, ptosim::DType::U32, 32), false);
    EXPECT_EQ(out16[0], 2);
    EXPECT_EQ(out16[1], 0);
    EXPECT_EQ(out16[124], -2);
    uint32_t last_index;
    std::memcpy(&last_index, out16 + 126, 4);
    EXPECT_EQ(last_index, 40u) << "the -2 with the largest index (column 0) comes last";
}

TEST_P(SortApiTest, RunTimeChecksNameTheRuleAndWriteNothing) {
    using Src = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, DYNAMIC>;
    using Idx = Tile<TileType::Vec, uint32_t, 1, 64>;
    using Dst = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, 1, DYNAMIC>;
    Src src(40);
    Idx idx;
    Dst dst(80), small(60);
    TASSIGN(src, 0x0);
    TASSIGN(idx, 0x100);
    TASSIGN(dst, 0x200);
    TASSIGN(small, 0x400);
    for (int c = 0; c < 128; ++c) {
        dst.SetElement(0, c, 5.0f);
        small.SetElement(0, c, 5.0f);
    }
    EXPECT_CHECK_FAILS(TSORT32(dst, src, idx), "multiple of 32");
    Tile<TileType::Vec, float, 1, 64> tmp;
    TASSIGN(tmp, 0x600);
    EXPECT_CHECK_FAILS(TSORT32(small, src, idx, tmp), "dst's valid columns must hold");
    Tile<TileType::Vec, float, 1, 8> tiny_tmp;
    TASSIGN(tiny_tmp, 0x800);
    EXPECT_CHECK_FAILS(TSORT32(dst, src, idx, tiny_tmp), "tmp is smaller");
    for (int c = 0; c < 128; ++c) {
        ASSERT_EQ(dst.GetElement(0, c), 5.0f);
        ASSERT_EQ(small.GetElement(0, c), 5.0f);
    }

    using L = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, DYNAMIC>;
    L s0(64), s1(63), t(64);
    TASSIGN(s0, 0x1000);
    TASSIGN(s1, 0x1100);
    TASSIGN(t, 0x1200);
    MrgSortExecutedNumList executed{};
    EXPECT_CHECK_FAILS((TMRGSORT<Dst, L, L, L, false>(dst, executed, t, s0, s1)), "whole value-index pairs");
    L s2(64);
    TASSIGN(s2, 0x1300);
    EXPECT_CHECK_FAILS((TMRGSORT<Dst, L, L, L, false>(dst, executed, t, s0, s2)), "tmp's valid columns");
    EXPECT_CHECK_FAILS(TMRGSORT(dst, s0, 32), "multiple of 64");
    EXPECT_CHECK_FAILS(TMRGSORT(dst, s0, 64), "groups of four blocks");
    for (int c = 0; c < 128; ++c)
        ASSERT_EQ(dst.GetElement(0, c), 5.0f);
}

// Bits of a sort element type with many ties: both zeros, NaNs of several payloads and both signs,
// infinities, a few small numbers, and sometimes any bits at all (for the integer types, the extremes and
// small numbers).
uint32_t awkward_bits(ptosim::DType t, std::mt19937& rng) {
    using ptosim::DType;
    static const uint32_t f32[] = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000,
                                   0x7F800001, 0xFFFFFFFF, 0x3F800000, 0xBF800000, 0x3F000000, 0x00000001};
    static const uint32_t f16[] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE00,
                                   0x7C01, 0xFFFF, 0x3C00, 0xBC00, 0x3800, 0x0001};
    static const uint32_t bf16[] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC0,
                                    0x7F81, 0xFFFF, 0x3F80, 0xBF80, 0x3F00, 0x0001};
    static const uint32_t s32[] = {0x80000000, 0x7FFFFFFF, 0xFFFFFFFF, 0, 1, 2, 0xFFFFFFFE, 0x80000001};
    static const uint32_t s16[] = {0x8000, 0x7FFF, 0xFFFF, 0, 1, 2, 0xFFFE, 0x8001};
    const uint32_t any = rng();
    const bool wide = t == DType::F32 || t == DType::S32;
    if (rng() % 8 == 0)
        return wide ? any : any & 0xFFFF;
    switch (t) {
        case DType::F32:
            return f32[any % 12];
        case DType::F16:
            return f16[any % 12];
        case DType::BF16:
            return bf16[any % 12];
        case DType::S32:
            return s32[any % 8];
        default:
            return s16[any % 8];
    }
}

ptosim::TileView bytes_view(std::vector<std::byte>& buffer, ptosim::DType t, int rows, int cols,
                            int valid_rows, int valid_cols) {
    buffer.assign(static_cast<std::size_t>(rows) * cols * ptosim::dtype_size(t), std::byte{0x5A});
    return ptosim::TileView{buffer.data(), t, ptosim::Layout::row_major(rows, cols), valid_rows, valid_cols};
}

constexpr ptosim::DType kSortTypes[] = {ptosim::DType::F32, ptosim::DType::F16, ptosim::DType::BF16,
                                        ptosim::DType::S32, ptosim::DType::S16};

// The fast TSORT32 kernel is compiled for every Highway target: each supported one gives the reference's
// bytes, for every element type, on blocks of every length (short last blocks, fewer or more blocks than a
// vector has lanes), rows with their own or one shared idx row, and keys full of ties (equal values with
// equal indices, -0 with +0, NaNs of different bits).
TEST(SortKernels, Tsort32FastKernelMatchesTheReferenceOnEveryTarget) {
    std::mt19937 rng(17);
    for (const ptosim::DType t : kSortTypes) {
        const int per_pair = ptosim::sort::elems_per_pair(t);
        for (const int rows : {1, 3, 9}) {
            for (const int valid : {1, 7, 31, 32, 33, 64, 100, 160, 257}) {
                const int cols = (valid + 31) / 32 * 32;
                const bool shared_idx = rows > 1 && valid % 2 == 1;
                std::vector<std::byte> values, ids, want, got;
                const ptosim::TileView src = bytes_view(values, t, rows, cols, rows, valid);
                const ptosim::TileView idx =
                    bytes_view(ids, ptosim::DType::U32, rows, cols, shared_idx ? 1 : rows, cols);
                for (int r = 0; r < rows; ++r) {
                    for (int c = 0; c < cols; ++c) {
                        const uint32_t bits = awkward_bits(t, rng);
                        std::memcpy(src.data + (r * cols + c) * ptosim::dtype_size(t), &bits,
                                    ptosim::dtype_size(t));
                        const uint32_t id = rng() % 4 == 0 ? 0xFFFFFFFFu : rng() % 5;
                        std::memcpy(idx.data + (r * cols + c) * 4, &id, 4);
                    }
                }
                const ptosim::TileView dst_want =
                    bytes_view(want, t, rows, cols * per_pair, rows, cols * per_pair);
                {
                    ptosim::ScopedBackend ref(ptosim::Backend::Ref);
                    ptosim::ops::tsort32(dst_want, src, idx, true);
                }
                for (const int64_t target : hwy::SupportedAndGeneratedTargets()) {
                    hwy::SetSupportedTargetsForTest(target);
                    ptosim::ScopedBackend simd(ptosim::Backend::Simd);
                    const ptosim::TileView dst =
                        bytes_view(got, t, rows, cols * per_pair, rows, cols * per_pair);
                    ptosim::ops::tsort32(dst, src, idx, true);
                    EXPECT_EQ(got, want) << hwy::TargetName(target) << ", " << ptosim::dtype_cpp_name(t)
                                         << ", " << rows << " rows, " << valid << " valid columns";
                }
                hwy::SetSupportedTargetsForTest(0);
            }
        }
    }
}

// The value in a pair's low bytes, decoded here from the formats' definitions (every NaN is NaN).
double pair_value(ptosim::DType t, const std::byte* pair) {
    uint32_t b = 0;
    std::memcpy(&b, pair, ptosim::dtype_size(t));
    switch (t) {
        case ptosim::DType::F32:
            return static_cast<double>(std::bit_cast<float>(b));
        case ptosim::DType::BF16:
            return static_cast<double>(std::bit_cast<float>(b << 16));
        case ptosim::DType::F16: {
            const int exponent = static_cast<int>((b >> 10) & 31);
            const int mantissa = static_cast<int>(b & 1023);
            double v = exponent == 31  ? (mantissa != 0 ? std::numeric_limits<double>::quiet_NaN()
                                                        : std::numeric_limits<double>::infinity())
                       : exponent == 0 ? std::ldexp(mantissa, -24)
                                       : std::ldexp(mantissa + 1024, exponent - 25);
            return (b & 0x8000) ? -v : v;
        }
        case ptosim::DType::S32:
            return static_cast<int32_t>(b);
        default:
            return static_cast<int16_t>(static_cast<uint16_t>(b));
    }
}

// TMRGSORT's order of values: larger first, +0 == -0, NaNs after every number (all equal).
bool value_before(double a, double b) {
    if (std::isnan(a))
        return false;
    return std::isnan(b) || a > b;
}

// The documented merge, one pair at a time: the list whose next value is largest gives its next pair, the
// lowest such list on equal values; with `exhausted`, nothing more once a list has nothing left.
ptosim::sort::Executed oracle_merge(ptosim::DType t, const std::vector<std::vector<std::byte>>& lists,
                                    std::vector<std::byte>& out, bool exhausted) {
    ptosim::sort::Executed taken{};
    std::size_t o = 0;
    for (;;) {
        const auto left = [&](std::size_t l) { return taken[l] * 8u < lists[l].size(); };
        bool any_done = false;
        for (std::size_t l = 0; l < lists.size(); ++l)
            any_done = any_done || !left(l);
        if (exhausted && any_done)
            break;
        int pick = -1;
        double best = 0;
        for (std::size_t l = 0; l < lists.size(); ++l) {
            if (!left(l))
                continue;
            const double v = pair_value(t, lists[l].data() + taken[l] * 8);
            if (pick < 0 || value_before(v, best)) {
                pick = static_cast<int>(l);
                best = v;
            }
        }
        if (pick < 0)
            break;
        std::memcpy(out.data() + o, lists[pick].data() + taken[pick] * 8, 8);
        o += 8;
        ++taken[pick];
    }
    return taken;
}

// The first pair (of 8 bytes) where two buffers differ, or -1.
long first_difference(const std::vector<std::byte>& got, const std::vector<std::byte>& want) {
    const auto at = std::mismatch(got.begin(), got.end(), want.begin(), want.end());
    return at.first == got.end() ? -1 : static_cast<long>((at.first - got.begin()) / 8);
}

// The fast merge (a vector merge of sorted lists, the greedy loop for the others) gives the documented
// merge's bytes and counts on every target, for every element type: sorted lists full of ties (few distinct
// values, -0 with +0, NaNs of different bits, equal pairs), between lists and within one; 2 to 4 lists of any
// length (0, short, around the vector widths, long), with and without `exhausted`; lists that are not sorted
// (random, or sorted but for one swapped neighbour anywhere); bytes between a 2-byte value and its index that
// are not zero (the order ignores them, the copy keeps them); lists at any alignment.
TEST(SortKernels, MergeFastKernelMatchesTheOracleOnEveryTarget) {
    std::mt19937 rng(23);
    const std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
    for (const ptosim::DType t : kSortTypes) {
        const std::size_t value_bytes = ptosim::dtype_size(t);
        for (int round = 0; round < 400; ++round) {
            const int lists = 2 + round % 3;
            const int shape = static_cast<int>(rng() % 8);  // 0: unsorted, 1: one swap, else sorted
            std::vector<uint32_t> pool(1 + rng() % 5);
            for (uint32_t& v : pool)
                v = awkward_bits(t, rng);
            std::vector<std::vector<std::byte>> data(lists), placed(lists);
            std::vector<ptosim::sort::PairList> in;
            std::size_t total = 0;
            for (int l = 0; l < lists; ++l) {
                const int kind = static_cast<int>(rng() % 16);
                const int pairs = kind == 0   ? 0
                                  : kind < 13 ? static_cast<int>(rng() % 71)
                                              : 100 + static_cast<int>(rng() % 1100);
                std::vector<std::byte>& list = data[l];
                list.resize(static_cast<std::size_t>(pairs) * 8);
                for (int k = 0; k < pairs; ++k) {
                    const uint32_t value = rng() % 4 == 0 ? awkward_bits(t, rng) : pool[rng() % pool.size()];
                    const uint32_t index = rng() % 3 == 0 ? 7u : static_cast<uint32_t>(rng());
                    uint32_t slot = value;
                    if (value_bytes == 2 && rng() % 8 == 0)
                        slot |= static_cast<uint32_t>(rng()) << 16;
                    std::memcpy(list.data() + k * 8, &slot, 4);
                    std::memcpy(list.data() + k * 8 + 4, &index, 4);
                }
                if (shape != 0 && pairs > 0) {  // an empty list has no storage to copy
                    // Sorted by value alone, so equal values keep their random indices.
                    std::vector<std::array<std::byte, 8>> sorted(static_cast<std::size_t>(pairs));
                    std::memcpy(sorted.data(), list.data(), list.size());
                    std::stable_sort(sorted.begin(), sorted.end(), [&](const auto& a, const auto& b) {
                        return value_before(pair_value(t, a.data()), pair_value(t, b.data()));
                    });
                    std::memcpy(list.data(), sorted.data(), list.size());
                }
                if (shape == 1 && pairs >= 2) {
                    const int k = static_cast<int>(rng() % (pairs - 1));
                    std::swap_ranges(list.begin() + k * 8, list.begin() + k * 8 + 8,
                                     list.begin() + k * 8 + 8);
                }
                // The kernels get a copy at any alignment.
                const std::size_t shift = rng() % 8;
                placed[l].assign(shift + list.size(), std::byte{0});
                std::copy(list.begin(), list.end(), placed[l].begin() + static_cast<std::ptrdiff_t>(shift));
                in.push_back({placed[l].data() + shift, pairs});
                total += list.size();
            }
            for (const bool exhausted : {false, true}) {
                std::vector<std::byte> want(total + 64, std::byte{0x5A});
                const ptosim::sort::Executed want_taken = oracle_merge(t, data, want, exhausted);
                {
                    std::vector<std::byte> got(want.size(), std::byte{0x5A});
                    EXPECT_EQ(ptosim::ref::merge_pairs(t, in, got.data(), exhausted), want_taken);
                    EXPECT_EQ(first_difference(got, want), -1)
                        << "reference, " << ptosim::dtype_cpp_name(t) << ", round " << round;
                }
                for (const int64_t target : targets) {
                    hwy::SetSupportedTargetsForTest(target);
                    std::vector<std::byte> got(want.size(), std::byte{0x5A});
                    const ptosim::sort::Executed taken =
                        ptosim::simd::merge_pairs(t, in, got.data(), exhausted);
                    ASSERT_EQ(first_difference(got, want), -1)
                        << hwy::TargetName(target) << ", " << ptosim::dtype_cpp_name(t) << ", round " << round
                        << (exhausted ? ", exhausted" : "");
                    ASSERT_EQ(taken, want_taken) << hwy::TargetName(target) << ", round " << round;
                }
                hwy::SetSupportedTargetsForTest(0);
            }
        }
    }
}

}  // namespace
