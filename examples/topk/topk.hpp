// Top-k selection of uint16_t values by radix select, written as a PTO device kernel (docs/examples.md).
//
// The k largest values are found without sorting:
//   1. THISTOGRAM BYTE_1 (no filter): cumulative counts of the high bytes. Scanning them from the top gives
//   the
//      high byte h of the k-th largest value: fewer than k values have a higher high byte.
//   2. THISTOGRAM BYTE_0 with idx[0, 0] = h: cumulative counts of the low bytes of the values in bin h only.
//      Scanning them gives the low byte l; the threshold t = h << 8 | l is the k-th largest value, g values
//      are greater than t, and the selection takes the first k - g values equal to t (in index order).
//   3. TCMPS(mask, values, t, GE) marks every candidate; the scalar unit walks the set bits, keeps the values
//      above t and the first k - g ties, clears the bits of the other ties and appends each kept value and
//      its index to the compact outputs; TSEL(values, mask, values, fill) then keeps the selected values and
//      puts `fill` everywhere else (the masked output that, for example, top-k sampling of logits uses).
// Inputs larger than one tile are streamed through the UB in tiles of kTile values, once per step.
//
// Synchronisation: the values tile v is single-buffered (the scalar unit waits for each tile's counts or mask
// before it goes on, so a second buffer would gain little). An Event hands each loaded tile from MTE2 to the
// vector pipe; a reverse flag, set once before each streaming loop and waited once after it, hands v back to
// MTE2 after its last reader: THISTOGRAM (V -> MTE2) in steps 1 and 2, the TSTORE of the masked tile
// (MTE3 -> MTE2) in step 3. The scalar unit's UB accesses (idx, the counts, the mask, the staged outputs) are
// bracketed by V -> S, S -> V, S -> MTE3 and MTE3 -> S flags.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace topk {

using namespace pto;

constexpr int kTile = 65536;     // values per UB tile (128 KiB)
constexpr int kCompact = 16384;  // compact outputs staged per TSTORE

// UB map (bytes).
constexpr int kValuesUb = 0x00000;  // kTile values
constexpr int kFillUb = 0x20000;    // kTile copies of `fill`
constexpr int kMaskUb = 0x40000;    // kTile / 32 mask words
constexpr int kHistUb = 0x42000;    // 256 cumulative counts
constexpr int kIdxUb = 0x42400;     // THISTOGRAM filter byte idx[0, 0]
constexpr int kTopValUb = 0x43000;  // kCompact selected values
constexpr int kTopIdxUb = 0x4B000;  // kCompact selected indices
constexpr int kInfoUb = 0x5B000;    // the result words
constexpr int kTmpUb = 0x5B100;     // TSEL's scratch operand (unused on A5)
constexpr int kUbEnd = 0x5B200;
static_assert(kUbEnd <= 512 * 1024, "the top-k kernel's tiles must fit the 512 KiB UB");

using ValueTile = Tile<TileType::Vec, uint16_t, 1, kTile, BLayout::RowMajor, 1, DYNAMIC>;
using MaskTile = Tile<TileType::Vec, uint32_t, 1, kTile / 32, BLayout::RowMajor, 1, DYNAMIC>;
using HistTile = Tile<TileType::Vec, uint32_t, 1, 256>;
using IdxTile = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor, 1, 1>;
using TopValTile = Tile<TileType::Vec, uint16_t, 1, kCompact, BLayout::RowMajor, 1, DYNAMIC>;
using TopIdxTile = Tile<TileType::Vec, uint32_t, 1, kCompact, BLayout::RowMajor, 1, DYNAMIC>;
using InfoTile = Tile<TileType::Vec, uint32_t, 1, 8, BLayout::RowMajor, 1, 4>;
using TmpTile = Tile<TileType::Vec, uint32_t, 1, 8>;

template <typename T>
using Span = GlobalTensor<T, Shape<1, 1, 1, 1, DYNAMIC>, Stride<1, 1, 1, 1, 1>>;
template <typename T>
Span<T> span(__gm__ T* p, int64_t n) {
    return Span<T>(p, typename Span<T>::Shape(n));
}

// What the kernel found, for the host: info[0] = threshold t (the k-th largest value), info[1] = values
// greater than t, info[2] = values equal to t that were selected, info[3] = values equal to t in all.
constexpr int kInfoWords = 4;

