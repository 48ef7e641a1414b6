// Flash attention forward for one head, written as a PTO device kernel (docs/examples.md).
//
//   O = softmax(Q K^T / sqrt(D)) V      Q: S_q x D, K and V: S_kv x D (row-major), O: S_q x D float
//
// Inputs are float or half; every accumulation is float. With `causal`, query i sees keys j <= i + S_kv - S_q
// (the last query sees every key). Each block of a launch takes every get_block_num()-th group of kBq query
// rows and streams K and V through the cube kBkv rows at a time, keeping the running row maximum m, the
// running row sum l and the unnormalised output O in the UB (the online softmax):
//
//   cube    TLOAD Q -> Mat (Nz), TMOV -> Left                                          once per query group
//           TLOAD K^T (a DN view of K) -> Mat (Zn), TMOV -> Right; TLOAD V -> Mat (Nz), TEXTRACT -> Right
//           TMATMUL S = Q K^T into Acc; TMOV Acc -> Vec
//   vector  S *= 1/sqrt(D) (TMULS); causal diagonal blocks: TTRI, TCMPS, TSEL(S, mask, S, -inf)
//           m' = TMAX(m, TROWMAX(S)); P = TEXP(TROWEXPANDSUB(S, m')); alpha = TEXP(TSUB(m, m'))
//           l = l * alpha + TROWSUM(P) (TMUL, TADD); O = TROWEXPANDMUL(O, alpha); m = m'
//           half inputs: P -> half (TCVT, round to nearest even)
//   cube    TMOV P Vec -> Mat -> Left; TMATMUL P V into Acc; TMOV Acc -> Vec; O += P V (TADD)
//   end     O = TROWEXPANDDIV(O, l); TSTORE O
//
// The set_flag / wait_flag pairs mark each hand-over between the pipes as a device kernel must (MTE2: global
// -> L1, MTE1: L1 -> L0, M: the cube, FIX: L0C out, V: the vector unit, MTE3: UB -> L1 and UB -> global);
// ptosim runs every instruction to completion in order, so they order nothing here.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace examples::flash_attention {

using namespace pto;

constexpr int kBq = 64;   // query rows per group
constexpr int kBkv = 64;  // key / value rows per step

struct Params {
    int s_q = 1024;   // query rows, a multiple of kBq
    int s_kv = 1024;  // key / value rows, a multiple of kBkv (causal: at least s_q)
    int d = 128;      // head dimension: 64 or 128
    bool causal = false;
    unsigned blocks = 1;  // simulated cores (ptosim::launch's blockDim)
};

// The keys query i of a problem sees: [0, visible(i)).
inline int64_t visible_keys(const Params& p, int64_t i) {
    return p.causal ? std::min<int64_t>(p.s_kv, i + 1 + (p.s_kv - p.s_q)) : p.s_kv;
}

// 4 D flops (two multiply-adds) per (query, visible key) pair: the usual count, masked pairs excluded.
inline double flops(const Params& p) {
    double pairs = 0;
    for (int64_t i = 0; i < p.s_q; ++i)
        pairs += static_cast<double>(visible_keys(p, i));
    return 4.0 * p.d * pairs;
}

