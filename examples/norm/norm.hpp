// Row softmax and layer normalisation of float rows, written as PTO device kernels (docs/examples.md).
//
// Both stream the input through the UB kRows rows at a time; each block of a launch takes every
// get_block_num()-th group of rows. Per group:
//   softmax:    m = TROWMAX(x); e = TROWEXPANDEXPDIF(x, m) = exp(x - m); s = TROWSUM(e); y = TROWEXPANDDIV(e,
//   s) layer norm: mean = TROWSUM(x) / C; d = TROWEXPANDSUB(x, mean); var = TROWSUM(d * d) / C;
//               r = TRSQRT(var + eps); y = TCOLEXPANDADD(TCOLEXPANDMUL(TROWEXPANDMUL(d, r), gamma), beta)
// The per-row results (m, s, mean, var, r) live in [kRows, 8] row-major tiles with one valid column (a
// 32-byte block per row); gamma and beta in [1, C] tiles loaded once.
//
// The input and result tiles are double-buffered, ping and pong alternating per group, so that on a device
// the TLOAD of the next group and the TSTORE of the previous one run while the vector pipe works on this one.
// Each buffer has an event per direction, as in examples/gemm/gemm.hpp:
//
//   MTE2 (TLOAD x)  --MTE2->V (x loaded, an Event)-->  V  --V->MTE3 (y done, an Event)-->  MTE3 (TSTORE y)
//        ^-------- V->MTE2 (x free) ------------------'  ^-------- MTE3->V (y free) ----------'
//
// The reverse flags are set once per buffer before the loop (every buffer starts free) and waited once after
// it. ptosim runs the instructions in program order, so the flags order nothing here; the hazard checker
// (docs/hazards.md) checks that they would on the device.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cstdint>

