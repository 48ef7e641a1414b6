// Top-k of float values by sorting, written as PTO device kernels (docs/examples.md): the hardware's own sort
// instructions, next to the radix select of topk.hpp.
//
// Each block streams its share of the values through the UB in chunks of kChunk:
//   1. TLOAD the chunk (a short last chunk is padded with -inf by TEXPANDS first), TCI its global indices;
//   2. TSORT32: value-index pairs, every block of 32 sorted, largest first;
//   3. TMRGSORT single-tile form with blockLen 64, 256, 1024, 4096: four-way merges until the chunk is one
//      sorted list of kChunk pairs;
//   4. TMRGSORT two-list form: the block's running best k pairs and the chunk's first k pairs, merged, first
//   k
//      kept (the merge writes the front of the merged list into a dst with fewer columns).
// A second launch (one block) merges the blocks' lists two at a time. Ties keep the smaller index first:
// TSORT32 breaks ties by index, and the merges take the head of the earlier list (lower indices) on equal
// values.
//
// Synchronisation: within a block the values tile v goes MTE2 -> V (an Event) and the index tile idx S -> V
// (TCI runs on the scalar unit); each has a reverse flag, set once before the chunk loop and waited once
// after it, that hands it back after TSORT32 has read it (V -> MTE2 for v, V -> S for idx). Everything else a
// block touches in the UB is the vector pipe's alone, until V -> MTE3 before the store of the block's list.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace topk_sort {

using namespace pto;

constexpr int kChunk = 8192;  // values sorted per pass (a whole row: TMRGSORT's groups fit exactly)
constexpr int kMaxK = 4096;   // the most pairs a block keeps

// UB map (bytes). A pair is two floats: the value, then the uint32_t index's bits.
constexpr int kValuesUb = 0x00000;  // kChunk values
constexpr int kIndexUb = 0x08000;   // kChunk indices
constexpr int kPairsAUb = 0x10000;  // 2 x kChunk: sort ping
constexpr int kPairsBUb = 0x20000;  // 2 x kChunk: sort pong
constexpr int kBestAUb = 0x30000;   // 2 x kMaxK: the running best
constexpr int kBestBUb = 0x38000;   // 2 x kMaxK
constexpr int kTmpUb = 0x40000;     // 4 x kMaxK: the two-list merge's scratch
constexpr int kUbEnd = 0x50000;
static_assert(kUbEnd <= 512 * 1024, "the sort top-k kernel's tiles must fit the 512 KiB UB");

using ValueTile = Tile<TileType::Vec, float, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
using IndexTile = Tile<TileType::Vec, uint32_t, 1, kChunk>;
using PairTile = Tile<TileType::Vec, float, 1, 2 * kChunk>;
using ListTile = Tile<TileType::Vec, float, 1, 2 * kMaxK, BLayout::RowMajor, 1, DYNAMIC>;
using MergeTmpTile = Tile<TileType::Vec, float, 1, 4 * kMaxK, BLayout::RowMajor, 1, DYNAMIC>;

template <typename T>
using Span = GlobalTensor<T, Shape<1, 1, 1, 1, DYNAMIC>, Stride<1, 1, 1, 1, 1>>;
template <typename T>
Span<T> span(__gm__ T* p, int64_t n) {
    return Span<T>(p, typename Span<T>::Shape(n));
}

// The merge of two sorted lists of k pairs into dst's first k pairs.
inline void merge_best(ListTile& dst, ListTile& a, ListTile& b, MergeTmpTile& tmp) {
    MrgSortExecutedNumList executed{};
    TMRGSORT<ListTile, MergeTmpTile, ListTile, ListTile, false>(dst, executed, tmp, a, b);
}

