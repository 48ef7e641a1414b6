// Tiled GEMM C[M, N] = A[M, K] B[K, N] (row-major; half or float inputs, float C), written as a PTO device
// kernel with the double buffering a device kernel uses (docs/examples.md).
//
// Each block of a launch takes every get_block_num()-th kBm x kBn tile of C. Per tile, K is walked in panels
// of kBk1 (global -> L1 by TLOAD: an A panel kBm x kBk1 and a B panel kBk1 x kBn), each panel in steps of kBk
// (L1 -> L0 by TEXTRACT into a Left and a Right tile), each step one TMATMUL (the first of the tile) or
// TMATMUL_ACC into the tile's accumulator in L0C, which TSTORE writes to C (the fixpipe).
//
// Every level has two buffers, ping and pong: L1 panels, L0A / L0B steps and L0C accumulators alternate, and
// each buffer has an event per direction between the pipe that fills it and the pipe that drains it:
//
//   MTE2 (TLOAD)  --MTE2->MTE1 (panel b loaded)-->  MTE1 (TEXTRACT)  --MTE1->M (step l moved)-->  M (TMATMUL)
//        ^------- MTE1->MTE2 (panel b free) ------'      ^------- M->MTE1 (step l free) ---------'  |
//                                                                 M->FIX (tile done) -> FIX (TSTORE)
//                                                                 FIX->M (accumulator a free) <-'
//
// On a device each pipe runs its own queue, so the TLOAD of panel p + 1 runs while the cube multiplies panel
// p, and the store of one tile while the next one accumulates; a wait_flag only holds the queue it belongs
// to. ptosim runs the instructions in program order, so the flags order nothing here, and the program is
// written so that this order is also correct.
#pragma once

#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace examples::gemm {

using namespace pto;

constexpr int kBm = 128;   // rows of a C tile
constexpr int kBn = 128;   // columns of a C tile
constexpr int kBk1 = 128;  // K per L1 panel
constexpr int kBk = 64;    // K per L0 step (one TMATMUL)

struct Params {
    int m = 1024;         // a multiple of kBm
    int n = 1024;         // a multiple of kBn
    int k = 1024;         // a multiple of kBk1
    unsigned blocks = 1;  // simulated cores (ptosim::launch's blockDim)
};

inline double flops(const Params& p) {
    return 2.0 * p.m * p.n * p.k;
}

namespace detail {

// Buffer maps (bytes), sized for float; ping at the first address, pong at the second.
constexpr int kAMat[2] = {0x00000, 0x10000};  // L1: kBm x kBk1, 64 KiB each
constexpr int kBMat[2] = {0x20000, 0x30000};  // L1: kBk1 x kBn
constexpr int kLeft[2] = {0x0000, 0x8000};    // L0A: kBm x kBk, 32 KiB each (all of L0A for float)
constexpr int kRight[2] = {0x0000, 0x8000};   // L0B: kBk x kBn
constexpr int kAcc[2] = {0x00000, 0x10000};   // L0C: kBm x kBn float, 64 KiB each (all of A2A3's L0C)
static_assert(kAMat[1] + kBm * kBk1 * 4 <= kBMat[0] && kBMat[1] + kBk1 * kBn * 4 <= 512 * 1024, "L1");
static_assert(kLeft[1] + kBm * kBk * 4 <= 64 * 1024 && kRight[1] + kBk * kBn * 4 <= 64 * 1024, "L0A / L0B");
static_assert(kAcc[1] + kBm * kBn * 4 <= 128 * 1024, "L0C");

template <typename T, int R, int C>
using NzMat = Tile<TileType::Mat, T, R, C, BLayout::ColMajor, R, C, SLayout::RowMajor, 512>;
// A window of a row-major matrix with `ld` elements per row.
template <typename T, int R, int C>
using Window = GlobalTensor<T, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, DYNAMIC, 1>>;
template <typename T, int R, int C>
Window<T, R, C> window(__gm__ T* base, int64_t row, int64_t col, int ld) {
    return Window<T, R, C>(base + row * ld + col, typename Window<T, R, C>::Shape(),
                           typename Window<T, R, C>::Stride(ld));
}

constexpr event_t kEvent[2] = {EVENT_ID0, EVENT_ID1};

}  // namespace detail

