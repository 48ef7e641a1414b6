// Corpus: int8 quantisation chains at one address (issue 37, idioms 2 and 3 of notes' section 8), built for
// the A2A3 profile (PTO_NPU_ARCH_A2A3): the chain f32 -> i32 -> f16 -> i8 uses int32 -> half, a pair A2A3 has
// and A5 does not (docs/isa/TCVT.md), as the kernels it comes from target A2A3.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "corpus/corpus.hpp"

namespace {

using namespace pto;
using corpus::Corpus;

static_assert(ptosim::kArch == ptosim::Arch::A2A3, "this file is built for the A2A3 profile");

// round-to-nearest-even of a float to an integer, ties away from zero, truncation, saturation to int8.
int8_t sat8(float v) {
    return static_cast<int8_t>(std::clamp(v, -128.0f, 127.0f));
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 2: per-token int8 quantisation. TROWMAX of |x| into a ColMajor [8, 1] tile (tmp distinct), read as a
// RowMajor [1, 8] alias; clamped by TEXPANDS + TMAX; 127 / max by TDIV into a RowMajor [1, 8] tile aliased as
// ColMajor [8, 1] for TROWEXPANDMUL; then f32 -> i32 (RINT) -> f16 (ROUND) -> i8 (TRUNC) all at one address.
// The int8 data and the scales max / 127 are stored; a second output is zero-filled by TEXPANDS(half, 0) and
// an in-place half -> int8.
namespace per_token {
constexpr int kR = 8, kC = 1024;
using F = Tile<TileType::Vec, float, kR, kC>;
using I32 = Tile<TileType::Vec, int32_t, kR, kC>;
using H = Tile<TileType::Vec, half, kR, kC>;
using I8 = Tile<TileType::Vec, int8_t, kR, kC>;
using Col = Tile<TileType::Vec, float, kR, 1, BLayout::ColMajor>;
using Row = Tile<TileType::Vec, float, 1, kR>;
using GmF = GlobalTensor<float, Shape<1, 1, 1, kR, kC>, Stride<1, 1, 1, kC, 1>>;
using GmI8 = GlobalTensor<int8_t, Shape<1, 1, 1, kR, kC>, Stride<1, 1, 1, kC, 1>>;
using GmRow = GlobalTensor<float, Shape<1, 1, 1, 1, kR>, Stride<1, 1, 1, kR, 1>>;

AICORE void Kernel(__gm__ int8_t* q, __gm__ float* scales, __gm__ int8_t* zeros, __gm__ float* x) {
    F xt, ab, tmp;
    I32 xi;
    H xh, zh;
    I8 x8, z8;
    Col amax_c, inv_c;
    Row amax_r, eps_r, c127_r, inv_r;
    TASSIGN(xt, 0x0);
    TASSIGN(xi, 0x0);
    TASSIGN(xh, 0x0);
    TASSIGN(x8, 0x0);
    TASSIGN(ab, 0x8000);
    TASSIGN(tmp, 0x10000);
    TASSIGN(zh, 0x18000);
    TASSIGN(z8, 0x18000);
    TASSIGN(amax_c, 0x20000);
    TASSIGN(amax_r, 0x20000);
    TASSIGN(eps_r, 0x20100);
    TASSIGN(c127_r, 0x20200);
    TASSIGN(inv_r, 0x20300);
    TASSIGN(inv_c, 0x20300);
    const int64_t b = get_block_idx();
    GmF xg(x + b * kR * kC);
    GmI8 qg(q + b * kR * kC), zg(zeros + b * kR * kC);
    GmRow sg(scales + b * kR);
    TLOAD(xt, xg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TABS(ab, xt);
    TROWMAX(amax_c, ab, tmp);
    TEXPANDS(eps_r, 1e-4f);
    TMAX(amax_r, amax_r, eps_r);
    TEXPANDS(c127_r, 127.0f);
    TDIV(inv_r, c127_r, amax_r);
    TROWEXPANDMUL(xt, xt, inv_c);
    TCVT(xi, xt, RoundMode::CAST_RINT);
    TCVT(xh, xi, RoundMode::CAST_ROUND);
    TCVT(x8, xh, RoundMode::CAST_TRUNC);
    TDIVS(amax_r, amax_r, 127.0f);
    TEXPANDS(zh, half(0.0f));
    TCVT(z8, zh, RoundMode::CAST_TRUNC);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(qg, x8);
    TSTORE(sg, amax_r);
    TSTORE(zg, z8);
}
}  // namespace per_token

TEST_F(Corpus, PerTokenInt8QuantisationChainAtOneAddress) {
    using namespace per_token;
    const int blocks = 2;
    corpus::Lcg rng(41);
    auto x = rng.fill(blocks * kR * kC, -3, 3);
    for (int c = 0; c < kC; ++c)
        x[3 * kC + c] = 0.0f;  // an all-zero row: the clamp decides its scale
    std::vector<int8_t> q(x.size(), 55), z(x.size(), 55);
    std::vector<float> sc(blocks * kR);
    ptosim::launch(blocks, Kernel, q.data(), sc.data(), z.data(), x.data());
    for (int r = 0; r < blocks * kR; ++r) {
        float m = 0;
        for (int c = 0; c < kC; ++c)
            m = std::max(m, std::fabs(x[r * kC + c]));
        m = std::max(m, 1e-4f);
        const float inv = 127.0f / m;
        ASSERT_EQ(sc[r], m / 127.0f) << r;
        for (int c = 0; c < kC; ++c) {
            const float y = x[r * kC + c] * inv;
            const float i = std::nearbyint(y);  // RINT: ties to even (the default rounding of the host)
            ASSERT_EQ(q[r * kC + c], sat8(std::trunc(i))) << r << "," << c;
            ASSERT_EQ(z[r * kC + c], 0) << r << "," << c;
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 3: the same chain over 1024-element chunks of a flat UB region, chunk k's f32 source at
// base + k * 4096 and its i32 / f16 results at base + k * 4096 / base + k * 2048: from chunk 1 on, the f16
// result lies over earlier chunks' inputs. The int8 output goes to a region of its own.
namespace chunked {
constexpr int kN = 1024, kChunks = 4, kBase = 0x0, kOut = 0x10000;
using F = Tile<TileType::Vec, float, 1, kN>;
using I32 = Tile<TileType::Vec, int32_t, 1, kN>;
using H = Tile<TileType::Vec, half, 1, kN>;
using I8 = Tile<TileType::Vec, int8_t, 1, kN>;
using I8All = Tile<TileType::Vec, int8_t, 1, kN * kChunks>;
using FAll = Tile<TileType::Vec, float, 1, kN * kChunks>;
using GmF = GlobalTensor<float, Shape<1, 1, 1, 1, kN * kChunks>, Stride<1, 1, 1, 1, 1>>;
using GmI8 = GlobalTensor<int8_t, Shape<1, 1, 1, 1, kN * kChunks>, Stride<1, 1, 1, 1, 1>>;

AICORE void Kernel(__gm__ int8_t* q, __gm__ float* x, float scale) {
    FAll all;
    I8All out;
    TASSIGN(all, kBase);
    TASSIGN(out, kOut);
    GmF xg(x);
    GmI8 qg(q);
    TLOAD(all, xg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    for (int k = 0; k < kChunks; ++k) {
        F f;
        I32 i;
        H h;
        I8 o;
        TASSIGN(f, kBase + k * kN * 4);
        TASSIGN(i, kBase + k * kN * 4);
        TASSIGN(h, kBase + k * kN * 2);
        TASSIGN(o, kOut + k * kN);
        TMULS(f, f, scale);
        TCVT(i, f, RoundMode::CAST_RINT);
        TCVT(h, i, RoundMode::CAST_ROUND);
        TCVT(o, h, RoundMode::CAST_TRUNC);
    }
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(qg, out);
}
}  // namespace chunked

TEST_F(Corpus, ChunkedQuantisationInAFlatRegion) {
    using namespace chunked;
    corpus::Lcg rng(42);
    auto x = rng.fill(kN * kChunks, -1, 1);
    std::vector<int8_t> q(x.size(), 55);
    ptosim::launch(1, Kernel, q.data(), x.data(), 120.0f);
    for (std::size_t n = 0; n < x.size(); ++n)
        ASSERT_EQ(q[n], sat8(std::trunc(std::nearbyint(x[n] * 120.0f)))) << n;
}

}  // namespace
