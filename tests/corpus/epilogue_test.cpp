// Corpus: epilogues and activations (issue 37, idioms 1, 4, 9, 19, 22, 23 of notes' section 8). Each kernel
// is launched over blocks as a device kernel, synchronises its pipes with set_flag / wait_flag (or Events),
// and is compared with a reference computed here in plain C++.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "corpus/corpus.hpp"

namespace {

using namespace pto;
using corpus::Corpus;

// ---------------------------------------------------------------------------------------------------------
// Idiom 1: residual add, gamma scaling by TCOLEXPANDMUL, and the narrowing cast to bf16 written over its own
// f32 source (the bf16 tile is TASSIGNed to the f32 tile's address). Blocks take groups of 16 rows, the last
// group short (dynamic valid rows).
namespace residual_cast {
constexpr int kR = 16, kC = 256;
using RowsF = Tile<TileType::Vec, float, kR, kC, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using RowsB = Tile<TileType::Vec, bfloat16_t, kR, kC, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using GammaT = Tile<TileType::Vec, float, 1, kC>;
template <typename T>
using GmRows = GlobalTensor<T, Shape<1, 1, 1, DYNAMIC, kC>, Stride<1, 1, 1, kC, 1>>;
using GmGamma = GlobalTensor<float, Shape<1, 1, 1, 1, kC>, Stride<1, 1, 1, kC, 1>>;

AICORE void Kernel(__gm__ float* sum_out, __gm__ bfloat16_t* y, __gm__ float* x, __gm__ float* res,
                   __gm__ float* gamma, int n_rows) {
    GammaT g;
    TASSIGN(g, 0x10000);
    GmGamma gg(gamma);
    const int groups = (n_rows + kR - 1) / kR;
    for (int grp = static_cast<int>(get_block_idx()); grp < groups;
         grp += static_cast<int>(get_block_num())) {
        const int first = grp * kR;
        const int rows = std::min(kR, n_rows - first);
        RowsF xt(rows, kC), rt(rows, kC), st(rows, kC), a(rows, kC);
        RowsB b(rows, kC);
        TASSIGN(xt, 0x0);
        TASSIGN(rt, 0x4000);
        TASSIGN(st, 0x8000);
        TASSIGN(a, 0xC000);
        TASSIGN(b, 0xC000);  // in place over a
        GmRows<float> xg(x + first * kC, GmRows<float>::Shape(rows));
        GmRows<float> rg(res + first * kC, GmRows<float>::Shape(rows));
        GmRows<float> sg(sum_out + first * kC, GmRows<float>::Shape(rows));
        GmRows<bfloat16_t> yg(y + first * kC, GmRows<bfloat16_t>::Shape(rows));
        TLOAD(xt, xg);
        TLOAD(rt, rg);
        TLOAD(g, gg);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TADD(st, xt, rt);
        TCOLEXPANDMUL(a, st, g);
        TCVT(b, a, RoundMode::CAST_ROUND, SaturationMode::OFF);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE(sg, st);
        TSTORE(yg, b);
        // The next group's loads and vector work reuse these buffers.
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    }
}
}  // namespace residual_cast

TEST_F(Corpus, ResidualGammaCastToBf16InPlace) {
    using namespace residual_cast;
    const int n = 40;
    corpus::Lcg rng(1);
    auto x = rng.fill(n * kC, -4, 4), r = rng.fill(n * kC, -4, 4), gamma = rng.fill(kC, 0.5f, 1.5f);
    std::vector<float> sum(n * kC, -1.0f);
    std::vector<bfloat16_t> y(n * kC);
    ptosim::launch(3, Kernel, sum.data(), y.data(), x.data(), r.data(), gamma.data(), n);
    for (int i = 0; i < n * kC; ++i) {
        const float s = x[i] + r[i];
        ASSERT_EQ(sum[i], s) << i;
        ASSERT_EQ(y[i].bits(), corpus::bf16_rna(s * gamma[i % kC])) << i;
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 4: parity of positions by a floor trick of same-width in-place conversions: TCI -> i32->f32 in place
// -> *0.5 -> f32->i32 (TRUNC) in place -> back to f32 in place -> *2 -> subtract. The parity gives the
// alternating sign of an interleaved rotation, applied to the columns of x.
namespace parity {
constexpr int kC = 64;
using PosI = Tile<TileType::Vec, int32_t, 1, kC>;
using PosF = Tile<TileType::Vec, float, 1, kC>;
using X = Tile<TileType::Vec, float, 8, kC>;
using GmX = GlobalTensor<float, Shape<1, 1, 1, 8, kC>, Stride<1, 1, 1, kC, 1>>;
using GmRow = GlobalTensor<float, Shape<1, 1, 1, 1, kC>, Stride<1, 1, 1, kC, 1>>;

AICORE void Kernel(__gm__ float* out, __gm__ float* parity_out, __gm__ float* x) {
    PosI pi, hi;
    PosF pf, h, par;
    X xt;
    TASSIGN(pi, 0x0);
    TASSIGN(pf, 0x0);
    TASSIGN(h, 0x100);
    TASSIGN(hi, 0x100);
    TASSIGN(par, 0x200);
    TASSIGN(xt, 0x400);
    GmX xg(x + get_block_idx() * 8 * kC), og(out + get_block_idx() * 8 * kC);
    GmRow pg(parity_out + get_block_idx() * kC);
    TLOAD(xt, xg);
    TCI<PosI, int32_t, 0>(pi, 0);
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    TCVT(pf, pi, RoundMode::CAST_NONE);  // i32 -> f32 at one address
    TMULS(h, pf, 0.5f);
    TCVT(hi, h, RoundMode::CAST_TRUNC);  // f32 -> i32 at one address
    TCVT(h, hi, RoundMode::CAST_NONE);   // and back
    TMULS(h, h, 2.0f);
    TSUB(par, pf, h);  // pos - 2 * floor(pos / 2)
    TMULS(h, par, -2.0f);
    TADDS(h, h, 1.0f);  // +1 on even columns, -1 on odd
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TCOLEXPANDMUL(xt, xt, h);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, xt);
    TSTORE(pg, par);
}
}  // namespace parity

TEST_F(Corpus, ParityMaskBySameWidthInPlaceConversions) {
    using namespace parity;
    const int blocks = 2;
    corpus::Lcg rng(2);
    auto x = rng.fill(blocks * 8 * kC, -3, 3);
    std::vector<float> out(x.size()), par(blocks * kC, -7.0f);
    ptosim::launch(blocks, Kernel, out.data(), par.data(), x.data());
    for (int b = 0; b < blocks; ++b)
        for (int c = 0; c < kC; ++c)
            ASSERT_EQ(par[b * kC + c], static_cast<float>(c % 2)) << c;
    for (std::size_t i = 0; i < x.size(); ++i)
        ASSERT_EQ(out[i], (i % 2 == 0) ? x[i] : -x[i]) << i;
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 9: a whole-tile cast through 2D -> 1D TRESHAPE views of an [8, 64] f32 tile and an [8, 64] f16 tile.
namespace reshape_cast {
using F2 = Tile<TileType::Vec, float, 8, 64>;
using H2 = Tile<TileType::Vec, half, 8, 64>;
using F1 = Tile<TileType::Vec, float, 1, 512, BLayout::RowMajor, 1, 512>;
using H1 = Tile<TileType::Vec, half, 1, 512, BLayout::RowMajor, 1, 512>;
using GmF = GlobalTensor<float, Shape<1, 1, 1, 8, 64>, Stride<1, 1, 1, 64, 1>>;
using GmH = GlobalTensor<half, Shape<1, 1, 1, 8, 64>, Stride<1, 1, 1, 64, 1>>;

AICORE void Kernel(__gm__ half* out, __gm__ float* x, float scale) {
    F2 f;
    H2 h;
    F1 f1;
    H1 h1;
    TASSIGN(f, 0x0);
    TASSIGN(h, 0x1000);
    GmF xg(x);
    GmH og(out);
    TLOAD(f, xg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TMULS(f, f, scale);
    TRESHAPE(f1, f);
    TRESHAPE(h1, h);
    TCVT(h1, f1, RoundMode::CAST_ROUND);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, h);
}
}  // namespace reshape_cast

// float -> half, to nearest with ties away from zero (normal range), from the round-to-nearest-even result.
uint16_t half_rna(float f) {
    const uint16_t h = corpus::half_rne(f);
    const float v = corpus::half_value(h);
    if (v == f)
        return h;
    const uint16_t other =
        std::fabs(f) > std::fabs(v) ? static_cast<uint16_t>(h + 1) : static_cast<uint16_t>(h - 1);
    const float w = corpus::half_value(other);
    if (std::fabs(f - v) == std::fabs(w - f))
        return std::fabs(w) > std::fabs(v) ? other : h;
    return h;
}

TEST_F(Corpus, WholeTileCastThroughOneDimensionalReshape) {
    using namespace reshape_cast;
    std::vector<float> x(512);
    for (int i = 0; i < 512;
         ++i)  // every other value a tie of half's rounding: 1 + (2j + 1) * 2^-11, times 4
        x[i] = (i % 2 == 0) ? 0.25f * (1.0f + static_cast<float>(2 * (i % 1000) + 1) / 2048.0f) *
                                  ((i % 4) ? -1.f : 1.f)
                            : 0.01f * static_cast<float>(i - 256) + 0.001f;
    std::vector<half> out(512);
    ptosim::launch(1, Kernel, out.data(), x.data(), 4.0f);
    for (int i = 0; i < 512; ++i)
        ASSERT_EQ(out[i].bits(), half_rna(x[i] * 4.0f)) << i << " " << x[i] * 4.0f;
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 19: layer norm of fp16 rows with f32 math, the variance anchored at the row's first element (loaded
// alone through a one-element GlobalTensor into a [1, 16] tile of valid (1, 1)), row sums through ColMajor
// [8, 1] tiles of valid (1, 1) read as RowMajor [1, 8] aliases, TRSQRT refined by two Newton steps, a TMULS
// by 1 as a copy, and the cast back with CAST_RINT. Blocks take rows in turn.
namespace layernorm {
constexpr int kH = 1024, kChunk = 256;
using XH = Tile<TileType::Vec, half, 1, kH>;
using XF = Tile<TileType::Vec, float, 1, kH>;
using Chunk = Tile<TileType::Vec, float, 1, kChunk>;
using AnchorH = Tile<TileType::Vec, half, 1, 16, BLayout::RowMajor, 1, 1>;
using Scalar = Tile<TileType::Vec, float, 1, 8, BLayout::RowMajor, 1, 1>;
using ScalarCol = Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor, 1, 1>;
using GmRow = GlobalTensor<half, Shape<1, 1, 1, 1, kH>, Stride<1, 1, 1, kH, 1>>;
template <typename T, int N>
using Global1D = GlobalTensor<T, Shape<1, 1, 1, 1, N>, Stride<1, 1, 1, N, 1>>;

AICORE void Kernel(__gm__ half* y, __gm__ half* x, int n_rows, float eps) {
    XH xh, yh;
    XF xf, yf;
    AnchorH anchor;
    Scalar mean_row, sum_row, s1, s2, md, var, r, t;
    ScalarCol mean_col, sum_col, md_col, r_col;
    Chunk sq, tmp;
    TASSIGN(xh, 0x0);
    TASSIGN(xf, 0x1000);
    TASSIGN(anchor, 0x2000);
    TASSIGN(mean_row, 0x2100);
    TASSIGN(mean_col, 0x2100);
    TASSIGN(sq, 0x2200);
    TASSIGN(tmp, 0x2600);
    TASSIGN(sum_col, 0x2A00);
    TASSIGN(sum_row, 0x2A00);
    TASSIGN(s1, 0x2A20);
    TASSIGN(s2, 0x2A40);
    TASSIGN(md, 0x2A60);
    TASSIGN(md_col, 0x2A60);
    TASSIGN(var, 0x2A80);
    TASSIGN(r, 0x2AA0);
    TASSIGN(r_col, 0x2AA0);
    TASSIGN(t, 0x2AC0);
    TASSIGN(yh, 0x3000);
    TASSIGN(yf, 0x4000);
    const float inv_h = 1.0f / static_cast<float>(kH);
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // xh, anchor start free
    set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);  // yh starts free
    for (int row = static_cast<int>(block_idx); row < n_rows; row += static_cast<int>(block_num)) {
        GmRow xg(x + row * kH), yg(y + row * kH);
        Global1D<half, 1> ag(x + row * kH);
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        TLOAD(xh, xg);
        TLOAD(anchor, ag);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);
        TCVT(xf, xh, RoundMode::CAST_NONE);
        TCVT(mean_row, anchor, RoundMode::CAST_NONE);
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);  // xh and anchor have been read
        TEXPANDS(s1, 0.0f);
        TEXPANDS(s2, 0.0f);
        for (int c = 0; c < kH / kChunk; ++c) {
            Chunk xc;
            TASSIGN(xc, 0x1000 + c * kChunk * 4);
            TROWEXPANDSUB(xc, xc, mean_col);
            TROWSUM(sum_col, xc, tmp);
            TADD(s1, s1, sum_row);
            TMUL(sq, xc, xc);
            TROWSUM(sum_col, sq, tmp);
            TADD(s2, s2, sum_row);
        }
        TMULS(md, s1, inv_h);
        TMULS(var, s2, inv_h);
        TMUL(t, md, md);
        TSUB(var, var, t);
        TADDS(var, var, eps);
        TRSQRT(r, var);
        for (int step = 0; step < 2; ++step) {  // r *= 1.5 - 0.5 * var * r * r
            TMUL(t, r, r);
            TMUL(t, t, var);
            TMULS(t, t, -0.5f);
            TADDS(t, t, 1.5f);
            TMUL(r, r, t);
        }
        for (int c = 0; c < kH / kChunk; ++c) {
            Chunk xc;
            TASSIGN(xc, 0x1000 + c * kChunk * 4);
            TROWEXPANDSUB(xc, xc, md_col);
            TROWEXPANDMUL(xc, xc, r_col);
        }
        TMULS(yf, xf, 1.0f);
        wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        TCVT(yh, yf, RoundMode::CAST_RINT);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
        TSTORE(yg, yh);
        set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    }
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
}
}  // namespace layernorm

TEST_F(Corpus, LayerNormAnchoredVarianceNewtonRsqrt) {
    using namespace layernorm;
    const int n = 5;
    corpus::Lcg rng(3);
    std::vector<half> x(n * kH), y(n * kH);
    std::vector<float> xv(n * kH);
    for (int i = 0; i < n * kH; ++i) {
        const uint16_t b = corpus::half_rne(rng.next(-2, 2) + 100.0f * static_cast<float>(i / kH));
        x[i] = half::from_bits(b);
        xv[i] = corpus::half_value(b);
    }
    ptosim::launch(2, Kernel, y.data(), x.data(), n, 1e-5f);
    for (int row = 0; row < n; ++row) {
        const double a = xv[row * kH];
        double s1 = 0, s2 = 0;
        for (int c = 0; c < kH; ++c) {
            const double d = xv[row * kH + c] - a;
            s1 += d;
            s2 += d * d;
        }
        const double md = s1 / kH, var = s2 / kH - md * md;
        const double r = 1.0 / std::sqrt(var + 1e-5);
        for (int c = 0; c < kH; ++c) {
            const double want = (xv[row * kH + c] - a - md) * r;
            const float got = corpus::half_value(y[row * kH + c].bits());
            ASSERT_TRUE(corpus::near(got, want, 2e-3, 2e-3))
                << row << "," << c << ": " << got << " vs " << want;
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 22: SwiGLU y = x0 / (1 + exp(-x0)) * x1 over tiles striped across the blocks, with two buffer sets
// (ping-pong), EVENT_ID0 / EVENT_ID1 per set, the reverse flags set before the loop and waited after it.
namespace swiglu {
constexpr int kR = 8, kC = 256;
using T = Tile<TileType::Vec, float, kR, kC>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, kR, kC>, Stride<1, 1, 1, kC, 1>>;
constexpr event_t kEv[2] = {EVENT_ID0, EVENT_ID1};

AICORE void Kernel(__gm__ float* y, __gm__ float* x0, __gm__ float* x1, int n_tiles) {
    T a[2], b[2], o[2];
    for (int p = 0; p < 2; ++p) {
        TASSIGN(a[p], 0x0000 + p * 0x6000);
        TASSIGN(b[p], 0x2000 + p * 0x6000);
        TASSIGN(o[p], 0x4000 + p * 0x6000);
        set_flag(PIPE_V, PIPE_MTE2, kEv[p]);
        set_flag(PIPE_MTE3, PIPE_V, kEv[p]);
    }
    int p = 0;
    for (int t = static_cast<int>(get_block_idx()); t < n_tiles;
         t += static_cast<int>(get_block_num()), p ^= 1) {
        Gm g0(x0 + t * kR * kC), g1(x1 + t * kR * kC), gy(y + t * kR * kC);
        wait_flag(PIPE_V, PIPE_MTE2, kEv[p]);
        TLOAD(a[p], g0);
        TLOAD(b[p], g1);
        set_flag(PIPE_MTE2, PIPE_V, kEv[p]);
        wait_flag(PIPE_MTE2, PIPE_V, kEv[p]);
        wait_flag(PIPE_MTE3, PIPE_V, kEv[p]);
        TMULS(o[p], a[p], -1.0f);
        TEXP(o[p], o[p]);
        TADDS(o[p], o[p], 1.0f);
        TDIV(o[p], a[p], o[p]);
        TMUL(o[p], o[p], b[p]);
        set_flag(PIPE_V, PIPE_MTE2, kEv[p]);
        set_flag(PIPE_V, PIPE_MTE3, kEv[p]);
        wait_flag(PIPE_V, PIPE_MTE3, kEv[p]);
        TSTORE(gy, o[p]);
        set_flag(PIPE_MTE3, PIPE_V, kEv[p]);
    }
    for (int q = 0; q < 2; ++q) {
        wait_flag(PIPE_V, PIPE_MTE2, kEv[q]);
        wait_flag(PIPE_MTE3, PIPE_V, kEv[q]);
    }
}

// The variant whose loads return Events that the vector pipe waits for with TSYNC; one buffer set.
AICORE void KernelWithEvents(__gm__ float* y, __gm__ float* x0, __gm__ float* x1, int n_tiles) {
    T a, b, o;
    TASSIGN(a, 0x0000);
    TASSIGN(b, 0x2000);
    TASSIGN(o, 0x4000);
    for (int t = static_cast<int>(get_block_idx()); t < n_tiles; t += static_cast<int>(get_block_num())) {
        Gm g0(x0 + t * kR * kC), g1(x1 + t * kR * kC), gy(y + t * kR * kC);
        Event<Op::TLOAD, Op::TMULS> la = TLOAD(a, g0);
        Event<Op::TLOAD, Op::TMUL> lb = TLOAD(b, g1);
        TSYNC(la);
        TMULS(o, a, -1.0f);
        TEXP(o, o);
        TADDS(o, o, 1.0f);
        TDIV(o, a, o);
        TSYNC(lb);
        Event<Op::TMUL, Op::TSTORE_VEC> done = TMUL(o, o, b);
        TSTORE(gy, o, done);
        // a, b and o are used again by the next tile's loads and vector instructions.
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    }
}
}  // namespace swiglu

void check_swiglu(const std::vector<float>& y, const std::vector<float>& x0, const std::vector<float>& x1) {
    for (std::size_t i = 0; i < y.size(); ++i) {
        const double a = x0[i], want = a / (1.0 + std::exp(-a)) * x1[i];
        ASSERT_TRUE(corpus::near(y[i], want, 1e-5, 1e-6)) << i << ": " << y[i] << " vs " << want;
    }
}

TEST_F(Corpus, SwiGluPingPongStripedOverBlocks) {
    using namespace swiglu;
    const int tiles = 9;
    corpus::Lcg rng(4);
    auto x0 = rng.fill(tiles * kR * kC, -6, 6), x1 = rng.fill(tiles * kR * kC, -2, 2);
    std::vector<float> y(x0.size(), 0.0f);
    ptosim::launch(4, Kernel, y.data(), x0.data(), x1.data(), tiles);
    check_swiglu(y, x0, x1);
}

TEST_F(Corpus, SwiGluLoadEventsWaitedByTsync) {
    using namespace swiglu;
    const int tiles = 5;
    corpus::Lcg rng(5);
    auto x0 = rng.fill(tiles * kR * kC, -6, 6), x1 = rng.fill(tiles * kR * kC, -2, 2);
    std::vector<float> y(x0.size(), 0.0f);
    ptosim::launch(2, KernelWithEvents, y.data(), x0.data(), x1.data(), tiles);
    check_swiglu(y, x0, x1);
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 23: max |x| of a long row in chunks of 1024. TROWMAX's tmp is its own source; after the first chunk
// its dst is the start of the (dead) abs region, folded into the running max by TMAX on [1, 8] tiles of valid
// (1, 1); the scalar unit reads the result with GetValue and writes it to GM.
namespace absmax {
constexpr int kChunk = 1024;
using Row = Tile<TileType::Vec, float, 1, kChunk>;
using One = Tile<TileType::Vec, float, 1, 8, BLayout::RowMajor, 1, 1>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, 1, kChunk>, Stride<1, 1, 1, kChunk, 1>>;

AICORE void Kernel(__gm__ float* out, __gm__ float* x, int n_rows, int len) {
    Row xt, ab;
    One acc, fresh;
    TASSIGN(xt, 0x0);
    TASSIGN(ab, 0x1000);
    TASSIGN(fresh, 0x1000);  // the start of the abs region, dead once reduced
    TASSIGN(acc, 0x2000);
    for (int row = static_cast<int>(get_block_idx()); row < n_rows;
         row += static_cast<int>(get_block_num())) {
        set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        for (int k = 0; k < len / kChunk; ++k) {
            Gm g(x + row * len + k * kChunk);
            wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
            TLOAD(xt, g);
            set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
            wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
            TABS(ab, xt);
            set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
            if (k == 0) {
                TROWMAX(acc, ab, ab);
            } else {
                TROWMAX(fresh, ab, ab);
                TMAX(acc, acc, fresh);
            }
        }
        wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
        set_flag(PIPE_V, PIPE_S, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
        out[row] = acc.GetValue(0);
        set_flag(PIPE_S, PIPE_V, EVENT_ID0);  // the next row's TROWMAX overwrites acc
        wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    }
}
}  // namespace absmax

TEST_F(Corpus, ChunkedAbsMaxWithTmpAliasingTheSource) {
    using namespace absmax;
    const int rows = 3, len = 4096;
    corpus::Lcg rng(6);
    auto x = rng.fill(rows * len, -10, 10);
    x[1 * len + 3000] = -42.5f;
    x[2 * len + 5] = 37.0f;
    std::vector<float> out(rows, 0.0f);
    ptosim::launch(2, Kernel, out.data(), x.data(), rows, len);
    for (int r = 0; r < rows; ++r) {
        float m = 0;
        for (int c = 0; c < len; ++c)
            m = std::max(m, std::fabs(x[r * len + c]));
        EXPECT_EQ(out[r], m) << r;
    }
}

}  // namespace
