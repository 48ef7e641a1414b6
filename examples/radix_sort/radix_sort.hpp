// MSB-first radix sorts of uint16_t and uint32_t keys, written as PTO device kernels (docs/examples.md
// walks through them).
//
// Every sort is three kernel launches, each on `blocks` simulated cores:
//   1. Histogram: each block counts the top byte of its slice of the input (TLOAD, THISTOGRAM BYTE_1 or
//      BYTE_3 without a filter) and stores its 256 cumulative counts.
//   2. Scatter: each block turns all blocks' counts into its own start offsets and distributes its slice
//      into the 256 top-byte buckets of a scratch array (TLOAD, ranks by the scalar unit, MSCATTER Elem).
//   3. Buckets: each block sorts a contiguous run of buckets.
//      uint16_t: THISTOGRAM BYTE_0 whose per-row filter idx[r, 0] names the bucket of row r, so one call
//      counts the low bytes of many buckets; each bucket is then regenerated from its counts (runs of
//      equal keys stored with TSTORE: no second scatter). TEXPANDS pads the rows.
//      uint32_t: the cascade continues below the top byte: THISTOGRAM BYTE_2 filtered on the top byte
//      (idx[0, 0]), BYTE_1 on the top two bytes (idx[0..1, 0]), BYTE_0 on the top three (idx[0..2, 0]).
//      Each level distributes with MSCATTER into the other scratch array, where the range stays in
//      cache; buckets of at most kSmall keys are finished in the UB by the scalar unit, and at the last
//      byte the keys are regenerated from the counts.
//
// Tile instructions do all data movement and counting (TLOAD, TSTORE, THISTOGRAM, MSCATTER, TEXPANDS). The
// scalar unit does what the AI core's scalar unit does on the device: prefix sums over 256 counters, each
// key's destination rank (the running offset of its bucket), run-length fills and the sorts of tiny buckets,
// reading and writing the UB tiles through tile.data().
//
// Synchronisation: each hand-over of a UB tile (or of a range of global memory) from one pipe to another has
// its flag, as on the device: MTE2 -> V (an Event or a flag) before THISTOGRAM reads loaded keys, MTE2 -> S
// before the scalar unit reads them, S -> V before a vector instruction (THISTOGRAM, MSCATTER) reads what the
// scalar unit wrote (filter bytes, ranks), V -> S before it reads counts, S -> MTE3 before a TSTORE of keys
// it wrote, MTE3 -> S before it overwrites keys a TSTORE may still be reading. The streaming loops of kernels
// 1 and 2 hand the key tile back to MTE2 with a reverse flag (V -> MTE2), set once before the loop and waited
// once after it; the uint32_t cascade, whose sequence of instructions depends on the data, waits V -> MTE2
// and MTE3 -> MTE2 before each TLOAD instead.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace radix {

using namespace pto;

// Keys per UB tile: two tiles of them (keys and destination ranks) fill half of the 512 KiB UB.
constexpr int kChunk = 32768;
// Buckets this small are finished by a small sort in the UB (scalar unit) instead of another THISTOGRAM
// level: below this size the fixed cost of the instruction calls of a level exceeds the sort.
constexpr int kSmall = 64;

using Counts = std::array<uint32_t, 256>;

// A range of keys in global memory as a 1 x n tensor.
template <typename T>
using Span = GlobalTensor<T, Shape<1, 1, 1, 1, DYNAMIC>, Stride<1, 1, 1, 1, 1>>;
template <typename T>
Span<T> span(__gm__ T* p, int64_t n) {
    return Span<T>(p, typename Span<T>::Shape(n));
}

using HistTile = Tile<TileType::Vec, uint32_t, 1, 256>;

// The slice [begin, end) of n keys that block b of `blocks` takes.
inline int64_t slice_begin(int64_t n, int64_t b, int64_t blocks) {
    return n * b / blocks;
}

// Counts of each byte value from a row of cumulative counts.
inline void counts_from_cumulative(const uint32_t* cum, Counts& counts) {
    uint32_t below = 0;
    for (int b = 0; b < 256; ++b) {
        counts[b] = cum[b] - below;
        below = cum[b];
    }
}

