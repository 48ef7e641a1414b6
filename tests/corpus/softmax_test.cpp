// Corpus: softmax, masks and sort-based top-k (issue 37, idioms 10, 11, 24 of notes' section 8):
// TFILLPAD_INPLACE through three tiles at one address, SetValidShape + TFILLPAD before TSORT32 / TMRGSORT /
// TGATHER, and a causal mask built from TCI and TTRI.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "corpus/corpus.hpp"

namespace {

using namespace pto;
using corpus::Corpus;

// ---------------------------------------------------------------------------------------------------------
// Idiom 10: masked softmax. A full [M, N] f32 tile is loaded; a dynamic-column tile <M, N, M, -1>(valid_len)
// and a PadValue::Min tile sit at the same address; TFILLPAD_INPLACE(pad, dyn) fills the columns past
// valid_len with the minimum, then TMULS by the scale, TROWMAX into a ColMajor [M, 1], TROWEXPANDSUB, TEXP;
// the probabilities are cast to bf16 (stored) and back to f32 for TROWSUM.
namespace masked {
constexpr int kM = 8, kN = 64;
using Full = Tile<TileType::Vec, float, kM, kN>;
using Dyn = Tile<TileType::Vec, float, kM, kN, BLayout::RowMajor, kM, DYNAMIC>;
using Pad = Tile<TileType::Vec, float, kM, kN, BLayout::RowMajor, kM, kN, SLayout::NoneBox,
                 TileConfig::fractalABSize, PadValue::Min>;
using PB = Tile<TileType::Vec, bfloat16_t, kM, kN>;
using Col = Tile<TileType::Vec, float, kM, 1, BLayout::ColMajor>;
using GmS = GlobalTensor<float, Shape<1, 1, 1, kM, kN>, Stride<1, 1, 1, kN, 1>>;
using GmP = GlobalTensor<bfloat16_t, Shape<1, 1, 1, kM, kN>, Stride<1, 1, 1, kN, 1>>;
using GmCol = GlobalTensor<float, Shape<1, 1, 1, kM, 1>, Stride<1, 1, 1, 1, 1>, Layout::DN>;

AICORE void Kernel(__gm__ bfloat16_t* p_out, __gm__ float* sum_out, __gm__ float* s, int valid_len,
                   float scale) {
    Full full, e, tmp;
    Dyn dyn(valid_len);
    Pad pad;
    PB pb;
    Col mx, sum;
    TASSIGN(full, 0x0);
    TASSIGN(dyn, 0x0);
    TASSIGN(pad, 0x0);
    TASSIGN(e, 0x800);
    TASSIGN(tmp, 0x1000);
    TASSIGN(pb, 0x1800);
    TASSIGN(mx, 0x2000);
    TASSIGN(sum, 0x2100);
    GmS sg(s);
    TLOAD(full, sg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TFILLPAD_INPLACE(pad, dyn);
    TMULS(pad, pad, scale);
    TROWMAX(mx, pad, tmp);
    TROWEXPANDSUB(pad, pad, mx);
    TEXP(pad, pad);
    TCVT(pb, pad, RoundMode::CAST_RINT);
    TCVT(e, pb, RoundMode::CAST_NONE);
    TROWSUM(sum, e, tmp);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    GmP pg(p_out);
    GmCol cg(sum_out);
    TSTORE(pg, pb);
    TSTORE(cg, sum);
}
}  // namespace masked

TEST_F(Corpus, MaskedSoftmaxThroughFillPadInPlaceTripleAlias) {
    using namespace masked;
    const int valid = 37;
    const float scale = 0.125f;
    corpus::Lcg rng(31);
    auto s = rng.fill(kM * kN, -8, 8);
    std::vector<bfloat16_t> p(kM * kN);
    std::vector<float> sum(kM);
    ptosim::launch(1, Kernel, p.data(), sum.data(), s.data(), valid, scale);
    for (int r = 0; r < kM; ++r) {
        float m = s[r * kN] * scale;
        for (int c = 0; c < valid; ++c)
            m = std::max(m, s[r * kN + c] * scale);
        double total = 0;
        for (int c = 0; c < kN; ++c) {
            const double want = c < valid ? std::exp(static_cast<double>(s[r * kN + c] * scale - m)) : 0.0;
            const float got = corpus::bf16_value(p[r * kN + c].bits());
            ASSERT_TRUE(corpus::near(got, want, 1.0 / 128, 1e-30))
                << r << "," << c << ": " << got << " vs " << want;
            total += got;
        }
        ASSERT_TRUE(corpus::near(sum[r], total, 1e-6, 0)) << r;
    }
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 11: top-k of a row whose valid length n is read from GM. The output is pre-filled with -1; a full
// [1, 4096] row is loaded and cut to n by SetValidShape; TFILLPAD into a PadValue::Min tile at the same
// address; TCI indices; TSORT32; single-list TMRGSORT at block lengths 64, 256 and 1024; a two-list TMRGSORT
// of the two halves (MrgSortExecutedNumList) keeping the first k pairs; TGATHER<P1010> takes the indices out
// of the (value, index) pairs; SetValidShape(1, min(n, k)) and TSTORE.
namespace topk {
constexpr int kL = 4096, kK = 64;
using Row = Tile<TileType::Vec, float, 1, kL, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using PadRow = Tile<TileType::Vec, float, 1, kL, BLayout::RowMajor, 1, kL, SLayout::NoneBox,
                    TileConfig::fractalABSize, PadValue::Min>;
using Idx = Tile<TileType::Vec, uint32_t, 1, kL>;
using Pairs = Tile<TileType::Vec, float, 1, 2 * kL>;
using List = Tile<TileType::Vec, float, 1, kL>;  // kL / 2 pairs
using Best = Tile<TileType::Vec, float, 1, 2 * kK>;
using BestBits = Tile<TileType::Vec, int32_t, 1, 2 * kK>;
using MrgTmp = Tile<TileType::Vec, float, 1, 2 * kL>;
using Out = Tile<TileType::Vec, int32_t, 1, kK, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using GmRow = GlobalTensor<float, Shape<1, 1, 1, 1, kL>, Stride<1, 1, 1, kL, 1>>;
using GmOut = GlobalTensor<int32_t, Shape<1, 1, 1, 1, DYNAMIC>, Stride<1, 1, 1, kK, 1>>;

AICORE void Kernel(__gm__ int32_t* out, __gm__ float* x, __gm__ int32_t* n_gm) {
    const int n = n_gm[0];
    Row t(1, kL);
    PadRow pad;
    Idx idx;
    Pairs pa, pb;
    List l0, l1;
    Best best;
    BestBits best_bits;
    MrgTmp tmp;
    Out fill(1, kK), res(1, kK);
    TASSIGN(t, 0x0);
    TASSIGN(pad, 0x0);
    TASSIGN(idx, 0x4000);
    TASSIGN(pa, 0x8000);
    TASSIGN(pb, 0x10000);
    TASSIGN(l0, 0x10000);
    TASSIGN(l1, 0x10000 + kL * 4);
    TASSIGN(best, 0x18000);
    TASSIGN(best_bits, 0x18000);
    TASSIGN(tmp, 0x20000);
    TASSIGN(fill, 0x28000);
    TASSIGN(res, 0x28100);
    GmOut og(out, GmOut::Shape(kK));
    TEXPANDS(fill, -1);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, fill);
    GmRow xg(x);
    TLOAD(t, xg);
    t.SetValidShape(1, n);
    TCI<Idx, uint32_t, 0>(idx, 0u);
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TFILLPAD(pad, t);
    TSORT32(pa, pad, idx);
    TMRGSORT(pb, pa, 64);
    TMRGSORT(pa, pb, 256);
    TMRGSORT(pb, pa, 1024);
    MrgSortExecutedNumList executed{};
    TMRGSORT<Best, MrgTmp, List, List, false>(best, executed, tmp, l0, l1);
    TGATHER<Out, BestBits, MaskPattern::P1010>(res, best_bits);
    res.SetValidShape(1, std::min(n, kK));
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
    GmOut rg(out, GmOut::Shape(std::min(n, kK)));
    TSTORE(rg, res);
}
}  // namespace topk

void run_topk(int n) {
    using namespace topk;
    corpus::Lcg rng(32 + static_cast<uint32_t>(n));
    auto x = rng.fill(kL, -100, 100);
    std::vector<int32_t> out(kK, 999), ngm = {n};
    ptosim::launch(1, Kernel, out.data(), x.data(), ngm.data());
    std::vector<int32_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return x[a] > x[b]; });
    for (int i = 0; i < kK; ++i)
        ASSERT_EQ(out[i], i < n ? order[i] : -1) << i;
}