// Block b of block_num sorts the chunks [b * per, (b + 1) * per) of values[0, n) and writes its best k pairs
// (fewer when it has fewer values: then `k_here` pairs) to lists + b * 2k. 1 <= k <= kMaxK.
AICORE void BlockTopK(__gm__ float __out__* lists, __gm__ float __in__* values, int64_t n, int64_t k) {
    const int64_t block = get_block_idx(), blocks = get_block_num();
    const int64_t chunks = (n + kChunk - 1) / kChunk;
    const int64_t per = (chunks + blocks - 1) / blocks;
    const int64_t first = std::min(chunks, block * per), last = std::min(chunks, first + per);
    if (first == last)
        return;
    ValueTile v(kChunk);
    IndexTile idx;
    PairTile pa, pb;
    ListTile best(static_cast<int>(2 * k)), next(static_cast<int>(2 * k)), head(static_cast<int>(2 * k));
    MergeTmpTile tmp(static_cast<int>(4 * k));
    TASSIGN(v, kValuesUb);
    TASSIGN(idx, kIndexUb);
    TASSIGN(pa, kPairsAUb);
    TASSIGN(pb, kPairsBUb);
    TASSIGN(best, kBestAUb);
    TASSIGN(next, kBestBUb);
    TASSIGN(head, kPairsAUb);  // the sorted chunk's first k pairs: a window on pa
    TASSIGN(tmp, kTmpUb);
    int64_t have = 0;                        // pairs in `best`
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // v starts free
    set_flag(PIPE_V, PIPE_S, EVENT_ID0);     // idx starts free
    for (int64_t c = first; c < last; ++c) {
        const int64_t at = c * kChunk;
        const auto len = static_cast<int>(std::min<int64_t>(kChunk, n - at));
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the last TSORT32 has read v
        if (len < kChunk) {
            v.SetValidCol(kChunk);
            TEXPANDS(v, -std::numeric_limits<float>::infinity());
            set_flag(PIPE_V, PIPE_MTE2, EVENT_ID1);  // the padding is written before the TLOAD overwrites it
            wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID1);
        }
        v.SetValidCol(len);
        auto src = span(values + at, len);
        Event<Op::TLOAD, Op::TSORT32> loaded = TLOAD(v, src);
        v.SetValidCol(kChunk);
        wait_flag(PIPE_V, PIPE_S, EVENT_ID0);  // the last TSORT32 has read idx
        TCI<IndexTile, uint32_t, 0>(idx, static_cast<uint32_t>(at));
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the indices are written before TSORT32 reads them
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
        TSYNC(loaded);
        TSORT32(pa, v, idx);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // v may be loaded again
        set_flag(PIPE_V, PIPE_S, EVENT_ID0);     // idx may be written again
        TMRGSORT(pb, pa, 64);
        TMRGSORT(pa, pb, 256);
        TMRGSORT(pb, pa, 1024);
        TMRGSORT(pa, pb, 4096);
        // The chunk's pairs past n are (-inf, index >= n): they sort after every real pair.
        const int64_t take = std::min<int64_t>(k, have + len);
        if (have == 0) {
            best.SetValidCol(static_cast<int>(2 * take));
            head.SetValidCol(static_cast<int>(2 * take));
            TMOV(best, head);
        } else {
            head.SetValidCol(static_cast<int>(2 * std::min<int64_t>(k, len)));
            next.SetValidCol(static_cast<int>(2 * take));
            tmp.SetValidCol(static_cast<int>(2 * have + head.GetValidCol()));
            merge_best(next, best, head, tmp);
            std::swap(best, next);
        }
        have = take;
    }
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);  // the block's list is merged before the store reads it
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    auto dst = span(lists + block * 2 * k, 2 * have);
    TSTORE(dst, best);
}