// Kernel 3 gives block b the buckets [first_bucket(b), first_bucket(b + 1)): contiguous runs of buckets
// holding about n / blocks keys each. first_bucket(b) is the first bucket d whose predecessors hold at least
// n * b / blocks keys (256 for b == blocks).
inline int first_bucket(const Counts& total, int64_t blocks, int64_t b) {
    if (b >= blocks)
        return 256;
    int64_t n = 0;
    for (uint32_t c : total)
        n += c;
    const int64_t target = n * b / blocks;
    int64_t seen = 0;
    int d = 0;
    while (d < 256 && seen < target)
        seen += total[static_cast<size_t>(d++)];
    return d;
}

// Global top-byte counts from the per-block cumulative rows that kernel 1 stored.
inline void total_counts(__gm__ const uint32_t* hist, int64_t blocks, Counts& total) {
    total.fill(0);
    for (int64_t b = 0; b < blocks; ++b) {
        Counts c;
        counts_from_cumulative(hist + b * 256, c);
        for (int d = 0; d < 256; ++d)
            total[d] += c[d];
    }
}

// ------------------------------------------------------------------------------------------------------------
// Kernels 1 and 2, shared by both key types.
// ------------------------------------------------------------------------------------------------------------

// UB map of kernels 1 and 2 (bytes).
constexpr int kKeysUb = 0x00000;   // kChunk keys
constexpr int kRanksUb = 0x20000;  // kChunk uint32_t destination ranks
constexpr int kHistUb = 0x40000;   // 4 x 256 uint32_t cumulative counts
constexpr int kIdxUb = 0x41000;    // THISTOGRAM filter bytes

template <typename T>
constexpr HistByte top_byte() {
    return sizeof(T) == 2 ? HistByte::BYTE_1 : HistByte::BYTE_3;
}

// Kernel 1: per block, the cumulative counts of the top byte of its slice -> hist[block, 0..255].
template <typename T>
AICORE void TopByteHistogram(__gm__ uint32_t __out__* hist, __gm__ T __in__* keys, int64_t n) {
    using KeyTile = Tile<TileType::Vec, T, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
    using Idx = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor>;  // unused by the unfiltered top byte
    const int64_t blocks = get_block_num(), block = get_block_idx();
    const int64_t begin = slice_begin(n, block, blocks), end = slice_begin(n, block + 1, blocks);
    KeyTile tile(kChunk);
    HistTile counts, sum;
    Idx idx;
    TASSIGN(tile, kKeysUb);
    TASSIGN(counts, kHistUb);
    TASSIGN(sum, kHistUb + 1024);
    TASSIGN(idx, kIdxUb);
    uint32_t* acc = sum.data();
    std::fill_n(acc, 256, 0u);
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the tile starts free
    for (int64_t at = begin; at < end; at += kChunk) {
        const auto len = static_cast<int>(std::min<int64_t>(kChunk, end - at));
        tile.SetValidCol(len);
        auto src = span(keys + at, len);
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the last THISTOGRAM has read the tile
        Event<Op::TLOAD, Op::THISTOGRAM> loaded = TLOAD(tile, src);
        THISTOGRAM<top_byte<T>()>(counts, tile, idx, loaded);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the tile may be loaded again
        set_flag(PIPE_V, PIPE_S, EVENT_ID0);     // the counts are written before the scalar unit adds them
        wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
        // Sums of cumulative rows are the cumulative row of the sums (scalar unit, 256 adds per chunk).
        const uint32_t* c = counts.data();
        for (int d = 0; d < 256; ++d)
            acc[d] += c[d];
    }
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    auto out = span(hist + block * 256, 256);
    set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);  // the sums are written before the store reads them
    wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
    TSTORE(out, sum);
}