namespace detail {

// L1 (Mat) map, bytes; each region holds the largest case (D = 128, float).
constexpr int kQMat = 0x00000;   // kBq x D
constexpr int kKtMat = 0x08000;  // D x kBkv
constexpr int kVMat = 0x10000;   // kBkv x D
constexpr int kPMat = 0x18000;   // kBq x kBkv
// L0A / L0B / L0C maps.
constexpr int kQLeft = 0x0000, kPLeft = 0x8000;     // L0A: 32 KiB + 16 KiB of 64 KiB
constexpr int kKtRight = 0x0000, kVRight = 0x8000;  // L0B: 32 KiB + 32 KiB of 64 KiB
constexpr int kSAcc = 0x0000, kPvAcc = 0x4000;      // L0C: 16 KiB + 32 KiB of 128 KiB
// UB map.
constexpr int kSUb = 0x00000;       // kBq x kBkv float: scores, then P in place
constexpr int kTmpUb = 0x04000;     // kBq x kBkv float: the reductions' scratch operand
constexpr int kNegInfUb = 0x08000;  // kBq x kBkv float, all -inf
constexpr int kTriUb = 0x0C000;     // kBq x kBkv float: TTRI's 0 / 1 triangle
constexpr int kPHalfUb = 0x10000;   // kBq x kBkv half
constexpr int kMaskUb = 0x12000;    // kBq x 32 bytes: the causal predicate
constexpr int kSelTmpUb = 0x12800;  // TSEL's scratch operand (A2A3 stages the mask there; unused on A5)
constexpr int kOUb = 0x13000;       // kBq x D float: running output
constexpr int kPvUb = 0x1B000;      // kBq x D float: this step's P V
constexpr int kRowUb = 0x23000;     // five kBq x 8 float per-row vectors
constexpr int kUbEnd = kRowUb + 5 * 0x800;
static_assert(kUbEnd <= 512 * 1024, "the flash attention tiles must fit the 512 KiB UB");

template <typename T, int R, int C>
using NzMat = Tile<TileType::Mat, T, R, C, BLayout::ColMajor, R, C, SLayout::RowMajor, 512>;
template <typename T, int R, int C>
using ZnMat = Tile<TileType::Mat, T, R, C, BLayout::RowMajor, R, C, SLayout::ColMajor, 512>;
template <typename T, int R, int C>
using Rows = GlobalTensor<T, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
// K^T as the D x kBkv column-major (DN) view of kBkv consecutive rows of K: element (d, j) at j * D + d.
template <typename T, int D>
using KeysT = GlobalTensor<T, Shape<1, 1, 1, D, kBkv>, Stride<1, 1, 1, 1, D>, Layout::DN>;

using ScoreTile = Tile<TileType::Vec, float, kBq, kBkv>;
using PerRow = Tile<TileType::Vec, float, kBq, 8, BLayout::RowMajor, kBq, 1>;
using MaskTile = Tile<TileType::Vec, uint8_t, kBq, 32, BLayout::RowMajor, kBq, kBkv / 8>;
using SelTmp = Tile<TileType::Vec, uint32_t, 1, 8>;

}  // namespace detail

