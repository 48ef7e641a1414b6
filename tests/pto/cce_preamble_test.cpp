// Generated kernels (PTOAS's output as one runtime builds it) start with a preamble written for pto-isa's
// older CPU stub: __aicore__ defined before pto is included (as the device compiler's `[aicore]` outside
// __CPU_SIM), and under __CPU_SIM the cache built-ins #undef'd and declared again (a namespace cache_line_t,
// static dcci / dsb). This file is such a kernel (its own preamble, written for this test); it must compile
// and run against ptosim.
#ifndef __aicore__
#if defined(__CPU_SIM)
#define __aicore__
#else
#define __aicore__ [aicore]
#endif
#endif

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>

#include <pto/pto-inst.hpp>

#undef ENTIRE_DATA_CACHE
#undef SINGLE_CACHE_LINE
#undef DSB_DDR
#undef dcci
#undef dsb
#undef CACHELINE_OUT
// [[maybe_unused]]: this test uses only some of the preamble's names (clang warns of the others).
namespace cache_line_t {
[[maybe_unused]] constexpr int ENTIRE_DATA_CACHE = 0;
[[maybe_unused]] constexpr int SINGLE_CACHE_LINE = 0;
[[maybe_unused]] constexpr int CACHELINE_OUT = 0;
}  // namespace cache_line_t
typedef int mem_dsb_t;
#define DSB_DDR 0
[[maybe_unused]] static inline void dcci(...) {
    __asm__ __volatile__("" ::: "memory");  // a compiler barrier, as a host stub of the fence
}
[[maybe_unused]] static inline void dsb(mem_dsb_t) {
    __asm__ __volatile__("" ::: "memory");  // a compiler barrier, as a host stub of the fence
}

namespace {

using namespace pto;

__aicore__ void ScaleKernel(__gm__ float* out, __gm__ float* in) {
    using G = GlobalTensor<float, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>>;
    Tile<TileType::Vec, float, 1, 64> t;
    TASSIGN(t, 0x0);
    G src(in + block_idx * 64), dst(out + block_idx * 64);
    TLOAD(t, src);
    TMULS(t, t, 2.0f);
    TSTORE(dst, t);
    dcci(out, cache_line_t::SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

TEST(CcePreamble, GeneratedKernelPreambleCompilesAndRuns) {
    float in[128], out[128] = {};
    for (int i = 0; i < 128; ++i)
        in[i] = static_cast<float>(i);
    ptosim::launch(2, ScaleKernel, out, in);
    for (int i = 0; i < 128; ++i)
        EXPECT_EQ(out[i], 2.0f * static_cast<float>(i));
}

}  // namespace
