// Corpus: tiles larger than their data, aliases and views of one buffer (issue 37, idioms 5, 6, 7, 8, 13, 14,
// 15, 20, 21, 30 of notes' section 8): ColMajor / RowMajor aliases of one row statistic, TRESHAPE views,
// element-wise work on ColMajor [R, 1] tiles, strided column windows, row views re-pointed by TASSIGN.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "corpus/corpus.hpp"

namespace {

using namespace pto;
using corpus::Corpus;

// ---------------------------------------------------------------------------------------------------------
// Idiom 5: RMS norm whose row statistic is a ColMajor [8, 1] tile (TROWSUM's dst) read and written as a
// RowMajor [1, 8] tile at the same address for the scalar arithmetic, and as ColMajor again for
// TROWEXPANDMUL.
namespace rowstat {
constexpr int kR = 8, kC = 256;
using X = Tile<TileType::Vec, float, kR, kC>;
using Col = Tile<TileType::Vec, float, kR, 1, BLayout::ColMajor>;
using Row = Tile<TileType::Vec, float, 1, kR>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, kR, kC>, Stride<1, 1, 1, kC, 1>>;

AICORE void Kernel(__gm__ float* y, __gm__ float* x, float eps) {
    X xt, sq, tmp;
    Col stat_col, rstd_col;
    Row stat_row, rstd_row;
    TASSIGN(xt, 0x0);
    TASSIGN(sq, 0x2000);
    TASSIGN(tmp, 0x4000);
    TASSIGN(stat_col, 0x6000);
    TASSIGN(stat_row, 0x6000);
    TASSIGN(rstd_row, 0x6100);
    TASSIGN(rstd_col, 0x6100);
    Gm xg(x + get_block_idx() * kR * kC), yg(y + get_block_idx() * kR * kC);
    TLOAD(xt, xg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TMUL(sq, xt, xt);
    TROWSUM(stat_col, sq, tmp);
    TMULS(stat_row, stat_row, 1.0f / kC);
    TADDS(stat_row, stat_row, eps);
    TRSQRT(rstd_row, stat_row);
    TROWEXPANDMUL(xt, xt, rstd_col);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(yg, xt);
}
}  // namespace rowstat

TEST_F(Corpus, RmsNormThroughColumnAndRowAliasesOfOneStatistic) {
    using namespace rowstat;
    corpus::Lcg rng(11);
    auto x = rng.fill(2 * kR * kC, -3, 3);
    std::vector<float> y(x.size());
    ptosim::launch(2, Kernel, y.data(), x.data(), 1e-6f);
    for (int r = 0; r < 2 * kR; ++r) {
        double s = 0;
        for (int c = 0; c < kC; ++c)
            s += static_cast<double>(x[r * kC + c]) * x[r * kC + c];
        const double rstd = 1.0 / std::sqrt(s / kC + 1e-6);
        for (int c = 0; c < kC; ++c)
            ASSERT_TRUE(corpus::near(y[r * kC + c], x[r * kC + c] * rstd, 1e-5, 1e-6)) << r << "," << c;
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 6: the online-softmax update of flash attention. Running max m and sum l and the block's m_ij, l_ij
// are loaded as DN GlobalTensors into ColMajor [M, 1] tiles, reshaped (TRESHAPE, the row tiles have no
// TASSIGN of their own) to RowMajor [1, M] for the scalar arithmetic, reshaped back to ColMajor for
// TROWEXPANDMUL / TROWEXPANDDIV of the output rows, and stored through ND [M / 8, 8] tiles at the same UB.
namespace online {
constexpr int kM = 16, kN = 64;
using VecCol = Tile<TileType::Vec, float, kM, 1, BLayout::ColMajor, kM, 1>;
using VecRow = Tile<TileType::Vec, float, 1, kM, BLayout::RowMajor, 1, kM>;
using VecNd = Tile<TileType::Vec, float, kM / 8, 8>;
using O = Tile<TileType::Vec, float, kM, kN>;
using GmVec = GlobalTensor<float, Shape<1, 1, 1, kM, 1>, Stride<1, 1, 1, 1, 1>, Layout::DN>;
using GmVecNd = GlobalTensor<float, Shape<1, 1, 1, kM / 8, 8>, Stride<1, 1, 1, 8, 1>>;
using GmO = GlobalTensor<float, Shape<1, 1, 1, kM, kN>, Stride<1, 1, 1, kN, 1>>;

AICORE void Kernel(__gm__ float* o_out, __gm__ float* m_out, __gm__ float* l_out, __gm__ float* o_prev,
                   __gm__ float* o_ij, __gm__ float* m_prev, __gm__ float* l_prev, __gm__ float* m_ij,
                   __gm__ float* l_ij) {
    VecCol mp, lp, mi, li, mn, al, be;
    VecRow mp_r, lp_r, mi_r, li_r, mn_r, al_r, be_r;
    VecCol al_c, be_c, l_c;
    O o, oi;
    TASSIGN(mp, 0x0000);
    TASSIGN(lp, 0x0100);
    TASSIGN(mi, 0x0200);
    TASSIGN(li, 0x0300);
    TASSIGN(mn, 0x0400);
    TASSIGN(al, 0x0500);
    TASSIGN(be, 0x0600);
    TASSIGN(o, 0x1000);
    TASSIGN(oi, 0x2000);
    GmVec g_mp(m_prev), g_lp(l_prev), g_mi(m_ij), g_li(l_ij);
    GmO g_op(o_prev), g_oi(o_ij), g_out(o_out);
    TLOAD(mp, g_mp);
    TLOAD(lp, g_lp);
    TLOAD(mi, g_mi);
    TLOAD(li, g_li);
    TLOAD(o, g_op);
    TLOAD(oi, g_oi);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TRESHAPE(mp_r, mp);
    TRESHAPE(lp_r, lp);
    TRESHAPE(mi_r, mi);
    TRESHAPE(li_r, li);
    TRESHAPE(mn_r, mn);
    TRESHAPE(al_r, al);
    TRESHAPE(be_r, be);
    TMAX(mn_r, mp_r, mi_r);
    TSUB(al_r, mp_r, mn_r);
    TEXP(al_r, al_r);
    TSUB(be_r, mi_r, mn_r);
    TEXP(be_r, be_r);
    TMUL(lp_r, lp_r, al_r);
    TMUL(li_r, li_r, be_r);
    TADD(lp_r, lp_r, li_r);  // l_new
    TRESHAPE(al_c, al_r);
    TRESHAPE(be_c, be_r);
    TRESHAPE(l_c, lp_r);
    TROWEXPANDMUL(o, o, al_c);
    TROWEXPANDMUL(oi, oi, be_c);
    TADD(o, o, oi);
    TROWEXPANDDIV(o, o, l_c);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(g_out, o);
    VecNd m_nd, l_nd;
    TASSIGN(m_nd, 0x0400);
    TASSIGN(l_nd, 0x0100);
    GmVecNd g_m(m_out), g_l(l_out);
    TSTORE(g_m, m_nd);
    TSTORE(g_l, l_nd);
}
}  // namespace online

TEST_F(Corpus, OnlineSoftmaxUpdateThroughReshapedRowVectors) {
    using namespace online;
    corpus::Lcg rng(12);
    auto op = rng.fill(kM * kN, -1, 1), oi = rng.fill(kM * kN, -1, 1);
    auto mp = rng.fill(kM, -2, 2), mi = rng.fill(kM, -2, 2), lp = rng.fill(kM, 1, 5), li = rng.fill(kM, 1, 5);
    std::vector<float> o(kM * kN), m(kM), l(kM);
    ptosim::launch(1, Kernel, o.data(), m.data(), l.data(), op.data(), oi.data(), mp.data(), lp.data(),
                   mi.data(), li.data());
    for (int r = 0; r < kM; ++r) {
        const double mn = std::max(mp[r], mi[r]);
        const double a = std::exp(mp[r] - mn), b = std::exp(mi[r] - mn);
        const double ln = lp[r] * a + li[r] * b;
        ASSERT_EQ(m[r], static_cast<float>(mn)) << r;
        ASSERT_TRUE(corpus::near(l[r], ln, 1e-5, 1e-6)) << r;
        for (int c = 0; c < kN; ++c) {
            const double want = (op[r * kN + c] * a + oi[r * kN + c] * b) / ln;
            ASSERT_TRUE(corpus::near(o[r * kN + c], want, 1e-5, 1e-6)) << r << "," << c;
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 7: a RowMajor [1, N] tile TASSIGNed to a scratch address, then TRESHAPEd from a ColMajor [N, 1] tile
// elsewhere: the work on the row tile lands in the column tile's storage, and the scratch is left alone.
// Idiom 8 in the same kernel: TMULS by a double 0.0, TADDS of 1.0 on a ColMajor [R, 1] tile before
// TROWEXPANDMUL.
namespace reshape_override {
constexpr int kR = 8, kC = 64;
using X = Tile<TileType::Vec, float, kR, kC>;
using Col = Tile<TileType::Vec, float, kR, 1, BLayout::ColMajor>;
using Row = Tile<TileType::Vec, float, 1, kR>;
using GmX = GlobalTensor<float, Shape<1, 1, 1, kR, kC>, Stride<1, 1, 1, kC, 1>>;
using GmRow = GlobalTensor<float, Shape<1, 1, 1, 1, kR>, Stride<1, 1, 1, kR, 1>>;

AICORE void Kernel(__gm__ float* y, __gm__ float* z, __gm__ float* scratch_out, __gm__ float* x) {
    X xt, yt, zt, tmp;
    Col cm, ones;
    Row rm, scratch;
    TASSIGN(xt, 0x0);
    TASSIGN(yt, 0x800);
    TASSIGN(zt, 0x1000);
    TASSIGN(tmp, 0x1800);
    TASSIGN(cm, 0x2000);
    TASSIGN(ones, 0x2100);
    TASSIGN(scratch, 0x3000);
    TASSIGN(rm, 0x3000);  // the scratch address: TRESHAPE below re-points rm
    GmX xg(x), yg(y), zg(z);
    GmRow sg(scratch_out);
    TLOAD(xt, xg);
    TEXPANDS(scratch, 7.0f);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TROWMAX(cm, xt, tmp);
    TRESHAPE(rm, cm);
    TMULS(rm, rm, 0.5f);
    TROWEXPANDMUL(yt, xt, cm);  // x * max / 2
    TROWSUM(ones, xt, tmp);
    TMULS(ones, ones, 0.0);  // a double literal, as generated code writes it
    TADDS(ones, ones, 1.0);
    TMULS(ones, ones, 3.0);
    TROWEXPANDMUL(zt, xt, ones);  // x * 3
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(yg, yt);
    TSTORE(zg, zt);
    TSTORE(sg, scratch);
}
}  // namespace reshape_override

TEST_F(Corpus, ReshapeOverridesAssignAndColumnMajorScalarOps) {
    using namespace reshape_override;
    corpus::Lcg rng(13);
    auto x = rng.fill(kR * kC, -5, 5);
    std::vector<float> y(kR * kC), z(kR * kC), s(kR);
    ptosim::launch(1, Kernel, y.data(), z.data(), s.data(), x.data());
    for (int r = 0; r < kR; ++r) {
        float m = x[r * kC];
        for (int c = 0; c < kC; ++c)
            m = std::max(m, x[r * kC + c]);
        ASSERT_EQ(s[r], 7.0f) << r;
        for (int c = 0; c < kC; ++c) {
            ASSERT_EQ(y[r * kC + c], x[r * kC + c] * (m * 0.5f)) << r << "," << c;
            ASSERT_EQ(z[r * kC + c], x[r * kC + c] * 3.0f) << r << "," << c;
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 13: a UB tile whose valid columns are the GM extent rounded up to 16 (half), loaded from and stored
// to a GlobalTensor of the exact extent, several rows. On the device (a2a3 TLOAD/TSTORE, tload_common.hpp)
// the transfer is nBurst = GT rows bursts of lenBurst = the tile's valid columns, with gmGap = GT row stride
// - GT columns between bursts: each row moves validCol elements and GM rows are validCol + stride - cols
// apart.
namespace gt_narrower {
constexpr int kR = 4, kCols = 40, kAligned = 48, kStride = 64;
using T = Tile<TileType::Vec, half, kR, 64, BLayout::RowMajor, kR, kAligned>;
using Gm = GlobalTensor<half, Shape<1, 1, 1, kR, kCols>, Stride<1, 1, 1, kStride, 1>>;

AICORE void Kernel(__gm__ half* out, __gm__ half* in) {
    T t;
    TASSIGN(t, 0x0);
    Gm src(in), dst(out);
    TLOAD(t, src);
    set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    TSTORE(dst, t);
}
}  // namespace gt_narrower

TEST_F(Corpus, TileValidWiderThanItsGlobalTensor) {
    using namespace gt_narrower;
    GTEST_SKIP()
        << "ptosim moves a tile's valid region through the GlobalTensor's strides (GM rows kStride apart, "
           "docs/compat.md 'Global-memory bounds'); the device's DMA moves validCol elements per GT row "
           "with a gap of stride - GT cols (GM rows validCol + stride - cols apart), so with rows > 1 and "
           "validCol != GT cols the two disagree from row 1 on";
    const int pitch = kAligned + kStride - kCols;  // the device's GM row pitch
    std::vector<half> in(kR * pitch + 64), out(kR * pitch + 64, half::from_bits(0x7E00));
    for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = half::from_bits(corpus::half_rne(static_cast<float>(i)));
    ptosim::launch(1, Kernel, out.data(), in.data());
    for (int r = 0; r < kR; ++r)
        for (int c = 0; c < kAligned; ++c)
            ASSERT_EQ(out[r * pitch + c].bits(), in[r * pitch + c].bits()) << r << "," << c;
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 14: tiles bigger than their data, as generated code declares them: an [8, 4] window of a wider GM
// matrix loaded into an [8, 8] tile with valid (8, 4), a DN [8, 1] vector into a ColMajor [8, 1] tile with
// dynamic valid (8, 1), and Sinkhorn iterations by TROWSUM / TROWEXPANDDIV / TCOLSUM / TCOLEXPAND / TDIV.
namespace sinkhorn {
constexpr int kR = 8, kC = 4, kIters = 3;
using M = Tile<TileType::Vec, float, kR, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using V = Tile<TileType::Vec, float, kR, 1, BLayout::ColMajor, DYNAMIC, DYNAMIC>;
using RowV = Tile<TileType::Vec, float, 1, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using GmM = GlobalTensor<float, Shape<1, 1, 1, kR, kC>, Stride<256, 256, 256, 32, 1>>;
using GmV = GlobalTensor<float, Shape<1, 1, 1, kR, 1>, Stride<kR, kR, kR, 1, 1>, Layout::DN>;

AICORE void Kernel(__gm__ float* out, __gm__ float* logits, __gm__ float* prior) {
    M x(kR, kC), tmp(kR, kC), full(kR, kC);
    V p(kR, 1), rs(kR, 1);
    RowV cs(1, kC);
    TASSIGN(x, 0x0);
    TASSIGN(tmp, 0x100);
    TASSIGN(full, 0x200);
    TASSIGN(p, 0x300);
    TASSIGN(rs, 0x320);
    TASSIGN(cs, 0x340);
    GmM xg(logits), og(out);
    GmV pg(prior);
    TLOAD(x, xg);
    TLOAD(p, pg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TEXP(x, x);
    TROWEXPANDMUL(x, x, p);
    for (int it = 0; it < kIters; ++it) {
        TROWSUM(rs, x, tmp);
        TROWEXPANDDIV(x, x, rs);
        TCOLSUM(cs, x, tmp, false);
        TCOLEXPAND(full, cs);
        TDIV(x, x, full);
    }
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, x);
}
}  // namespace sinkhorn

TEST_F(Corpus, SinkhornOnTilesLargerThanTheirData) {
    using namespace sinkhorn;
    corpus::Lcg rng(14);
    std::vector<float> logits(256), prior = rng.fill(kR, 0.5f, 2.0f);
    for (int r = 0; r < kR; ++r)
        for (int c = 0; c < kC; ++c)
            logits[r * 32 + c] = rng.next(-1, 1);
    std::vector<float> out(256, -9.0f);
    ptosim::launch(1, Kernel, out.data(), logits.data(), prior.data());
    double m[kR][kC];
    for (int r = 0; r < kR; ++r)
        for (int c = 0; c < kC; ++c)
            m[r][c] = std::exp(static_cast<double>(logits[r * 32 + c])) * prior[r];
    for (int it = 0; it < kIters; ++it) {
        for (auto& row : m) {
            double s = 0;
            for (double v : row)
                s += v;
            for (double& v : row)
                v /= s;
        }
        for (int c = 0; c < kC; ++c) {
            double s = 0;
            for (auto& row : m)
                s += row[c];
            for (auto& row : m)
                row[c] /= s;
        }
    }
    for (int r = 0; r < kR; ++r) {
        for (int c = 0; c < kC; ++c)
            ASSERT_TRUE(corpus::near(out[r * 32 + c], m[r][c], 1e-5, 1e-7)) << r << "," << c;
        for (int c = kC; c < 32; ++c)
            ASSERT_EQ(out[r * 32 + c], -9.0f) << "outside the GT: " << r << "," << c;
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 15: two column windows of one [8, 512] parent: [8, 448] at its base and [8, 64] at +448 columns,
// whose declared footprint runs past the parent's. Each is loaded on its own (the second load must not touch
// the first's columns); the wide window is cast to bf16 into a tile of its own; the narrow one is scaled per
// row into a compact [8, 64] tile at the parent's base, whose row 7 is the narrow window's row 0.
namespace windows {
constexpr int kR = 8, kW = 512, kWide = 448, kNarrow = 64;
using Wide = Tile<TileType::Vec, float, kR, kW, BLayout::RowMajor, kR, kWide>;
using Narrow = Tile<TileType::Vec, float, kR, kW, BLayout::RowMajor, kR, kNarrow>;
using Compact = Tile<TileType::Vec, float, kR, kNarrow>;
using WideB = Tile<TileType::Vec, bfloat16_t, kR, kWide>;
using Col = Tile<TileType::Vec, float, kR, 1, BLayout::ColMajor>;
using GmWide = GlobalTensor<float, Shape<1, 1, 1, kR, kWide>, Stride<1, 1, 1, kW, 1>>;
using GmNarrow = GlobalTensor<float, Shape<1, 1, 1, kR, kNarrow>, Stride<1, 1, 1, kW, 1>>;
using GmCompact = GlobalTensor<float, Shape<1, 1, 1, kR, kNarrow>, Stride<1, 1, 1, kNarrow, 1>>;
using GmWideB = GlobalTensor<bfloat16_t, Shape<1, 1, 1, kR, kWide>, Stride<1, 1, 1, kWide, 1>>;
using GmCol = GlobalTensor<float, Shape<1, 1, 1, kR, 1>, Stride<1, 1, 1, 1, 1>, Layout::DN>;

constexpr int kBase = 0x1000;

AICORE void Kernel(__gm__ bfloat16_t* wide_out, __gm__ float* compact_out, __gm__ float* x,
                   __gm__ float* rstd) {
    Wide wide;
    Narrow narrow;
    Compact compact;
    WideB wb;
    Col r;
    TASSIGN(wide, kBase);
    TASSIGN(narrow, kBase + kWide * 4);
    TASSIGN(compact, kBase);
    TASSIGN(wb, 0x20000);
    TASSIGN(r, 0x30000);
    GmWide gw(x);
    GmNarrow gn(x + kWide);
    GmCol gr(rstd);
    TLOAD(wide, gw);
    TLOAD(narrow, gn);
    TLOAD(r, gr);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TCVT(wb, wide, RoundMode::CAST_RINT);
    TROWEXPANDMUL(compact, narrow, r);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    GmWideB gwb(wide_out);
    GmCompact gc(compact_out);
    TSTORE(gwb, wb);
    TSTORE(gc, compact);
}
}  // namespace windows

TEST_F(Corpus, StridedColumnWindowsOfOneParent) {
    using namespace windows;
    corpus::Lcg rng(15);
    auto x = rng.fill(kR * kW, -4, 4), rstd = rng.fill(kR, 0.5f, 2);
    std::vector<bfloat16_t> wb(kR * kWide);
    std::vector<float> compact(kR * kNarrow);
    ptosim::launch(1, Kernel, wb.data(), compact.data(), x.data(), rstd.data());
    for (int r = 0; r < kR; ++r) {
        for (int c = 0; c < kWide; ++c)
            ASSERT_EQ(wb[r * kWide + c].bits(), corpus::bf16_rne(x[r * kW + c])) << r << "," << c;
        for (int c = 0; c < kNarrow; ++c)
            ASSERT_EQ(compact[r * kNarrow + c], x[r * kW + kWide + c] * rstd[r]) << r << "," << c;
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 20: rotate-half RoPE per row: a static [1, 128] row view of an [8, 128] tile; TEXTRACT of its first
// half into a tile at the view's own address and of its second half elsewhere; TCOLEXPANDMUL by cos and sin
// rows; TSUB / TADD; TCONCAT; TCVT to bf16.
namespace rope_half {
constexpr int kR = 8, kD = 128, kH = 64;
using X = Tile<TileType::Vec, float, kR, kD>;
using RowView = Tile<TileType::Vec, float, 1, kD, BLayout::RowMajor, 1, kD>;
using Half = Tile<TileType::Vec, float, 1, kH>;
using OutRow = Tile<TileType::Vec, float, 1, kD>;
using OutRowB = Tile<TileType::Vec, bfloat16_t, 1, kD>;
using OutB = Tile<TileType::Vec, bfloat16_t, kR, kD>;
using GmX = GlobalTensor<float, Shape<1, 1, 1, kR, kD>, Stride<1, 1, 1, kD, 1>>;
using GmHalf = GlobalTensor<float, Shape<1, 1, 1, 1, kH>, Stride<1, 1, 1, kH, 1>>;
using GmOut = GlobalTensor<bfloat16_t, Shape<1, 1, 1, kR, kD>, Stride<1, 1, 1, kD, 1>>;

AICORE void Kernel(__gm__ bfloat16_t* out, __gm__ float* x, __gm__ float* cos, __gm__ float* sin) {
    X xt;
    Half c, s, hi, t0, t1, a, b;
    OutRow joined;
    OutB ob;
    TASSIGN(xt, 0x0);
    TASSIGN(c, 0x1000);
    TASSIGN(s, 0x1100);
    TASSIGN(hi, 0x1200);
    TASSIGN(t0, 0x1300);
    TASSIGN(t1, 0x1400);
    TASSIGN(a, 0x1500);
    TASSIGN(b, 0x1600);
    TASSIGN(joined, 0x1800);
    TASSIGN(ob, 0x2000);
    GmX xg(x);
    GmHalf cg(cos), sg(sin);
    GmOut og(out);
    TLOAD(xt, xg);
    TLOAD(c, cg);
    TLOAD(s, sg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    for (int r = 0; r < kR; ++r) {
        RowView row;
        Half lo;
        OutRowB orow;
        TASSIGN(row, r * kD * 4);
        TASSIGN(lo, r * kD * 4);  // the same address as the row view
        TASSIGN(orow, 0x2000 + r * kD * 2);
        TEXTRACT(lo, row, 0, 0);
        TEXTRACT(hi, row, 0, kH);
        TCOLEXPANDMUL(t0, lo, c);
        TCOLEXPANDMUL(t1, hi, s);
        TSUB(a, t0, t1);  // x1 cos - x2 sin
        TCOLEXPANDMUL(t0, hi, c);
        TCOLEXPANDMUL(t1, lo, s);
        TADD(b, t0, t1);  // x2 cos + x1 sin
        TCONCAT(joined, a, b);
        TCVT(orow, joined, RoundMode::CAST_RINT);
    }
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, ob);
}
}  // namespace rope_half

TEST_F(Corpus, RotateHalfRopeByExtractAndConcat) {
    using namespace rope_half;
    corpus::Lcg rng(16);
    auto x = rng.fill(kR * kD, -2, 2), c = rng.fill(kH, -1, 1), s = rng.fill(kH, -1, 1);
    std::vector<bfloat16_t> out(kR * kD);
    ptosim::launch(1, Kernel, out.data(), x.data(), c.data(), s.data());
    for (int r = 0; r < kR; ++r)
        for (int j = 0; j < kH; ++j) {
            const float x1 = x[r * kD + j], x2 = x[r * kD + kH + j];
            const float a = x1 * c[j] - x2 * s[j], b = x2 * c[j] + x1 * s[j];
            ASSERT_EQ(out[r * kD + j].bits(), corpus::bf16_rne(a)) << r << "," << j;
            ASSERT_EQ(out[r * kD + kH + j].bits(), corpus::bf16_rne(b)) << r << "," << j;
        }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 21: interleaved RoPE. A pair-swap index (j ^ 1) is built from TCI by the float parity trick, then per
// row a row view re-pointed by TASSIGN is gathered through it (TGATHER with an index tile) and moved into the
// output row (TMOV); x * cos + swapped * sin' with sin' = -sin on even columns, +sin on odd ones.
namespace rope_interleave {
constexpr int kR = 4, kD = 64;
using RowF = Tile<TileType::Vec, float, 1, kD>;
using RowI = Tile<TileType::Vec, int32_t, 1, kD>;
using X = Tile<TileType::Vec, float, kR, kD>;
using GmX = GlobalTensor<float, Shape<1, 1, 1, kR, kD>, Stride<1, 1, 1, kD, 1>>;
using GmRow = GlobalTensor<float, Shape<1, 1, 1, 1, kD>, Stride<1, 1, 1, kD, 1>>;

AICORE void Kernel(__gm__ float* out, __gm__ float* x, __gm__ float* cos, __gm__ float* sin) {
    X xt, sw, ot;
    RowI pi, hi, idx, gtmp;
    RowF pf, h, sign, c, s, g;
    TASSIGN(xt, 0x0);
    TASSIGN(sw, 0x400);
    TASSIGN(ot, 0x800);
    TASSIGN(pi, 0x1000);
    TASSIGN(pf, 0x1000);
    TASSIGN(h, 0x1100);
    TASSIGN(hi, 0x1100);
    TASSIGN(sign, 0x1200);
    TASSIGN(idx, 0x1300);
    TASSIGN(gtmp, 0x1400);
    TASSIGN(c, 0x1500);
    TASSIGN(s, 0x1600);
    TASSIGN(g, 0x1700);
    GmX xg(x), og(out);
    GmRow cg(cos), sg(sin);
    TLOAD(xt, xg);
    TLOAD(c, cg);
    TLOAD(s, sg);
    TCI<RowI, int32_t, 0>(pi, 0);
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    TCVT(pf, pi, RoundMode::CAST_NONE);
    TMULS(h, pf, 0.5f);
    TCVT(hi, h, RoundMode::CAST_TRUNC);
    TCVT(h, hi, RoundMode::CAST_NONE);
    TMULS(h, h, 2.0f);
    TSUB(h, pf, h);            // parity
    TMULS(sign, h, 2.0f);      // 0 / 2
    TADDS(sign, sign, -1.0f);  // -1 even, +1 odd
    TMULS(h, h, -2.0f);
    TADDS(h, h, 1.0f);
    TADD(h, pf, h);  // j + 1 - 2 * parity = j ^ 1
    TCVT(idx, h, RoundMode::CAST_RINT);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TMUL(s, s, sign);
    for (int r = 0; r < kR; ++r) {
        RowF src, dst;
        TASSIGN(src, r * kD * 4);
        TASSIGN(dst, 0x400 + r * kD * 4);
        TGATHER(g, src, idx, gtmp);
        TMOV(dst, g);
    }
    TCOLEXPANDMUL(ot, xt, c);
    TCOLEXPANDMUL(sw, sw, s);
    TADD(ot, ot, sw);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, ot);
}
}  // namespace rope_interleave

TEST_F(Corpus, InterleavedRopeByIndexGather) {
    using namespace rope_interleave;
    corpus::Lcg rng(17);
    auto x = rng.fill(kR * kD, -2, 2), c = rng.fill(kD, -1, 1), s = rng.fill(kD, -1, 1);
    std::vector<float> out(kR * kD);
    ptosim::launch(1, Kernel, out.data(), x.data(), c.data(), s.data());
    for (int r = 0; r < kR; ++r)
        for (int j = 0; j < kD; ++j) {
            const float sw = x[r * kD + (j ^ 1)];
            const float sn = (j % 2 == 0) ? -s[j] : s[j];
            const float want = x[r * kD + j] * c[j] + sw * sn;
            ASSERT_EQ(out[r * kD + j], want) << r << "," << j;
        }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 30: a running sum over rows by row views. [C, H] is loaded with dynamic valid rows into a tile whose
// pad is Zero, TFILLPAD_INPLACE zeroes the rows past the valid ones through a static tile at the same
// address, rows 1 .. valid-1 are added one by one through row views re-pointed by TASSIGN and TMOVed out, the
// padding rows of the output are zeroed by TEXPANDS + TMOV, and the result is stored with the valid rows
// written into the GlobalTensor's shape (gs.shape[3] = valid).
namespace cumsum {
constexpr int kC = 16, kH = 64;
using Dyn = Tile<TileType::Vec, float, kC, kH, BLayout::RowMajor, DYNAMIC, kH, SLayout::NoneBox,
                 TileConfig::fractalABSize, PadValue::Zero>;
using Full = Tile<TileType::Vec, float, kC, kH, BLayout::RowMajor, kC, kH, SLayout::NoneBox,
                  TileConfig::fractalABSize, PadValue::Zero>;
using Row = Tile<TileType::Vec, float, 1, kH>;
using Gs = GlobalTensor<float, Shape<1, 1, 1, DYNAMIC, kH>, Stride<1, 1, 1, kH, 1>>;
constexpr int kRowBytes = kH * 4;

AICORE void Kernel(__gm__ float* out, __gm__ float* in, int valid) {
    Dyn x(valid);
    Full pad;
    Dyn y(valid);
    Row acc, zero;
    TASSIGN(x, 0x0);
    TASSIGN(pad, 0x0);
    TASSIGN(y, 0x2000);
    TASSIGN(acc, 0x4000);
    TASSIGN(zero, 0x4100);
    Gs gin(in, Gs::Shape(valid));
    TLOAD(x, gin);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TFILLPAD_INPLACE(pad, x);
    Row first, out0;
    TASSIGN(first, 0x0);
    TASSIGN(out0, 0x2000);
    TMOV(acc, first);
    TMOV(out0, acc);
    for (int i = 1; i < valid; ++i) {
        Row row_i, out_i;
        TASSIGN(row_i, i * kRowBytes);
        TASSIGN(out_i, 0x2000 + i * kRowBytes);
        TADD(acc, acc, row_i);
        TMOV(out_i, acc);
    }
    TEXPANDS(zero, 0.0f);
    for (int i = valid; i < kC; ++i) {
        Row out_i;
        TASSIGN(out_i, 0x2000 + i * kRowBytes);
        TMOV(out_i, zero);
    }
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    Gs::Shape gs;
    gs.shape[3] = valid;  // the shape mutated in place, then given to the GlobalTensor
    Gs gout(out, gs);
    TSTORE(gout, y);
}
}  // namespace cumsum

TEST_F(Corpus, RowViewCumulativeSumWithInPlaceFillPad) {
    using namespace cumsum;
    const int valid = 11;
    corpus::Lcg rng(18);
    auto in = rng.fill(valid * kH, -1, 1);
    std::vector<float> out(kC * kH, -5.0f);
    ptosim::launch(1, Kernel, out.data(), in.data(), valid);
    for (int c = 0; c < kH; ++c) {
        float acc = 0;
        for (int i = 0; i < valid; ++i) {
            acc = i == 0 ? in[c] : acc + in[i * kH + c];
            ASSERT_EQ(out[i * kH + c], acc) << i << "," << c;
        }
        for (int i = valid; i < kC; ++i)
            ASSERT_EQ(out[i * kH + c], -5.0f) << "past the stored rows: " << i << "," << c;
    }
}

}  // namespace
