// Corpus: multi-block kernels (issue 37, idioms 12, 16, 17, 18, 28 of notes' section 8): SPMD row partitions
// by block and sub-block, tails moved through a static GlobalTensor larger than the move, split-K matmul and
// vector stores accumulated with AtomicAdd across blocks, scalar GM traffic with the CCE cache maintenance
// calls.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "corpus/corpus.hpp"

namespace {

using namespace pto;
using corpus::Corpus;

// ---------------------------------------------------------------------------------------------------------
// Idiom 12: a row of length H in chunks of 8192 through Tile<1, 8192, -1, -1>(1, cur) and a static
// GlobalTensor of 8192 elements re-pointed by TASSIGN; the last chunk moves only `cur` elements, and nothing
// past the row's end in GM is touched. y = x * 2 + 1.
namespace tail {
constexpr int kChunk = 8192;
using T = Tile<TileType::Vec, float, 1, kChunk, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, 1, kChunk>, Stride<1, 1, 1, 1, 1>>;

AICORE void Kernel(__gm__ float* y, __gm__ float* x, int h) {
    Gm xg, yg;
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);  // t starts free: the last reader of a chunk is its store
    for (int off = 0; off < h; off += kChunk) {
        const int cur = std::min(kChunk, h - off);
        T t(1, cur);
        TASSIGN(t, 0x0);
        TASSIGN(xg, x + off);
        TASSIGN(yg, y + off);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        TLOAD(t, xg);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TMULS(t, t, 2.0f);
        TADDS(t, t, 1.0f);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE(yg, t);
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    }
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
}
}  // namespace tail

TEST_F(Corpus, TailChunkThroughAStaticGlobalTensorLargerThanTheMove) {
    using namespace tail;
    const int h = 2 * kChunk + 1000;
    corpus::Lcg rng(21);
    auto x = rng.fill(h, -3, 3);
    // Exactly the row in each buffer: a read or write past the end is a bounds error (or ASan's report).
    std::vector<float> y(h, 0.0f);
    ptosim::launch(1, Kernel, y.data(), x.data(), h);
    for (int i = 0; i < h; ++i)
        ASSERT_EQ(y[i], x[i] * 2.0f + 1.0f) << i;
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 16: rows partitioned over workers = block_num * subblockdim, id = block_idx * subblockdim +
// subblockid, the remainder rows to the first workers; launched as `<<<blockDim * 2, nullptr, stream>>>` is
// on a vector core pair (launch_cores with two sub-blocks). The second variant uses the bare block_idx /
// block_num variables and is launched through the chevron's runtime (ptosim::chevron_launch, what
// ptosim-chevron rewrites `<<<...>>>` into).
namespace spmd {
constexpr int kC = 128;
using T = Tile<TileType::Vec, float, 1, kC>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, 1, kC>, Stride<1, 1, 1, kC, 1>>;

// y[r] = x[r] * (r + 1) for this worker's rows [first, first + count).
AICORE void rows(__gm__ float* y, __gm__ float* x, int64_t first, int64_t count) {
    T t;
    TASSIGN(t, 0x0);
    for (int64_t r = first; r < first + count; ++r) {
        Gm xg(x + r * kC), yg(y + r * kC);
        TLOAD(t, xg);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TMULS(t, t, static_cast<float>(r + 1));
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE(yg, t);
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);  // the next row's load overwrites t
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    }
}

AICORE void KernelSubBlocks(__gm__ float* y, __gm__ float* x, int64_t n_rows) {
    const int64_t workers = get_block_num() * get_subblockdim();
    const int64_t id = get_block_idx() * get_subblockdim() + get_subblockid();
    const int64_t base = n_rows / workers, extra = n_rows % workers;
    const int64_t count = base + (id < extra ? 1 : 0);
    const int64_t first = id * base + std::min(id, extra);
    rows(y, x, first, count);
}

AICORE void KernelBareVariables(__gm__ float* y, __gm__ float* x, int64_t n_rows) {
    const int64_t base = n_rows / block_num, extra = n_rows % block_num;
    const int64_t count = base + (block_idx < extra ? 1 : 0);
    const int64_t first = block_idx * base + std::min<int64_t>(block_idx, extra);
    rows(y, x, first, count);
}
}  // namespace spmd