// Kernel 2: distribute the block's slice into the top-byte buckets of `scratch`. The block's start offset in
// bucket d is (keys of all blocks in buckets < d) + (keys of earlier blocks in bucket d).
template <typename T>
AICORE void TopByteScatter(__gm__ T __out__* scratch, __gm__ T __in__* keys, __gm__ uint32_t __in__* hist,
                           int64_t n) {
    using KeyTile = Tile<TileType::Vec, T, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
    using RankTile = Tile<TileType::Vec, uint32_t, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
    const int64_t blocks = get_block_num(), block = get_block_idx();
    const int64_t begin = slice_begin(n, block, blocks), end = slice_begin(n, block + 1, blocks);
    KeyTile tile(kChunk);
    RankTile ranks(kChunk);
    TASSIGN(tile, kKeysUb);
    TASSIGN(ranks, kRanksUb);

    // Offsets, from every block's counts (the scalar unit reads them from global memory).
    Counts next{};
    {
        Counts total;
        total_counts(hist, blocks, total);
        uint32_t start = 0;
        for (int d = 0; d < 256; ++d) {
            next[d] = start;
            start += total[d];
        }
        for (int64_t b = 0; b < block; ++b) {
            Counts c;
            counts_from_cumulative(hist + b * 256, c);
            for (int d = 0; d < 256; ++d)
                next[d] += c[d];
        }
    }
    auto table = span(scratch, n);
    constexpr int shift = 8 * (sizeof(T) - 1);
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the tile starts free
    for (int64_t at = begin; at < end; at += kChunk) {
        const auto len = static_cast<int>(std::min<int64_t>(kChunk, end - at));
        tile.SetValidCol(len);
        ranks.SetValidCol(len);
        auto src = span(keys + at, len);
        // The last MSCATTER has read the tile; and the ranks, which the scalar unit rewrites only after this
        // TLOAD.
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        TLOAD(tile, src);
        set_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);  // the keys are loaded before the scalar unit reads them
        wait_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
        // Each key's rank: the running offset of its bucket (keys of one bucket keep their order).
        const T* k = tile.data();
        uint32_t* r = ranks.data();
        for (int i = 0; i < len; ++i)
            r[i] = next[k[i] >> shift]++;
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the ranks are written before MSCATTER (V pipe) reads them
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
        MSCATTER<Coalesce::Elem>(table, tile, ranks);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the tile may be loaded again
    }
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
}

// ------------------------------------------------------------------------------------------------------------
// Kernel 3, uint16_t: per-row filtered low-byte histograms and regeneration from the counts.
// ------------------------------------------------------------------------------------------------------------

namespace u16 {

constexpr int kRowKeys = 1024;  // keys per THISTOGRAM row
constexpr int kRows = 64;       // rows per THISTOGRAM call
constexpr int kOutKeys = 65536;

// UB map (bytes).
constexpr int kRowsUb = 0x00000;  // kRows x kRowKeys keys (128 KiB)
constexpr int kCumUb = 0x20000;   // kRows x 256 cumulative counts (64 KiB)
constexpr int kOutUb = 0x30000;   // kOutKeys regenerated keys (128 KiB) + kRunSlack
constexpr int kIdxUb = 0x50040;   // kRows filter bytes, one per row
constexpr int kRunSlack = 16;     // keys a run fill may write past its end (overwritten by the next run)
static_assert(kOutUb + (kOutKeys + kRunSlack) * 2 <= kIdxUb && kIdxUb + kRows <= 512 * 1024,
              "u16 bucket kernel: UB regions overlap");

using RowsTile = Tile<TileType::Vec, uint16_t, kRows, kRowKeys, BLayout::RowMajor, DYNAMIC, kRowKeys>;
using RowTile = Tile<TileType::Vec, uint16_t, 1, kRowKeys, BLayout::RowMajor, 1, DYNAMIC>;
using CumTile = Tile<TileType::Vec, uint32_t, kRows, 256, BLayout::RowMajor, DYNAMIC, 256>;
using IdxTile = Tile<TileType::Vec, uint8_t, kRows, 1, BLayout::ColMajor, DYNAMIC, 1>;
using OutTile = Tile<TileType::Vec, uint16_t, 1, kOutKeys, BLayout::RowMajor, 1, DYNAMIC>;

// One row of a batch: a segment of one bucket.
struct Segment {
    int bucket;
    int64_t at;  // first key in the source array
    int len;
    bool last;  // the bucket's last segment
};

struct Buckets {
    __gm__ uint16_t* out;
    __gm__ uint16_t* src;
    Counts start;  // first key of each bucket
    Counts size;
    RowsTile rows{kRows};
    CumTile cum{kRows};
    IdxTile idx{kRows};
    OutTile keys{kOutKeys};
    Counts low{};  // low-byte counts of the bucket being counted
    std::array<Segment, kRows> batch{};
    int batch_rows = 0;

    Buckets() {
        TASSIGN(rows, kRowsUb);
        TASSIGN(cum, kCumUb);
        TASSIGN(idx, kIdxUb);
        TASSIGN(keys, kOutUb);
    }