// The kernel: D is the head dimension, T the input type; causal as in Params.
template <typename T, int D>
AICORE void FlashAttention(__gm__ float __out__* o, __gm__ T __in__* q, __gm__ T __in__* k,
                           __gm__ T __in__* v, int s_q, int s_kv, int causal) {
    using namespace detail;
    static_assert(D == 64 || D == 128, "the head dimension is 64 or 128");
    NzMat<T, kBq, D> qMat;
    ZnMat<T, D, kBkv> ktMat;
    NzMat<T, kBkv, D> vMat;
    NzMat<T, kBq, kBkv> pMat;
    TileLeft<T, kBq, D> qLeft;
    TileLeft<T, kBq, kBkv> pLeft;
    TileRight<T, D, kBkv> ktRight;
    TileRight<T, kBkv, D> vRight;
    TileAcc<float, kBq, kBkv> sAcc;
    TileAcc<float, kBq, D> pvAcc;
    ScoreTile s, tmp, negInf, tri;
    Tile<TileType::Vec, half, kBq, kBkv> pHalf;
    MaskTile mask;
    SelTmp selTmp;
    Tile<TileType::Vec, float, kBq, D> out, pv;
    PerRow m, l, mNew, mBlk, alpha;
    TASSIGN(qMat, kQMat);
    TASSIGN(ktMat, kKtMat);
    TASSIGN(vMat, kVMat);
    TASSIGN(pMat, kPMat);
    TASSIGN(qLeft, kQLeft);
    TASSIGN(pLeft, kPLeft);
    TASSIGN(ktRight, kKtRight);
    TASSIGN(vRight, kVRight);
    TASSIGN(sAcc, kSAcc);
    TASSIGN(pvAcc, kPvAcc);
    TASSIGN(s, kSUb);
    TASSIGN(tmp, kTmpUb);
    TASSIGN(negInf, kNegInfUb);
    TASSIGN(tri, kTriUb);
    TASSIGN(pHalf, kPHalfUb);
    TASSIGN(mask, kMaskUb);
    TASSIGN(selTmp, kSelTmpUb);
    TASSIGN(out, kOUb);
    TASSIGN(pv, kPvUb);
    TASSIGN(m, kRowUb);
    TASSIGN(l, kRowUb + 0x800);
    TASSIGN(mNew, kRowUb + 0x1000);
    TASSIGN(mBlk, kRowUb + 0x1800);
    TASSIGN(alpha, kRowUb + 0x2000);

    // dst = left x right through the accumulator: the cube waits for its L0 operands (MTE1 -> M), the fixpipe
    // for the finished accumulator (M -> FIX), the vector unit for the result in the UB (FIX -> V).
    auto matmul_to_ub = [](auto& dst, auto& acc, auto& left, auto& right) {
        set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        TMATMUL(acc, left, right);
        set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
        TMOV(dst, acc);
        set_flag(PIPE_FIX, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_FIX, PIPE_V, EVENT_ID0);
    };
    constexpr float kNegInf = -std::numeric_limits<float>::infinity();
    const float scale = 1.0f / std::sqrt(static_cast<float>(D));
    const int offset = s_kv - s_q;  // causal: query i sees keys j <= i + offset
    TEXPANDS(negInf, kNegInf);
    // The two reverse flags: L1 free again (MTE1 -> MTE2) and L0A / L0B free again (M -> MTE1); both start
    // set. Every other buffer is reused only after a chain of forward flags that passes its last reader.
    set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);
    set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);
    for (int g = get_block_idx(); g < s_q / kBq; g += get_block_num()) {
        const int q0 = g * kBq;
        const int kv_end = causal ? std::min(s_kv, q0 + kBq + offset) : s_kv;
        TEXPANDS(m, kNegInf);
        TEXPANDS(l, 0.0f);
        TEXPANDS(out, 0.0f);
        Rows<T, kBq, D> qg(q + static_cast<int64_t>(q0) * D);
        wait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);
        TLOAD(qMat, qg);
        set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
        wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);  // the last group's matmuls have read qLeft
        TMOV(qLeft, qMat);
        set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);
        set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);
        for (int k0 = 0; k0 < kv_end; k0 += kBkv) {
            // Cube: S = Q K^T.
            KeysT<T, D> ktg(k + static_cast<int64_t>(k0) * D);
            Rows<T, kBkv, D> vg(v + static_cast<int64_t>(k0) * D);
            wait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);  // the last step's K^T and V have left L1
            TLOAD(ktMat, ktg);
            TLOAD(vMat, vg);
            set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
            wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
            wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);  // the last step's P V has read vRight and pLeft
            TMOV(ktRight, ktMat);
            TEXTRACT(vRight, vMat, 0, 0);
            set_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);
            matmul_to_ub(s, sAcc, qLeft, ktRight);

            // Vector: scale, mask, online softmax.
            TMULS(s, s, scale);
            const int diagonal = q0 + offset - k0;  // row r of the step sees columns c <= r + diagonal
            if (causal && diagonal < kBkv - 1) {
                TTRI<ScoreTile, 0>(tri, diagonal);
                TCMPS(mask, tri, 0.0f, CmpMode::NE);
                TSEL(s, mask, s, negInf, selTmp);
            }
            TROWMAX(mBlk, s, tmp);
            TMAX(mNew, m, mBlk);
            TROWEXPANDSUB(s, s, mNew);
            TEXP(s, s);             // P
            TROWSUM(mBlk, s, tmp);  // this step's row sums (mBlk is free again)
            TSUB(alpha, m, mNew);
            TEXP(alpha, alpha);  // exp(m - m'): 0 on the first step, where m = -inf
            TMUL(l, l, alpha);
            TADD(l, l, mBlk);
            TROWEXPANDMUL(out, out, alpha);
            TMOV(m, mNew);
            if constexpr (std::is_same_v<T, half>)
                TCVT(pHalf, s, RoundMode::CAST_RINT);
            // P goes UB -> L1 on MTE3 once the vector unit has written it.
            set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
            wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
            if constexpr (std::is_same_v<T, half>)
                TMOV(pMat, pHalf);
            else
                TMOV(pMat, s);

            // Cube: P V, added to O on the vector side.
            set_flag(PIPE_MTE3, PIPE_MTE1, EVENT_ID0);
            wait_flag(PIPE_MTE3, PIPE_MTE1, EVENT_ID0);
            TMOV(pLeft, pMat);
            matmul_to_ub(pv, pvAcc, pLeft, vRight);
            set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);
            TADD(out, out, pv);
        }
        TROWEXPANDDIV(out, out, l);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        Rows<float, kBq, D> og(o + static_cast<int64_t>(q0) * D);
        TSTORE(og, out);
        // The next group's TEXPANDS overwrite `out` only after the store has read it.
        set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    }
    wait_flag(PIPE_MTE1, PIPE_MTE2, EVENT_ID0);  // leave no flag set behind
    wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);
}