template <typename T>
AICORE void Gemm(__gm__ float __out__* c, __gm__ T __in__* a, __gm__ T __in__* b, int m, int n, int k) {
    using namespace detail;
    NzMat<T, kBm, kBk1> aMat[2];
    NzMat<T, kBk1, kBn> bMat[2];
    TileLeft<T, kBm, kBk> left[2];
    TileRight<T, kBk, kBn> right[2];
    TileAcc<float, kBm, kBn> acc[2];
    for (int i = 0; i < 2; ++i) {
        TASSIGN(aMat[i], kAMat[i]);
        TASSIGN(bMat[i], kBMat[i]);
        TASSIGN(left[i], kLeft[i]);
        TASSIGN(right[i], kRight[i]);
        TASSIGN(acc[i], kAcc[i]);
        // Every buffer starts free: the first wait on each finds its flag set.
        set_flag(PIPE_MTE1, PIPE_MTE2, kEvent[i]);
        set_flag(PIPE_M, PIPE_MTE1, kEvent[i]);
        set_flag(PIPE_FIX, PIPE_M, kEvent[i]);
    }
    const int tiles_n = n / kBn, tiles = (m / kBm) * tiles_n;
    int pb = 0, pl = 0, pa = 0;  // which panel, step and accumulator buffer is next
    for (int t = get_block_idx(); t < tiles; t += get_block_num(), pa ^= 1) {
        const int64_t row = static_cast<int64_t>(t / tiles_n) * kBm,
                      col = static_cast<int64_t>(t % tiles_n) * kBn;
        wait_flag(PIPE_FIX, PIPE_M, kEvent[pa]);  // the store of this accumulator's last tile has read it
        for (int k1 = 0; k1 < k; k1 += kBk1, pb ^= 1) {
            wait_flag(PIPE_MTE1, PIPE_MTE2, kEvent[pb]);  // the panel's last steps have been moved to L0
            auto ag = window<T, kBm, kBk1>(a, row, k1, k);
            auto bg = window<T, kBk1, kBn>(b, k1, col, n);
            TLOAD(aMat[pb], ag);
            TLOAD(bMat[pb], bg);
            set_flag(PIPE_MTE2, PIPE_MTE1, kEvent[pb]);
            wait_flag(PIPE_MTE2, PIPE_MTE1, kEvent[pb]);
            for (int k0 = 0; k0 < kBk1; k0 += kBk, pl ^= 1) {
                wait_flag(PIPE_M, PIPE_MTE1, kEvent[pl]);  // the matmul that read this L0 pair is done
                TEXTRACT(left[pl], aMat[pb], 0, k0);
                TEXTRACT(right[pl], bMat[pb], k0, 0);
                if (k0 + kBk == kBk1)
                    set_flag(PIPE_MTE1, PIPE_MTE2, kEvent[pb]);  // panel pb may be refilled
                set_flag(PIPE_MTE1, PIPE_M, kEvent[pl]);
                wait_flag(PIPE_MTE1, PIPE_M, kEvent[pl]);
                if (k1 == 0 && k0 == 0)
                    TMATMUL(acc[pa], left[pl], right[pl]);
                else
                    TMATMUL_ACC(acc[pa], acc[pa], left[pl], right[pl]);
                set_flag(PIPE_M, PIPE_MTE1, kEvent[pl]);
            }
        }
        set_flag(PIPE_M, PIPE_FIX, kEvent[pa]);
        wait_flag(PIPE_M, PIPE_FIX, kEvent[pa]);
        auto cg = window<float, kBm, kBn>(c, row, col, n);
        TSTORE(cg, acc[pa]);
        set_flag(PIPE_FIX, PIPE_M, kEvent[pa]);
    }
    for (int i = 0; i < 2; ++i) {  // leave no flag set behind
        wait_flag(PIPE_MTE1, PIPE_MTE2, kEvent[i]);
        wait_flag(PIPE_M, PIPE_MTE1, kEvent[i]);
        wait_flag(PIPE_FIX, PIPE_M, kEvent[i]);
    }
}

inline void check(const Params& p) {
    if (p.m < kBm || p.m % kBm != 0 || p.n < kBn || p.n % kBn != 0 || p.k < kBk1 || p.k % kBk1 != 0 ||
        p.blocks < 1)
        throw std::invalid_argument(
            "gemm: m and n must be positive multiples of 128, k a positive multiple of 128");
}

// C (m x n floats) = A (m x k) B (k x n), all row-major in global memory (aclrtMalloc), on p.blocks simulated
// cores. T is float or half.
template <typename T>
void run(const Params& p, const T* a, const T* b, float* c) {
    check(p);
    ptosim::launch(p.blocks, Gemm<T>, c, const_cast<T*>(a), const_cast<T*>(b), p.m, p.n, p.k);
}

// The same product as plain C++ loops in float (i-k-j order, which the compiler vectorises over j), for
// timing against the kernel. Any sizes; one thread.
template <typename T>
void run_plain(const Params& p, const T* a, const T* b, float* c) {
    const auto n = static_cast<std::size_t>(p.n), k = static_cast<std::size_t>(p.k);
    std::vector<float> bf(k * n), arow(k);
    for (std::size_t i = 0; i < bf.size(); ++i)
        bf[i] = static_cast<float>(b[i]);
    for (std::size_t i = 0; i < static_cast<std::size_t>(p.m); ++i) {
        for (std::size_t kk = 0; kk < k; ++kk)
            arow[kk] = static_cast<float>(a[i * k + kk]);
        float* crow = c + i * n;
        std::fill(crow, crow + n, 0.0f);
        for (std::size_t kk = 0; kk < k; ++kk) {
            const float x = arow[kk];
            const float* brow = bf.data() + kk * n;
            for (std::size_t j = 0; j < n; ++j)
                crow[j] += x * brow[j];
        }
    }
}

}  // namespace examples::gemm