    // Regenerate bucket h from its low-byte counts: runs of equal keys, stored kOutKeys at a time.
    void emit(int h) {
        int64_t at = start[h];
        int fill = 0;
        uint16_t* ub = keys.data();
        auto flush = [&] {
            keys.SetValidCol(fill);
            auto dst = span(out + at, fill);
            set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);  // the runs are written before the store reads them
            wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
            TSTORE(dst, keys);
            set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);  // the store has read them before the next runs do
            wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
            at += fill;
            fill = 0;
        };
        for (int l = 0; l < 256; ++l) {
            uint32_t run = low[l];
            const auto key = static_cast<uint16_t>(h << 8 | l);
            while (run > 0) {
                const auto take = static_cast<int>(std::min<uint32_t>(run, kOutKeys - fill));
                // Runs are short when buckets are small: write whole blocks of kRunSlack keys (fixed-size
                // stores) and let the next run overwrite the excess.
                for (int i = 0; i < take; i += kRunSlack) {
                    for (int j = 0; j < kRunSlack; ++j)
                        ub[fill + i + j] = key;
                }
                fill += take;
                run -= take;
                if (fill == kOutKeys)
                    flush();
            }
        }
        if (fill > 0)
            flush();
        low.fill(0);
    }

    // Count the batch's rows with one THISTOGRAM call: row r keeps the keys whose high byte is idx[r, 0].
    void flush_batch() {
        if (batch_rows == 0)
            return;
        // Pad the rows with a key whose high byte names no bucket of this batch, so padding is never counted.
        std::array<bool, 256> used{};
        for (int r = 0; r < batch_rows; ++r)
            used[static_cast<size_t>(batch[r].bucket)] = true;
        int pad = 0;
        while (used[static_cast<size_t>(pad)])
            ++pad;
        rows.SetValidRow(batch_rows);
        cum.SetValidRow(batch_rows);
        idx.SetValidRow(batch_rows);
        TEXPANDS(rows, static_cast<uint16_t>(pad << 8));
        pipe_barrier(PIPE_ALL);  // the padding is written before the row TLOADs overwrite its front
        RowTile row(kRowKeys);
        for (int r = 0; r < batch_rows; ++r) {
            TASSIGN(row, kRowsUb + r * kRowKeys * static_cast<int>(sizeof(uint16_t)));
            row.SetValidCol(batch[r].len);
            auto seg = span(src + batch[r].at, batch[r].len);
            TLOAD(row, seg);
            idx.SetElement(r, 0, static_cast<uint8_t>(batch[r].bucket));
        }
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);  // every row is loaded (MTE2 runs in order) before THISTOGRAM
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);     // and the filter bytes are written
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
        THISTOGRAM<HistByte::BYTE_0>(cum, rows, idx);
        set_flag(PIPE_V, PIPE_S, EVENT_ID0);  // the counts are written before the scalar unit reads them
        wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
        for (int r = 0; r < batch_rows; ++r) {
            const uint32_t* c = cum.data() + r * 256;
            uint32_t below = 0;
            for (int l = 0; l < 256; ++l) {
                low[l] += c[l] - below;
                below = c[l];
            }
            if (batch[r].last)
                emit(batch[r].bucket);
        }
        batch_rows = 0;
    }

    void add(int h) {
        const int64_t begin = start[h], end = begin + size[h];
        for (int64_t at = begin; at < end; at += kRowKeys) {
            const auto len = static_cast<int>(std::min<int64_t>(kRowKeys, end - at));
            batch[static_cast<size_t>(batch_rows++)] = {h, at, len, at + len == end};
            if (batch_rows == kRows)
                flush_batch();
        }
    }
};

}  // namespace u16

// Kernel 3 for uint16_t keys: block b regenerates its run of buckets from `src` (the bucketed scratch array,
// or the input itself when every key has the same high byte) into `out`.
AICORE void SortBucketsU16(__gm__ uint16_t __out__* out, __gm__ uint16_t __in__* src,
                           __gm__ uint32_t __in__* hist, int64_t n) {
    (void)n;
    const int64_t blocks = get_block_num(), block = get_block_idx();
    Counts total;
    total_counts(hist, blocks, total);
    u16::Buckets k;
    k.out = out;
    k.src = src;
    uint32_t at = 0;
    for (int d = 0; d < 256; ++d) {
        k.start[d] = at;
        k.size[d] = total[d];
        at += total[d];
    }
    const int last = first_bucket(total, blocks, block + 1);
    for (int h = first_bucket(total, blocks, block); h < last; ++h) {
        if (k.size[h] > 0)
            k.add(h);
    }
    k.flush_batch();
}