inline void check(const Params& p) {
    if ((p.d != 64 && p.d != 128) || p.s_q < kBq || p.s_q % kBq != 0 || p.s_kv < kBkv || p.s_kv % kBkv != 0 ||
        (p.causal && p.s_kv < p.s_q) || p.blocks < 1)
        throw std::invalid_argument(
            "flash attention: d must be 64 or 128, s_q and s_kv positive multiples of 64, s_kv >= s_q when "
            "causal");
}

// O (s_q x d floats) from Q (s_q x d), K and V (s_kv x d), all in global memory (aclrtMalloc), on p.blocks
// simulated cores. T is float or half.
template <typename T>
void run(const Params& p, const T* q, const T* k, const T* v, float* o) {
    check(p);
    auto* qq = const_cast<T*>(q);
    auto* kk = const_cast<T*>(k);
    auto* vv = const_cast<T*>(v);
    if (p.d == 64)
        ptosim::launch(p.blocks, FlashAttention<T, 64>, o, qq, kk, vv, p.s_q, p.s_kv, p.causal ? 1 : 0);
    else
        ptosim::launch(p.blocks, FlashAttention<T, 128>, o, qq, kk, vv, p.s_q, p.s_kv, p.causal ? 1 : 0);
}

// The same computation as plain C++ loops in float (no online softmax: each query row's scores, maximum, sum
// and weighted sum of V in turn), for timing against the kernel. Any sizes; one thread.
template <typename T>
void run_plain(const Params& p, const T* q, const T* k, const T* v, float* o) {
    const int d = p.d;
    const auto n_kv = static_cast<std::size_t>(p.s_kv) * d;
    std::vector<float> kf(n_kv), vf(n_kv), qf(static_cast<std::size_t>(d)),
        s(static_cast<std::size_t>(p.s_kv));
    for (std::size_t i = 0; i < n_kv; ++i) {
        kf[i] = static_cast<float>(k[i]);
        vf[i] = static_cast<float>(v[i]);
    }
    const float scale = 1.0f / std::sqrt(static_cast<float>(d));
    for (int64_t i = 0; i < p.s_q; ++i) {
        for (int c = 0; c < d; ++c)
            qf[c] = static_cast<float>(q[i * d + c]);
        const int64_t n = visible_keys(p, i);
        float mx = -std::numeric_limits<float>::infinity();
        for (int64_t j = 0; j < n; ++j) {
            float acc = 0;
            for (int c = 0; c < d; ++c)
                acc += qf[c] * kf[j * d + c];
            s[j] = acc * scale;
            mx = std::max(mx, s[j]);
        }
        float sum = 0;
        for (int64_t j = 0; j < n; ++j)
            sum += s[j] = std::exp(s[j] - mx);
        float* row = o + i * d;
        std::fill(row, row + d, 0.0f);
        for (int64_t j = 0; j < n; ++j)
            for (int c = 0; c < d; ++c)
                row[c] += s[j] * vf[j * d + c];
        for (int c = 0; c < d; ++c)
            row[c] /= sum;
    }
}

}  // namespace examples::flash_attention