// One block: merges the lists of `blocks` blocks (block b's holds min(k, its value count) pairs) into the
// first k pairs of out.
AICORE void MergeLists(__gm__ float __out__* out, __gm__ float __in__* lists, int64_t n, int64_t k,
                       int64_t blocks) {
    const int64_t chunks = (n + kChunk - 1) / kChunk;
    const int64_t per = (chunks + blocks - 1) / blocks;
    ListTile best(static_cast<int>(2 * k)), next(static_cast<int>(2 * k)), list(static_cast<int>(2 * k));
    MergeTmpTile tmp(static_cast<int>(4 * k));
    TASSIGN(best, kBestAUb);
    TASSIGN(next, kBestBUb);
    TASSIGN(list, kPairsAUb);
    TASSIGN(tmp, kTmpUb);
    int64_t have = 0;
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // list starts free
    for (int64_t b = 0; b < blocks; ++b) {
        const int64_t first = std::min(chunks, b * per), last = std::min(chunks, first + per);
        const int64_t count = std::min(n, last * kChunk) - std::min(n, first * kChunk);
        if (count <= 0)
            continue;
        const int64_t pairs = std::min<int64_t>(k, count);
        if (have == 0) {
            best.SetValidCol(static_cast<int>(2 * pairs));
            auto src = span(lists + b * 2 * k, 2 * pairs);
            TLOAD(best, src);
            have = pairs;
            continue;
        }
        list.SetValidCol(static_cast<int>(2 * pairs));
        auto src = span(lists + b * 2 * k, 2 * pairs);
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the last merge has read list
        Event<Op::TLOAD, Op::TMRGSORT> loaded = TLOAD(list, src);
        const int64_t take = std::min<int64_t>(k, have + pairs);
        next.SetValidCol(static_cast<int>(2 * take));
        tmp.SetValidCol(static_cast<int>(2 * (have + pairs)));
        TSYNC(loaded);
        merge_best(next, best, list, tmp);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // list may be loaded again
        std::swap(best, next);
        have = take;
    }
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);  // the merged list is written before the store reads it
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);  // with a single list, the store reads it as TLOAD wrote it
    wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    auto dst = span(out, 2 * have);
    TSTORE(dst, best);
}

// Host side: device buffers for one selection and the launches.
struct DeviceBuffers {
    int64_t max_n = 0, max_k = 0, blocks = 1;
    float* values = nullptr;
    float* lists = nullptr;  // blocks x 2k
    float* out = nullptr;    // 2k: the k largest (value, index bits) pairs, largest first

    DeviceBuffers(int64_t n, int64_t k, int64_t nblocks) : max_n(n), max_k(k), blocks(nblocks) {
        const auto vb = static_cast<size_t>(std::max<int64_t>(n, 1)) * sizeof(float);
        const auto kb = static_cast<size_t>(std::max<int64_t>(k, 1)) * 2 * sizeof(float);
        aclrtMalloc(reinterpret_cast<void**>(&values), vb, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&lists), kb * static_cast<size_t>(blocks),
                    ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&out), kb, ACL_MEM_MALLOC_HUGE_FIRST);
    }
    ~DeviceBuffers() {
        aclrtFree(values);
        aclrtFree(lists);
        aclrtFree(out);
    }
    DeviceBuffers(const DeviceBuffers&) = delete;
    DeviceBuffers& operator=(const DeviceBuffers&) = delete;
};

// The k largest of b.values[0, n) into b.out, largest first (ties: smaller index first). 1 <= k <= min(n,
// kMaxK).
inline void Select(DeviceBuffers& b, int64_t n, int64_t k) {
    PTOSIM_CHECK(k >= 1 && k <= n && k <= kMaxK && n <= b.max_n && k <= b.max_k && n < (int64_t{1} << 31),
                 "topk_sort::Select", "needs 1 <= k <= min(n, 4096), n < 2^31, within the buffers' sizes",
                 {"n", n}, {"k", k});
    const int64_t chunks = (n + kChunk - 1) / kChunk;
    const auto blocks = static_cast<uint32_t>(std::min<int64_t>(b.blocks, chunks));
    ptosim::launch(blocks, BlockTopK, b.lists, b.values, n, k);
    ptosim::launch(1, MergeLists, b.out, b.lists, n, k, static_cast<int64_t>(blocks));
}

}  // namespace topk_sort