// ------------------------------------------------------------------------------------------------------------
// Kernel 3, uint32_t: the THISTOGRAM cascade below the top byte.
// ------------------------------------------------------------------------------------------------------------

namespace u32 {

// UB map (bytes).
constexpr int kKeysUb = 0x00000;   // kChunk keys (128 KiB)
constexpr int kRanksUb = 0x20000;  // kChunk destination ranks (128 KiB)
constexpr int kHistUb = 0x40000;   // one 256-count row per byte level
constexpr int kIdxUb = 0x41000;    // filter bytes idx[0..2, 0]

using KeyTile = Tile<TileType::Vec, uint32_t, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
using RankTile = Tile<TileType::Vec, uint32_t, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
using IdxTile =
    Tile<TileType::Vec, uint8_t, 4, 32>;  // idx[0, 0] = byte 3, idx[1, 0] = byte 2, idx[2, 0] = byte 1

// Small sorts of the scalar unit, for buckets of at most kSmall keys.
// Odd-even transposition sort: `passes` rounds of compare-exchange of neighbours, without branches (the
// compiler vectorises them). It sorts every bucket of at most `passes` keys of a tile that is already ordered
// by bucket: a compare-exchange across a bucket boundary never swaps, so each bucket runs its own
// transposition sort, which needs as many rounds as it has keys. Cheapest when buckets hold a few keys each.
inline void transposition_sort(uint32_t* a, int n, int passes) {
    for (int p = 0; p < passes; ++p) {
        for (int i = p & 1; i + 1 < n; i += 2) {
            const uint32_t x = a[i], y = a[i + 1];
            a[i] = x < y ? x : y;
            a[i + 1] = x < y ? y : x;
        }
    }
}
// Rank sort: each key's position is the number of keys that precede it in sorted order. Branch-free and
// vectorisable, so it beats insertion sort once buckets hold more than a few random keys.
inline void rank_sort(uint32_t* a, int n) {
    std::array<uint32_t, kSmall> copy;
    std::copy_n(a, n, copy.begin());
    for (int i = 0; i < n; ++i) {
        const uint32_t v = copy[static_cast<size_t>(i)];
        int r = 0;
        for (int j = 0; j < i; ++j)
            r += copy[static_cast<size_t>(j)] <= v ? 1 : 0;
        for (int j = i + 1; j < n; ++j)
            r += copy[static_cast<size_t>(j)] < v ? 1 : 0;
        a[r] = v;
    }
}
inline void small_sort(uint32_t* a, int n) {
    if (n == 2) {
        const uint32_t x = a[0], y = a[1];
        a[0] = std::min(x, y);
        a[1] = std::max(x, y);
    } else if (n > 2) {
        rank_sort(a, n);
    }
}

// Sorts ranges of keys that share their bytes above `byte`, always writing the sorted range to `out`. A range
// is read from `src`; `other` (tmp or out, never src) takes the next distribution.
struct Sorter {
    __gm__ uint32_t* out;
    __gm__ uint32_t* tmp;
    KeyTile keys{kChunk};
    RankTile ranks{kChunk};
    std::array<HistTile, 4> hist;
    IdxTile idx;

    Sorter() {
        TASSIGN(keys, kKeysUb);
        TASSIGN(ranks, kRanksUb);
        for (int b = 0; b < 4; ++b)
            TASSIGN(hist[static_cast<size_t>(b)], kHistUb + b * 1024);
        TASSIGN(idx, kIdxUb);
    }

    __gm__ uint32_t* after(__gm__ uint32_t* other) const { return other == tmp ? out : tmp; }