namespace norm {

using namespace pto;

constexpr int kRows = 16;    // rows per UB tile
constexpr int kMaxC = 1024;  // longest row (64 KiB per tile)

// UB map (bytes); ping at the first address, pong at the second.
constexpr int kXUb[2] = {0x00000, 0x10000};  // kRows x kMaxC input rows
constexpr int kYUb[2] = {0x20000, 0x30000};  // kRows x kMaxC results
constexpr int kTmpUb = 0x40000;    // kRows x kMaxC scratch (the reductions' tmp operand; unused on A5)
constexpr int kVecUb = 0x50000;    // three per-row vectors, kRows x 8 floats each
constexpr int kGammaUb = 0x51000;  // 1 x kMaxC
constexpr int kBetaUb = 0x52000;   // 1 x kMaxC
constexpr int kUbEnd = 0x53000;
static_assert(kUbEnd <= 512 * 1024, "the normalisation kernels' tiles must fit the 512 KiB UB");

using RowsTile = Tile<TileType::Vec, float, kRows, kMaxC, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using PerRow = Tile<TileType::Vec, float, kRows, 8, BLayout::RowMajor, DYNAMIC, 1>;
using PerCol = Tile<TileType::Vec, float, 1, kMaxC, BLayout::RowMajor, 1, DYNAMIC>;
using Rows = GlobalTensor<float, Shape<1, 1, 1, DYNAMIC, DYNAMIC>, Stride<1, 1, 1, DYNAMIC, 1>>;
using Cols = GlobalTensor<float, Shape<1, 1, 1, 1, DYNAMIC>, Stride<1, 1, 1, 1, 1>>;

inline Rows rows_of(__gm__ float* base, int64_t first, int rows, int cols) {
    return Rows(base + first * cols, Rows::Shape(rows, cols), Rows::Stride(cols));
}

constexpr event_t kEvent[2] = {EVENT_ID0, EVENT_ID1};

// The groups of rows this block takes: first rows [g * kRows, ...) for g = block, block + blocks, ...; `buf`
// (0 = ping, 1 = pong) alternates from group to group.
template <typename F>
AICORE void for_my_groups(int64_t n_rows, F&& body) {
    const int64_t groups = (n_rows + kRows - 1) / kRows;
    int buf = 0;
    for (int64_t g = get_block_idx(); g < groups; g += get_block_num(), buf ^= 1) {
        const int64_t first = g * kRows;
        body(first, static_cast<int>(std::min<int64_t>(kRows, n_rows - first)), buf);
    }
}

// The reverse flags of the double-buffered tiles. Every buffer starts free: the first wait on each finds its
// flag set.
AICORE void set_free_flags() {
    for (int i = 0; i < 2; ++i) {
        set_flag(PIPE_V, PIPE_MTE2, kEvent[i]);  // x[i] may be loaded
        set_flag(PIPE_MTE3, PIPE_V, kEvent[i]);  // y[i] may be written
    }
}
// After the last group: leave no flag set behind.
AICORE void wait_free_flags() {
    for (int i = 0; i < 2; ++i) {
        wait_flag(PIPE_V, PIPE_MTE2, kEvent[i]);
        wait_flag(PIPE_MTE3, PIPE_V, kEvent[i]);
    }
}

// y[r, :] = softmax(x[r, :]) for rows [0, n_rows) of cols (<= kMaxC) floats.
AICORE void RowSoftmax(__gm__ float __out__* y, __gm__ float __in__* x, int64_t n_rows, int cols) {
    RowsTile xs[2]{RowsTile(kRows, cols), RowsTile(kRows, cols)};
    RowsTile ys[2]{RowsTile(kRows, cols), RowsTile(kRows, cols)};
    RowsTile tmp(kRows, cols);
    PerRow m(kRows), s(kRows);
    for (int i = 0; i < 2; ++i) {
        TASSIGN(xs[i], kXUb[i]);
        TASSIGN(ys[i], kYUb[i]);
    }
    TASSIGN(tmp, kTmpUb);
    TASSIGN(m, kVecUb);
    TASSIGN(s, kVecUb + 0x400);
    set_free_flags();
    for_my_groups(n_rows, [&](int64_t first, int rows, int p) {
        RowsTile &xt = xs[p], &yt = ys[p];
        for (auto* t : {&xt, &yt, &tmp})
            t->SetValidRow(rows);
        m.SetValidRow(rows);
        s.SetValidRow(rows);
        Rows in = rows_of(x, first, rows, cols), out = rows_of(y, first, rows, cols);
        wait_flag(PIPE_V, PIPE_MTE2, kEvent[p]);  // the softmax two groups back has read x[p]
        Event<Op::TLOAD, Op::TROWMAX> loaded = TLOAD(xt, in);
        TROWMAX(m, xt, tmp, loaded);
        wait_flag(PIPE_MTE3, PIPE_V, kEvent[p]);  // the store two groups back has read y[p]
        TROWEXPANDEXPDIF(yt, xt, m);
        set_flag(PIPE_V, PIPE_MTE2, kEvent[p]);  // x[p] may be loaded again
        TROWSUM(s, yt, tmp);
        Event<Op::TROWEXPANDDIV, Op::TSTORE_VEC> done = TROWEXPANDDIV(yt, yt, s);
        TSTORE(out, yt, done);
        set_flag(PIPE_MTE3, PIPE_V, kEvent[p]);  // y[p] may be written again
    });
    wait_free_flags();
}

// y[r, :] = (x[r, :] - mean_r) / sqrt(var_r + eps) * gamma + beta for rows [0, n_rows) of cols floats, with
// the population variance.
AICORE void LayerNorm(__gm__ float __out__* y, __gm__ float __in__* x, __gm__ float __in__* gamma,
                      __gm__ float __in__* beta, int64_t n_rows, int cols, float eps) {
    RowsTile xs[2]{RowsTile(kRows, cols), RowsTile(kRows, cols)};
    RowsTile ys[2]{RowsTile(kRows, cols), RowsTile(kRows, cols)};
    RowsTile tmp(kRows, cols);
    PerRow mean(kRows), var(kRows), r(kRows);
    PerCol g(cols), b(cols);
    for (int i = 0; i < 2; ++i) {
        TASSIGN(xs[i], kXUb[i]);
        TASSIGN(ys[i], kYUb[i]);
    }
    TASSIGN(tmp, kTmpUb);
    TASSIGN(mean, kVecUb);
    TASSIGN(var, kVecUb + 0x400);
    TASSIGN(r, kVecUb + 0x800);
    TASSIGN(g, kGammaUb);
    TASSIGN(b, kBetaUb);
    Cols gg(gamma, Cols::Shape(cols)), bg(beta, Cols::Shape(cols));
    // MTE2 runs in order: the first group's `loaded` event also covers gamma and beta.
    TLOAD(g, gg);
    TLOAD(b, bg);
    const float inv_c = 1.0f / static_cast<float>(cols);
    set_free_flags();
    for_my_groups(n_rows, [&](int64_t first, int rows, int p) {
        RowsTile &xt = xs[p], &yt = ys[p];
        for (auto* t : {&xt, &yt, &tmp})
            t->SetValidRow(rows);
        for (auto* t : {&mean, &var, &r})
            t->SetValidRow(rows);
        Rows in = rows_of(x, first, rows, cols), out = rows_of(y, first, rows, cols);
        wait_flag(PIPE_V, PIPE_MTE2, kEvent[p]);  // the layer norm two groups back is done with x[p]
        Event<Op::TLOAD, Op::TROWSUM> loaded = TLOAD(xt, in);
        TROWSUM(mean, xt, tmp, loaded);
        TMULS(mean, mean, inv_c);
        wait_flag(PIPE_MTE3, PIPE_V, kEvent[p]);  // the store two groups back has read y[p]
        TROWEXPANDSUB(yt, xt, mean);              // d = x - mean
        TMUL(tmp, yt, yt);                        // d * d (tmp is free between the reductions)
        TROWSUM(var, tmp, xt);                    // x is no longer needed: it is the reduction's scratch
        set_flag(PIPE_V, PIPE_MTE2, kEvent[p]);   // x[p] may be loaded again
        TMULS(var, var, inv_c);
        TADDS(var, var, eps);
        TRSQRT(r, var);
        TROWEXPANDMUL(yt, yt, r);
        TCOLEXPANDMUL(yt, yt, g);
        Event<Op::TCOLEXPANDADD, Op::TSTORE_VEC> done = TCOLEXPANDADD(yt, yt, b);
        TSTORE(out, yt, done);
        set_flag(PIPE_MTE3, PIPE_V, kEvent[p]);  // y[p] may be written again
    });
    wait_free_flags();
}

}  // namespace norm