// Selects the k largest of values[0, n) (1 <= k <= n). Writes top_values/top_indices[0, k) in index order and
// masked[i] = values[i] if selected, else fill. Runs on one simulated core.
AICORE void TopK(__gm__ uint16_t __out__* masked, __gm__ uint16_t __out__* top_values,
                 __gm__ uint32_t __out__* top_indices, __gm__ uint32_t __out__* info,
                 __gm__ uint16_t __in__* values, int64_t n, int64_t k, uint16_t fill) {
    ValueTile v(kTile), fills(kTile);
    MaskTile mask(kTile / 32);
    HistTile hist;
    IdxTile idx;
    TopValTile top_v(kCompact);
    TopIdxTile top_i(kCompact);
    InfoTile result;
    TmpTile tmp;
    TASSIGN(v, kValuesUb);
    TASSIGN(fills, kFillUb);
    TASSIGN(mask, kMaskUb);
    TASSIGN(hist, kHistUb);
    TASSIGN(idx, kIdxUb);
    TASSIGN(top_v, kTopValUb);
    TASSIGN(top_i, kTopIdxUb);
    TASSIGN(result, kInfoUb);
    TASSIGN(tmp, kTmpUb);

    // Values [at, at + len) into v (len is set here); an Event recorded from the result follows the TLOAD.
    auto load = [&](int64_t at, int& len) {
        len = static_cast<int>(std::min<int64_t>(kTile, n - at));
        v.SetValidCol(len);
        auto src = span(values + at, len);
        return TLOAD(v, src);
    };
    // Cumulative counts of one byte over all values (the bin filter idx[0, 0] applies to BYTE_0).
    auto cumulative = [&](bool low, std::array<uint32_t, 256>& total) {
        total.fill(0);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // v starts free
        for (int64_t at = 0; at < n; at += kTile) {
            int len = 0;
            wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // the last THISTOGRAM has read v
            Event<Op::TLOAD, Op::THISTOGRAM> loaded = load(at, len);
            if (low)
                THISTOGRAM<HistByte::BYTE_0>(hist, v, idx, loaded);
            else
                THISTOGRAM<HistByte::BYTE_1>(hist, v, idx, loaded);
            set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // v may be loaded again
            set_flag(PIPE_V, PIPE_S, EVENT_ID0);  // the counts are written before the scalar unit reads them
            wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
            const uint32_t* c = hist.data();
            for (int b = 0; b < 256; ++b)
                total[static_cast<size_t>(b)] += c[b];
        }
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    };
    // The bin b that holds the `want`-th largest of `all` counted values: fewer than `want` lie above it.
    auto locate = [](const std::array<uint32_t, 256>& cum, uint32_t all, uint32_t want) {
        int b = 255;
        while (b > 0 && all - cum[static_cast<size_t>(b - 1)] < want)
            --b;
        return b;
    };

    // Steps 1 and 2: the threshold.
    std::array<uint32_t, 256> cum_high, cum_low;
    cumulative(false, cum_high);
    const auto all = static_cast<uint32_t>(n), want = static_cast<uint32_t>(k);
    const int h = locate(cum_high, all, want);
    const uint32_t above_h = all - cum_high[static_cast<size_t>(h)];
    const uint32_t in_h =
        cum_high[static_cast<size_t>(h)] - (h == 0 ? 0 : cum_high[static_cast<size_t>(h - 1)]);
    idx.SetElement(0, 0, static_cast<uint8_t>(h));
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the filter byte is written before THISTOGRAM BYTE_0 reads it
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    cumulative(true, cum_low);
    const int l = locate(cum_low, in_h, want - above_h);
    const auto t = static_cast<uint16_t>(h << 8 | l);
    const uint32_t greater = above_h + in_h - cum_low[static_cast<size_t>(l)];
    const uint32_t equal =
        cum_low[static_cast<size_t>(l)] - (l == 0 ? 0 : cum_low[static_cast<size_t>(l - 1)]);
    uint32_t ties_left = want - greater;

    // Step 3: the masked select and the compact outputs.
    TEXPANDS(fills, fill);
    int staged = 0;
    int64_t written = 0;
    auto flush = [&] {
        if (staged == 0)
            return;
        top_v.SetValidCol(staged);
        top_i.SetValidCol(staged);
        auto dv = span(top_values + written, staged);
        auto di = span(top_indices + written, staged);
        set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);  // the staged outputs are written before the stores read them
        wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
        TSTORE(dv, top_v);
        TSTORE(di, top_i);
        set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);  // the stores have read them before the scalar unit restages
        wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
        written += staged;
        staged = 0;
    };
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);  // v starts free
    for (int64_t at = 0; at < n; at += kTile) {
        int len = 0;
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);  // the last masked tile's TSTORE has read v
        Event<Op::TLOAD, Op::TCMPS> loaded = load(at, len);
        mask.SetValidCol((len + 31) / 32);
        fills.SetValidCol(len);
        TCMPS(mask, v, t, CmpMode::GE, loaded);
        set_flag(PIPE_V, PIPE_S, EVENT_ID0);  // the mask is written before the scalar unit walks it
        wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
        // The scalar unit keeps the values above t and the first ties; other ties lose their mask bit.
        uint32_t* words = mask.data();
        const uint16_t* x = v.data();
        uint16_t* tv = top_v.data();
        uint32_t* ti = top_i.data();
        for (int w = 0; w < (len + 31) / 32; ++w) {
            for (uint32_t bits = words[w]; bits != 0; bits &= bits - 1) {
                const int i = w * 32 + std::countr_zero(bits);
                if (x[i] == t) {
                    if (ties_left == 0) {
                        words[w] &= ~(1u << (i % 32));
                        continue;
                    }
                    --ties_left;
                }
                tv[staged] = x[i];
                ti[staged] = static_cast<uint32_t>(at + i);
                if (++staged == kCompact)
                    flush();
            }
        }
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the trimmed mask is written before TSEL reads it
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
        Event<Op::TSEL, Op::TSTORE_VEC> selected = TSEL(v, mask, v, fills, tmp);
        auto dst = span(masked + at, len);
        TSTORE(dst, v, selected);
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);  // v may be loaded again
    }
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    flush();
    result.SetElement(0, 0, t);
    result.SetElement(0, 1, greater);
    result.SetElement(0, 2, want - greater);
    result.SetElement(0, 3, equal);
    auto dst = span(info, kInfoWords);
    set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);  // the result words are written before the store reads them
    wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
    TSTORE(dst, result);
}