    void load(__gm__ uint32_t* from, int64_t n) {
        keys.SetValidCol(static_cast<int>(n));
        auto g = span(from, n);
        // The keys tile's last readers are done before the TLOAD overwrites it, and what they wrote to global
        // memory is there before it reads: THISTOGRAM and MSCATTER (V), TSTORE (MTE3).
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        TLOAD(keys, g);
        set_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);  // the keys are loaded before the scalar unit reads them
        wait_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
    }
    void store(__gm__ uint32_t* to, int64_t n) {
        keys.SetValidCol(static_cast<int>(n));
        auto g = span(to, n);
        set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);  // the scalar unit's writes are done before the store
        wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
        TSTORE(g, keys);
    }

    // THISTOGRAM of `byte` over the keys tile, filtered on the prefix bytes above it; returns the counts.
    const uint32_t* count(int byte, uint32_t prefix) {
        idx.SetElement(0, 0, static_cast<uint8_t>(prefix >> 24));
        idx.SetElement(1, 0, static_cast<uint8_t>(prefix >> 16));
        idx.SetElement(2, 0, static_cast<uint8_t>(prefix >> 8));
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the filter bytes are written before THISTOGRAM reads them
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
        HistTile& h = hist[static_cast<size_t>(byte)];
        switch (byte) {
            case 3:
                THISTOGRAM<HistByte::BYTE_3>(h, keys, idx);
                break;
            case 2:
                THISTOGRAM<HistByte::BYTE_2>(h, keys, idx);
                break;
            case 1:
                THISTOGRAM<HistByte::BYTE_1>(h, keys, idx);
                break;
            default:
                THISTOGRAM<HistByte::BYTE_0>(h, keys, idx);
                break;
        }
        set_flag(PIPE_V, PIPE_S, EVENT_ID0);  // the counts are written before the scalar unit reads them
        wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
        return h.data();
    }

    // Destination ranks of the keys tile by `byte`, from running bucket offsets.
    void rank(int n, int byte, Counts& next) {
        const uint32_t* k = keys.data();
        uint32_t* r = ranks.data();
        const int shift = 8 * byte;
        for (int i = 0; i < n; ++i)
            r[i] = next[(k[i] >> shift) & 0xFFu]++;
    }

    void scatter(__gm__ uint32_t* to, int64_t table_n, int n) {
        ranks.SetValidCol(n);
        auto table = span(to, table_n);
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the ranks are written before MSCATTER (V pipe) reads them
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
        MSCATTER<Coalesce::Elem>(table, keys, ranks);
    }

    // Regenerates keys prefix | b from the last byte's counts into the keys tile (from position 0).
    void regenerate(const Counts& counts, uint32_t prefix, int n) {
        uint32_t* k = keys.data();
        int at = 0;
        for (int b = 0; b < 256 && at < n; ++b) {
            std::fill_n(k + at, counts[static_cast<size_t>(b)], prefix | static_cast<uint32_t>(b));
            at += static_cast<int>(counts[static_cast<size_t>(b)]);
        }
    }

    void sort(__gm__ uint32_t* src, __gm__ uint32_t* other, int64_t begin, int64_t n, int byte,
              uint32_t prefix) {
        if (n <= 0)
            return;
        if (n <= kSmall) {
            load(src + begin, n);
            small_sort(keys.data(), static_cast<int>(n));
            store(out + begin, n);
            return;
        }
        if (n <= kChunk) {
            sort_in_ub(src, other, begin, static_cast<int>(n), byte, prefix);
        } else {
            sort_chunked(src, other, begin, n, byte, prefix);
        }
    }

    // The range fits the UB: one TLOAD, then THISTOGRAM levels on the resident tile until the keys split.
    void sort_in_ub(__gm__ uint32_t* src, __gm__ uint32_t* other, int64_t begin, int n, int byte,
                    uint32_t prefix) {
        load(src + begin, n);
        const uint32_t* cum;
        for (;;) {
            cum = count(byte, prefix);
            // One bucket holds every key when the first non-empty bucket's cumulative count is already n.
            int first = 0;
            while (cum[first] == 0)
                ++first;
            if (cum[first] != static_cast<uint32_t>(n))
                break;
            // Every key has the same byte here: nothing moves; count the next byte of the same tile.
            prefix |= static_cast<uint32_t>(first) << (8 * byte);
            if (byte == 0) {
                if (src != out)
                    store(out + begin, n);
                return;
            }
            --byte;
        }
        if (byte == 0) {
            Counts counts;
            counts_from_cumulative(cum, counts);
            regenerate(counts, prefix, n);
            store(out + begin, n);
            return;
        }
        // A bucket starts where the cumulative count of the buckets below it ends.
        Counts next;
        next[0] = 0;
        std::copy_n(cum, 255, next.begin() + 1);
        rank(n, byte, next);
        scatter(other + begin, n, n);
        load(other + begin, n);
        // The keys are now ordered by this byte. Small buckets are finished here, big ones go one byte down
        // (from `other`): with a few keys per bucket, transposition rounds over the whole tile (as many as
        // the largest small bucket holds); with more, a rank sort per bucket.
        constexpr int kMaxRounds = 16;
        std::array<uint16_t, 257> big;
        int nbig = 0;
        uint32_t below = 0, largest = 0;
        for (int b = 0; b < 256; ++b) {
            const uint32_t c = cum[b] - below;
            big[static_cast<size_t>(nbig)] = static_cast<uint16_t>(b);
            if (c > static_cast<uint32_t>(kSmall))
                ++nbig;
            else
                largest = std::max(largest, c);
            below = cum[b];
        }
        if (largest > static_cast<uint32_t>(kMaxRounds)) {
            below = 0;
            for (int b = 0; b < 256; ++b) {
                const uint32_t c = cum[b] - below;
                if (c <= static_cast<uint32_t>(kSmall))
                    small_sort(keys.data() + below, static_cast<int>(c));
                below = cum[b];
            }
        } else if (largest > 1) {
            // Rounds also pass over the big buckets, harmlessly: their children overwrite them in `out`.
            transposition_sort(keys.data(), n, static_cast<int>(largest));
        }
        // The tile differs from `out` when the keys were distributed into `tmp` or a small bucket was sorted.
        if (other != out || largest > 1)
            store(out + begin, n);
        // The big buckets' bounds stay readable in this level's count tile: the children use lower levels'
        // tiles.
        for (int i = 0; i < nbig; ++i) {
            const int b = big[static_cast<size_t>(i)];
            const uint32_t lo = b == 0 ? 0 : cum[b - 1];
            sort(other, after(other), begin + lo, cum[b] - lo, byte - 1,
                 prefix | static_cast<uint32_t>(b) << (8 * byte));
        }
    }

    // The range is larger than the UB: count it chunk by chunk, then distribute it chunk by chunk.
    void sort_chunked(__gm__ uint32_t* src, __gm__ uint32_t* other, int64_t begin, int64_t n, int byte,
                      uint32_t prefix) {
        Counts counts;
        for (;;) {
            counts.fill(0);
            for (int64_t at = 0; at < n; at += kChunk) {
                const auto len = static_cast<int>(std::min<int64_t>(kChunk, n - at));
                load(src + begin + at, len);
                Counts c;
                counts_from_cumulative(count(byte, prefix), c);
                for (int b = 0; b < 256; ++b)
                    counts[static_cast<size_t>(b)] += c[static_cast<size_t>(b)];
            }
            int single = -1;
            for (int b = 0; b < 256; ++b)
                single = static_cast<int64_t>(counts[static_cast<size_t>(b)]) == n ? b : single;
            if (single < 0)
                break;
            prefix |= static_cast<uint32_t>(single) << (8 * byte);
            if (byte == 0) {
                // All keys equal: copy them to `out` if they are not there already.
                for (int64_t at = 0; src != out && at < n; at += kChunk) {
                    const auto len = static_cast<int>(std::min<int64_t>(kChunk, n - at));
                    load(src + begin + at, len);
                    store(out + begin + at, len);
                }
                return;
            }
            --byte;
        }
        if (byte == 0) {
            // The last byte: regenerate the sorted keys from the counts, a tile at a time.
            int b = 0;
            uint32_t left = counts[0];
            for (int64_t at = 0; at < n; at += kChunk) {
                const auto len = static_cast<int>(std::min<int64_t>(kChunk, n - at));
                uint32_t* k = keys.data();
                for (int i = 0; i < len;) {
                    while (left == 0)
                        left = counts[static_cast<size_t>(++b)];
                    const auto take =
                        static_cast<int>(std::min<uint32_t>(left, static_cast<uint32_t>(len - i)));
                    std::fill_n(k + i, take, prefix | static_cast<uint32_t>(b));
                    i += take;
                    left -= static_cast<uint32_t>(take);
                }
                store(out + begin + at, len);
                set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);  // the store has read the tile before it is refilled
                wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
            }
            return;
        }
        Counts next;
        uint32_t start = 0;
        for (int b = 0; b < 256; ++b) {
            next[static_cast<size_t>(b)] = start;
            start += counts[static_cast<size_t>(b)];
        }
        for (int64_t at = 0; at < n; at += kChunk) {
            const auto len = static_cast<int>(std::min<int64_t>(kChunk, n - at));
            load(src + begin + at, len);
            rank(len, byte, next);
            scatter(other + begin, n, len);
        }
        uint32_t offset = 0;
        for (int b = 0; b < 256; ++b) {
            const uint32_t c = counts[static_cast<size_t>(b)];
            sort(other, after(other), begin + offset, c, byte - 1,
                 prefix | static_cast<uint32_t>(b) << (8 * byte));
            offset += c;
        }
    }
};

}  // namespace u32