void check_spmd(const std::vector<float>& y, const std::vector<float>& x, int n) {
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < spmd::kC; ++c)
            ASSERT_EQ(y[r * spmd::kC + c], x[r * spmd::kC + c] * static_cast<float>(r + 1)) << r << "," << c;
}

TEST_F(Corpus, SpmdRowPartitionOverBlocksAndSubBlocks) {
    const int n = 23;
    corpus::Lcg rng(22);
    auto x = rng.fill(n * spmd::kC, -1, 1);
    std::vector<float> y(x.size(), 0.0f);
    ptosim::launch_cores(3, 2, [&] { spmd::KernelSubBlocks(y.data(), x.data(), n); });
    check_spmd(y, x, n);
}

TEST_F(Corpus, SpmdRowPartitionWithBareBlockVariablesThroughAChevronLaunch) {
    const int n = 10;
    corpus::Lcg rng(23);
    auto x = rng.fill(n * spmd::kC, -1, 1);
    std::vector<float> y(x.size(), 0.0f);
    void* stream = nullptr;
    // KernelBareVariables<<<4, nullptr, stream>>>(y, x, n), as ptosim-chevron rewrites it.
    ::ptosim::chevron_launch([&](auto&&... a) { spmd::KernelBareVariables(a...); }, 4, nullptr, stream)(
        y.data(), x.data(), static_cast<int64_t>(n));
    check_spmd(y, x, n);
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 18: a vector accumulated from several blocks by TSTORE<..., AtomicAdd> of [1, 1024] chunks through
// Shape<1,1,1,1,DYNAMIC> GlobalTensors built with shape(cur) and Stride<DYN x4, 1>(cur, cur, cur, cur).
// A seed launch zeroes the output first (TEXPANDS 0 + TSTORE).
namespace vec_atomic {
constexpr int kChunk = 1024;
using T = Tile<TileType::Vec, float, 1, kChunk, BLayout::RowMajor, 1, DYNAMIC>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, 1, DYNAMIC>, Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, 1>>;

Gm span(__gm__ float* p, int cur) {
    return Gm(p, Gm::Shape(cur), Gm::Stride(cur, cur, cur, cur));
}

AICORE void Seed(__gm__ float* out, int n) {
    for (int off = static_cast<int>(get_block_idx()) * kChunk; off < n;
         off += static_cast<int>(get_block_num()) * kChunk) {
        const int cur = std::min(kChunk, n - off);
        T z(cur);
        TASSIGN(z, 0x0);
        TEXPANDS(z, 0.0f);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        Gm g = span(out + off, cur);
        TSTORE(g, z);
        set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    }
}

// Block b adds (b + 1) * x to out.
AICORE void Accumulate(__gm__ float* out, __gm__ float* x, int n) {
    const float scale = static_cast<float>(get_block_idx() + 1);
    for (int off = 0; off < n; off += kChunk) {
        const int cur = std::min(kChunk, n - off);
        T t(cur);
        TASSIGN(t, 0x0);
        Gm src = span(x + off, cur), dst = span(out + off, cur);
        TLOAD(t, src);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TMULS(t, t, scale);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE<T, Gm, AtomicType::AtomicAdd>(dst, t);
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    }
}
}  // namespace vec_atomic

TEST_F(Corpus, VectorAtomicAddAcrossBlocks) {
    using namespace vec_atomic;
    const int n = 2 * kChunk + 300, blocks = 4;
    std::vector<float> x(n), out(n, 123.0f);
    for (int i = 0; i < n; ++i)
        x[i] = static_cast<float>(i % 17) - 8.0f;  // small integers: every order of the sums is exact
    ptosim::launch(2, Seed, out.data(), n);
    ptosim::launch(blocks, Accumulate, out.data(), x.data(), n);
    for (int i = 0; i < n; ++i)
        ASSERT_EQ(out[i], x[i] * (1 + 2 + 3 + 4)) << i;
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 17: split-K matmul. A seed kernel zeroes C; block b takes N-tile b % NT and K-chunk b / NT, loads its
// A and B panels into L1 (Mat), moves K steps into L0A / L0B (TEXTRACT), TMATMUL then TMATMUL_ACC into L0C,
// and adds its partial product into C with TSTORE<Acc, GT, AtomicAdd>. A variant has dynamic valid rows on
// the Acc tile and the GT (Shape<1,1,1,-1,16>).
namespace splitk {
constexpr int kM = 16, kN = 16, kK = 128, kNT = 2, kKChunks = 2;  // C is kM x (kNT * kN), K = kKChunks * kK
constexpr int kStepK = 64;
constexpr int kLdA = kKChunks * kK, kLdC = kNT * kN;
template <typename T, int R, int C>
using NzMat = Tile<TileType::Mat, T, R, C, BLayout::ColMajor, R, C, SLayout::RowMajor, 512>;
using AMat = NzMat<half, kM, kK>;
using BMat = NzMat<half, kK, kN>;
using L = TileLeft<half, kM, kStepK>;
using Rt = TileRight<half, kStepK, kN>;
using Acc = TileAcc<float, kM, kN, DYNAMIC, kN>;
using GmA = GlobalTensor<half, Shape<1, 1, 1, kM, kK>, Stride<1, 1, 1, kLdA, 1>>;
using GmB = GlobalTensor<half, Shape<1, 1, 1, kK, kN>, Stride<1, 1, 1, kLdC, 1>>;
using GmC = GlobalTensor<float, Shape<1, 1, 1, DYNAMIC, kN>, Stride<1, 1, 1, kLdC, 1>>;
using Zero = Tile<TileType::Vec, float, kM, kN, BLayout::RowMajor, DYNAMIC, kN>;

AICORE void Seed(__gm__ float* c, int m) {
    Zero z(m);
    TASSIGN(z, 0x0);
    TEXPANDS(z, 0.0f);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    GmC g(c + get_block_idx() * kN, GmC::Shape(m));
    TSTORE(g, z);
}

AICORE void Cube(__gm__ float* c, __gm__ half* a, __gm__ half* b, int m) {
    const int blk = static_cast<int>(get_block_idx());
    const int nt = blk % kNT, kc = blk / kNT;
    AMat am;
    BMat bm;
    L left;
    Rt right;
    Acc acc(m);
    TASSIGN(am, 0x0);
    TASSIGN(bm, 0x10000);
    TASSIGN(left, 0x0);
    TASSIGN(right, 0x0);
    TASSIGN(acc, 0x0);
    GmA ag(a + kc * kK);
    GmB bg(b + kc * kK * kLdC + nt * kN);
    TLOAD(am, ag);
    TLOAD(bm, bg);
    set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    for (int k0 = 0; k0 < kK; k0 += kStepK) {
        if (k0 > 0) {
            set_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);  // the last matmul has read left / right
            wait_flag(PIPE_M, PIPE_MTE1, EVENT_ID0);
        }
        TEXTRACT(left, am, 0, k0);
        TEXTRACT(right, bm, k0, 0);
        set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
        if (k0 == 0)
            TMATMUL(acc, left, right);
        else
            TMATMUL_ACC(acc, acc, left, right);
    }
    set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    GmC cg(c + nt * kN, GmC::Shape(m));
    TSTORE<Acc, GmC, AtomicType::AtomicAdd>(cg, acc);
}
}  // namespace splitk

void run_splitk(int m) {
    using namespace splitk;
    std::vector<half> a(kM * kLdA), b(kLdA * kLdC);
    std::vector<float> af(a.size()), bf(b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        af[i] = static_cast<float>(static_cast<int>(i * 7 % 9) - 4) * 0.25f;
        a[i] = half::from_bits(corpus::half_rne(af[i]));
    }
    for (std::size_t i = 0; i < b.size(); ++i) {
        bf[i] = static_cast<float>(static_cast<int>(i * 5 % 11) - 5) * 0.5f;
        b[i] = half::from_bits(corpus::half_rne(bf[i]));
    }
    std::vector<float> c(kM * kLdC, 77.0f);
    ptosim::launch(kNT, Seed, c.data(), m);
    ptosim::launch(kNT * kKChunks, Cube, c.data(), a.data(), b.data(), m);
    for (int i = 0; i < kM; ++i)
        for (int j = 0; j < kLdC; ++j) {
            double s = 0;
            for (int k = 0; k < kLdA; ++k)
                s += static_cast<double>(af[i * kLdA + k]) * bf[k * kLdC + j];
            if (i < m)
                ASSERT_EQ(c[i * kLdC + j], static_cast<float>(s)) << i << "," << j;
            else
                ASSERT_EQ(c[i * kLdC + j], 77.0f) << "past the valid rows: " << i << "," << j;
        }
}

TEST_F(Corpus, SplitKMatmulWithAtomicAccumulationAcrossBlocks) {
    run_splitk(splitk::kM);
}

TEST_F(Corpus, SplitKMatmulWithDynamicValidRows) {
    // The Acc tile's valid rows (m = 11) are set for the store, smaller than a's valid rows: the devices take
    // M, K, N from a and b only (pto-isa npu/a5/TMatmul.hpp:176, a2a3/TMatmul.hpp:113) and write the product
    // into the Acc tile's storage whatever its valid rows; ptosim warns once and does the same.
    run_splitk(11);
}

// ---------------------------------------------------------------------------------------------------------
// Idiom 28: scalar GM traffic mixed with tiles. Each block reads its routing metadata as plain GM scalars,
// writes a scalar into a tile with SetValue, stores the tile, and flushes as PTOAS's generated code does:
// dcci of a single line (through a PTOAS__DCCI_SINGLE_CACHE_LINE helper), pipe_barrier(PIPE_ALL),
// dsb(DSB_DDR), the whole-cache dcci and dsb((mem_dsb_t)0), and the auto-sync tail pipe_barrier(PIPE_ALL).
// get_sys_cnt stamps the block's start.
namespace scalar_gm {
constexpr int kC = 64;
using T = Tile<TileType::Vec, float, 1, kC>;
using Gm = GlobalTensor<float, Shape<1, 1, 1, 1, kC>, Stride<1, 1, 1, kC, 1>>;

inline void PTOAS__DCCI_SINGLE_CACHE_LINE(__gm__ void* p) {
    dcci(p, cache_line_t::SINGLE_CACHE_LINE);
}
inline void ptoas_auto_sync_tail() {
    pipe_barrier(PIPE_ALL);
}

// route[b] = (source row, scale as an integer); out row b = x[source] * scale, element 0 replaced by the
// source index; counts[b] = 1 when the system counter has not run backwards over the block.
AICORE void Kernel(__gm__ float* out, __gm__ int32_t* counts, __gm__ float* x, __gm__ int32_t* route) {
    const int64_t b = get_block_idx();
    const uint64_t t0 = get_sys_cnt();
    PTOAS__DCCI_SINGLE_CACHE_LINE(route + 2 * b);
    const int32_t src = route[2 * b];
    const int32_t scale = route[2 * b + 1];
    T t;
    TASSIGN(t, 0x0);
    Gm xg(x + src * kC), og(out + b * kC);
    TLOAD(t, xg);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TMULS(t, t, static_cast<float>(scale));
    set_flag(PIPE_V, PIPE_S, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
    t.SetValue(0, static_cast<float>(src));
    set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
    TSTORE(og, t);
    pipe_barrier(PIPE_ALL);
    counts[b] = get_sys_cnt() >= t0 ? 1 : 0;  // the counter does not run backwards
    PTOAS__DCCI_SINGLE_CACHE_LINE(counts + b);
    dsb(DSB_DDR);
    dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
    dsb((mem_dsb_t)0);
    ptoas_auto_sync_tail();
}
}  // namespace scalar_gm

TEST_F(Corpus, ScalarGmTrafficWithCacheMaintenance) {
    using namespace scalar_gm;
    const int blocks = 4, rows = 6;
    corpus::Lcg rng(24);
    auto x = rng.fill(rows * kC, -2, 2);
    std::vector<int32_t> route = {5, 2, 0, -1, 3, 4, 5, 1};
    std::vector<int32_t> counts(blocks, -1);
    std::vector<float> out(blocks * kC);
    ptosim::launch(blocks, Kernel, out.data(), counts.data(), x.data(), route.data());
    for (int b = 0; b < blocks; ++b) {
        const int src = route[2 * b], scale = route[2 * b + 1];
        EXPECT_EQ(counts[b], 1);
        ASSERT_EQ(out[b * kC], static_cast<float>(src)) << b;
        for (int c = 1; c < kC; ++c)
            ASSERT_EQ(out[b * kC + c], x[src * kC + c] * static_cast<float>(scale)) << b << "," << c;
    }
}

}  // namespace