// Host side: device buffers for one selection and the launch.
struct DeviceBuffers {
    int64_t max_n = 0, max_k = 0;
    uint16_t* values = nullptr;
    uint16_t* masked = nullptr;
    uint16_t* top_values = nullptr;
    uint32_t* top_indices = nullptr;
    uint32_t* info = nullptr;

    DeviceBuffers(int64_t n, int64_t k) : max_n(n), max_k(k) {
        const auto vb = static_cast<size_t>(std::max<int64_t>(n, 1)) * sizeof(uint16_t);
        const auto kb = static_cast<size_t>(std::max<int64_t>(k, 1));
        aclrtMalloc(reinterpret_cast<void**>(&values), vb, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&masked), vb, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&top_values), kb * sizeof(uint16_t), ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&top_indices), kb * sizeof(uint32_t), ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(reinterpret_cast<void**>(&info), kInfoWords * sizeof(uint32_t),
                    ACL_MEM_MALLOC_HUGE_FIRST);
    }
    ~DeviceBuffers() {
        aclrtFree(values);
        aclrtFree(masked);
        aclrtFree(top_values);
        aclrtFree(top_indices);
        aclrtFree(info);
    }
    DeviceBuffers(const DeviceBuffers&) = delete;
    DeviceBuffers& operator=(const DeviceBuffers&) = delete;
};

// Selects the k largest of b.values[0, n), 1 <= k <= n.
inline void Select(DeviceBuffers& b, int64_t n, int64_t k, uint16_t fill) {
    PTOSIM_CHECK(k >= 1 && k <= n && n <= b.max_n && k <= b.max_k && n < (int64_t{1} << 31), "topk::Select",
                 "needs 1 <= k <= n < 2^31 within the buffers' sizes", {"n", n}, {"k", k});
    ptosim::launch(1, TopK, b.masked, b.top_values, b.top_indices, b.info, b.values, n, k, fill);
}

}  // namespace topk