// Kernel 3 for uint32_t keys: block b sorts its run of top-byte buckets from `src` into `out`. `src` is the
// bucketed scratch array `tmp`, or the input itself when every key has the same top byte (kernel 2 skipped);
// the distributions below alternate between `tmp` and `out`, so the input is only read.
AICORE void SortBucketsU32(__gm__ uint32_t __out__* out, __gm__ uint32_t* tmp, __gm__ uint32_t __in__* src,
                           __gm__ uint32_t __in__* hist, int64_t n) {
    (void)n;
    const int64_t blocks = get_block_num(), block = get_block_idx();
    Counts total;
    total_counts(hist, blocks, total);
    const int first = first_bucket(total, blocks, block), last = first_bucket(total, blocks, block + 1);
    u32::Sorter s;
    s.out = out;
    s.tmp = tmp;
    __gm__ uint32_t* other = src == tmp ? out : tmp;
    uint32_t at = 0;
    for (int d = 0; d < 256; ++d) {
        if (d >= first && d < last)
            s.sort(src, other, at, total[d], 2, static_cast<uint32_t>(d) << 24);
        at += total[d];
    }
}

// ------------------------------------------------------------------------------------------------------------
// Host side: the three launches, as an Ascend host program would issue them.
// ------------------------------------------------------------------------------------------------------------