TEST_F(Corpus, SortTopKOfARuntimeValidLength) {
    run_topk(3000);
}

TEST_F(Corpus, SortTopKOfFewerValuesThanK) {
    run_topk(40);
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 24: a causal flash-attention score block. TCI int32 + TCVT builds j on row 0 of a position tile; row
// views get TADDS(row_i, row0, -i) (relative position j - i), and the block is TCVT'd to f16 (stored). An
// ALiBi bias slope * (j - i) is added, TTRI (upper, diagonal 1) times -1e30 masks the future; then TROWMAX,
// TROWEXPANDSUB, TMULS(scale), TEXP, TROWSUM.
namespace causal {
constexpr int kS = 16;
using S = Tile<TileType::Vec, float, kS, kS>;
using SH = Tile<TileType::Vec, half, kS, kS>;
using RowF = Tile<TileType::Vec, float, 1, kS>;
using RowI = Tile<TileType::Vec, int32_t, 1, kS>;
using Col = Tile<TileType::Vec, float, kS, 1, BLayout::ColMajor>;
using GmS = GlobalTensor<float, Shape<1, 1, 1, kS, kS>, Stride<1, 1, 1, kS, 1>>;
using GmSH = GlobalTensor<half, Shape<1, 1, 1, kS, kS>, Stride<1, 1, 1, kS, 1>>;
using GmCol = GlobalTensor<float, Shape<1, 1, 1, kS, 1>, Stride<1, 1, 1, 1, 1>, Layout::DN>;

AICORE void Kernel(__gm__ float* p_out, __gm__ float* l_out, __gm__ half* pos_out, __gm__ float* scores,
                   float slope, float scale) {
    S sc, pos, tri, tmp;
    SH posh;
    RowI j;
    Col mx, l;
    TASSIGN(sc, 0x0);
    TASSIGN(pos, 0x400);
    TASSIGN(tri, 0x800);
    TASSIGN(tmp, 0xC00);
    TASSIGN(posh, 0x1000);
    TASSIGN(j, 0x1200);
    TASSIGN(mx, 0x1400);
    TASSIGN(l, 0x1500);
    GmS sg(scores), pg(p_out);
    TLOAD(sc, sg);
    TCI<RowI, int32_t, 0>(j, 0);
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
    RowF row0;
    TASSIGN(row0, 0x400);
    TCVT(row0, j, RoundMode::CAST_NONE);
    for (int i = 1; i < kS; ++i) {
        RowF row_i;
        TASSIGN(row_i, 0x400 + i * kS * 4);
        TADDS(row_i, row0, static_cast<float>(-i));
    }
    TCVT(posh, pos, RoundMode::CAST_RINT);
    TTRI<S, 1>(tri, 1);
    TMULS(tri, tri, -1e30f);
    TMULS(pos, pos, slope);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TADD(sc, sc, pos);
    TADD(sc, sc, tri);
    TROWMAX(mx, sc, tmp);
    TROWEXPANDSUB(sc, sc, mx);
    TMULS(sc, sc, scale);
    TEXP(sc, sc);
    TROWSUM(l, sc, tmp);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    GmSH hg(pos_out);
    GmCol lg(l_out);
    TSTORE(pg, sc);
    TSTORE(lg, l);
    TSTORE(hg, posh);
}
}  // namespace causal

TEST_F(Corpus, CausalScoreBlockWithIotaPositionsAndTriangularMask) {
    using namespace causal;
    const float slope = 0.25f, scale = 0.5f;
    corpus::Lcg rng(33);
    auto s = rng.fill(kS * kS, -4, 4);
    std::vector<float> p(kS * kS), l(kS);
    std::vector<half> pos(kS * kS);
    ptosim::launch(1, Kernel, p.data(), l.data(), pos.data(), s.data(), slope, scale);
    for (int i = 0; i < kS; ++i) {
        double m = -1e300;
        for (int jj = 0; jj <= i; ++jj)
            m = std::max(m, static_cast<double>(s[i * kS + jj]) + slope * (jj - i));
        double total = 0;
        for (int jj = 0; jj < kS; ++jj) {
            ASSERT_EQ(corpus::half_value(pos[i * kS + jj].bits()), static_cast<float>(jj - i))
                << i << "," << jj;
            const double want =
                jj <= i ? std::exp((static_cast<double>(s[i * kS + jj]) + slope * (jj - i) - m) * scale)
                        : 0.0;
            ASSERT_TRUE(corpus::near(p[i * kS + jj], want, 1e-5, 1e-30)) << i << "," << jj;
            total += want;
        }
        ASSERT_TRUE(corpus::near(l[i], total, 1e-5, 0)) << i;
    }
}

}  // namespace
