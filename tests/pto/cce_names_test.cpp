// The CCE built-ins that kernels of public libraries use beyond pto-isa's API
// (include/pto/common/kernel.hpp): the block_idx / block_num variables, the system counter, cache maintenance
// and the data barrier, the CPU stub's include guard, TPRINT with a scratch tile, TPREFETCH_ASYNC.
// cce_preamble_test.cpp compiles the generated-code preamble that redefines some of these names.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <vector>

#include <pto/comm/async_common/async_event_impl.hpp>
#include <pto/pto-inst.hpp>

#include "support/check_matchers.hpp"

#ifndef PTO_CPUSTUB_HPP
#error "pto-isa's CPU stub guard PTO_CPUSTUB_HPP must be defined"
#endif

namespace {

using namespace pto;

TEST(CceNames, BlockIdxAndBlockNumFollowTheLaunch) {
    EXPECT_EQ(block_idx, 0);
    EXPECT_EQ(block_num, 1);
    std::mutex m;
    std::set<int64_t> seen;
    std::atomic<int> wrong{0};
    ptosim::launch(5, [&] {
        if (block_num != 5 || block_idx != get_block_idx())
            ++wrong;
        std::lock_guard<std::mutex> lock(m);
        seen.insert(block_idx);
    });
    EXPECT_EQ(wrong.load(), 0);
    EXPECT_EQ(seen, (std::set<int64_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(block_idx, 0);  // restored after the launch
    EXPECT_EQ(block_num, 1);
}

TEST(CceNames, SystemCounterIsMonotone) {
    const uint64_t a = get_sys_cnt();
    volatile uint64_t spin = 0;
    for (int i = 0; i < 200000; ++i)
        spin = spin + static_cast<uint64_t>(i);
    const uint64_t b = get_sys_cnt();
    EXPECT_LE(a, b);
}

TEST(CceNames, CacheMaintenanceAndBarrierCompileAndOrder) {
    int32_t flag = 0;
    flag = 1;
    dcci(&flag, cache_line_t::SINGLE_CACHE_LINE);
    dcci(&flag, SINGLE_CACHE_LINE, CACHELINE_OUT);
    dcci(static_cast<volatile void*>(nullptr), cache_line_t::ENTIRE_DATA_CACHE);
    dsb(DSB_DDR);
    dsb((mem_dsb_t)0);
    EXPECT_EQ(flag, 1);
}

TEST(CceNames, TprintTakesAScratchTileForAVecTile) {
    Tile<TileType::Vec, float, 1, 8> t, scratch;
    for (int i = 0; i < 8; ++i)
        t.SetValue(i, static_cast<float>(i));
    testing::internal::CaptureStdout();
    TPRINT(t, scratch);
    const std::string out = testing::internal::GetCapturedStdout();
    EXPECT_NE(out.find("7"), std::string::npos) << out;
}

TEST(CceNames, PrefetchAsyncIsAHintThatCompletes) {
    std::vector<float> data(256, 1.0f);
    using G = GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>>;
    G g(data.data());
    std::vector<uint8_t> workspace(4096);
    PrefetchAsyncContext ctx(workspace.data());
    const comm::AsyncEvent e = TPREFETCH_ASYNC(g, ctx);
    EXPECT_TRUE(e.Wait(ctx.session));
    EXPECT_TRUE(e.Test(ctx.GetSession()));
    EXPECT_EQ(comm::sdma::UB_ALIGN_SIZE, 256u);
}

}  // namespace