// Device buffers for sorting up to `capacity` keys of type T.
template <typename T>
struct DeviceBuffers {
    T* keys = nullptr;  // input
    T* out = nullptr;   // sorted output
    T* tmp = nullptr;   // scratch
    uint32_t* hist = nullptr;
    int64_t capacity = 0;
    uint32_t blocks = 0;

    DeviceBuffers(int64_t n, uint32_t block_dim) : capacity(n), blocks(block_dim) {
        const size_t bytes = static_cast<size_t>(std::max<int64_t>(n, 1)) * sizeof(T);
        aclrtMalloc(reinterpret_cast<void**>(&keys), bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&out), bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&tmp), bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&hist), blocks * 256 * sizeof(uint32_t),
                    ACL_MEM_MALLOC_HUGE_FIRST);
    }
    ~DeviceBuffers() {
        aclrtFree(keys);
        aclrtFree(out);
        aclrtFree(tmp);
        aclrtFree(hist);
    }
    DeviceBuffers(const DeviceBuffers&) = delete;
    DeviceBuffers& operator=(const DeviceBuffers&) = delete;
};

// Sorts b.keys[0, n) into b.out[0, n) on b.blocks simulated cores.
template <typename T>
void Sort(DeviceBuffers<T>& b, int64_t n) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "radix::Sort sorts uint16_t or uint32_t keys");
    // Ranks are uint32_t MSCATTER indices and tensor extents stay below 2^31.
    PTOSIM_CHECK(n >= 0 && n <= b.capacity && n < (int64_t{1} << 31), "radix::Sort",
                 "needs 0 <= n <= the buffers' capacity < 2^31", {"n", n}, {"capacity", b.capacity});
    if (n == 0)
        return;
    ptosim::launch(b.blocks, TopByteHistogram<T>, b.hist, b.keys, n);
    // The host reads the counts back: when every key has the same top byte, distributing by it would only
    // copy.
    std::vector<uint32_t> hist(b.blocks * 256);
    aclrtMemcpy(hist.data(), hist.size() * sizeof(uint32_t), b.hist, hist.size() * sizeof(uint32_t),
                ACL_MEMCPY_DEVICE_TO_HOST);
    Counts total;
    total_counts(hist.data(), b.blocks, total);
    const bool one_bucket = std::find(total.begin(), total.end(), static_cast<uint32_t>(n)) != total.end();
    T* src = b.keys;
    if (!one_bucket) {
        ptosim::launch(b.blocks, TopByteScatter<T>, b.tmp, b.keys, b.hist, n);
        src = b.tmp;
    }
    if constexpr (sizeof(T) == 2) {
        ptosim::launch(b.blocks, SortBucketsU16, b.out, src, b.hist, n);
    } else {
        ptosim::launch(b.blocks, SortBucketsU32, b.out, b.tmp, src, b.hist, n);
    }
}

}  // namespace radix
