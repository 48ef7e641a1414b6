// pto-isa's CPU launcher (pto::cpu_sim) and the execution context kernels read: block and sub-block indices,
// the block count, the launcher's block-count rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

#include <pto/pto-inst.hpp>

namespace {

using namespace pto;

TEST(CpuSim, LaunchRunsEveryBlockAndSubblockOnItsOwnCore) {
    std::mutex m;
    std::set<std::pair<int64_t, int64_t>> seen;
    std::set<int64_t> nums, dims;
    std::set<std::byte*> ubs;
    cpu_sim::KernelLaunchOptions opts;
    opts.kernel_name = "probe";
    opts.explicit_block_count = 3;
    opts.subblocks_per_block = 2;
    std::atomic<int> arrived{0};
    cpu_sim::LaunchKernelMultiCore(opts, nullptr, [&] {
        {
            std::lock_guard<std::mutex> lock(m);
            seen.insert({get_block_idx(), get_subblockid()});
            nums.insert(get_block_num());
            dims.insert(get_subblockdim());
            ubs.insert(ptosim::ub::base());
        }
        // Every core waits for all six: they run at once, and no buffer is freed (and reused) before the
        // others have taken theirs.
        arrived.fetch_add(1);
        while (arrived.load() < 6)
            std::this_thread::yield();
    });
    EXPECT_EQ(seen.size(), 6u);
    EXPECT_EQ(nums, std::set<int64_t>{3});
    EXPECT_EQ(dims, std::set<int64_t>{2});
    EXPECT_EQ(ubs.size(), 6u);  // every core has its own buffers
    EXPECT_EQ(get_block_idx(), 0);
    EXPECT_EQ(get_block_num(), 1);
}

TEST(CpuSim, BlockCountRule) {
    // At most one block per work item; then fewer blocks until each share is a multiple of the quantum.
    EXPECT_EQ(cpu_sim::ResolveActiveCoreCount(8), 8u);
    EXPECT_EQ(cpu_sim::ResolveActiveCoreCount(8, 3), 3u);
    EXPECT_EQ(cpu_sim::ResolveActiveCoreCount(4, 24, 4), 3u);  // 24 / 4 = 6, not a multiple of 4; 24 / 3 = 8
    EXPECT_EQ(cpu_sim::ResolveActiveCoreCount(4, 24, 8), 3u);
    EXPECT_EQ(cpu_sim::ResolveActiveCoreCount(4, 7, 64), 1u);
    EXPECT_EQ(cpu_sim::ResolveActiveCoreCount(0), cpu_sim::GetConfiguredCoreCount());
}

TEST(CpuSim, WorkSplitByTheResolvedCount) {
    std::mutex m;
    std::set<int64_t> blocks;
    cpu_sim::KernelLaunchOptions opts;
    opts.requested_cores = 4;
    opts.total_work_items = 24;
    opts.work_quantum = 8;
    cpu_sim::LaunchKernelMultiCore(opts, nullptr, [&] {
        std::lock_guard<std::mutex> lock(m);
        blocks.insert(get_block_idx());
    });
    EXPECT_EQ(blocks, (std::set<int64_t>{0, 1, 2}));
}

TEST(CpuSim, ExecutionContextCanBeSetAndScoped) {
    {
        cpu_sim::ScopedExecutionContext scope(5, 1, 2);
        EXPECT_EQ(get_block_idx(), 5);
        EXPECT_EQ(get_subblockid(), 1);
        EXPECT_EQ(get_subblockdim(), 2);
    }
    EXPECT_EQ(get_block_idx(), 0);
    cpu_sim::set_task_cookie(99);
    EXPECT_EQ(get_task_cookie(), 99u);
    cpu_sim::set_execution_context(2, 0);
    EXPECT_EQ(get_coreid(), 2);
    cpu_sim::reset_execution_context();
    EXPECT_EQ(get_block_idx(), 0);
    EXPECT_EQ(get_task_cookie(), 0u);
}

TEST(CpuSim, ExceptionsFromCoresReachTheCaller) {
    cpu_sim::KernelLaunchOptions opts;
    opts.explicit_block_count = 2;
    EXPECT_THROW(cpu_sim::LaunchKernelMultiCore(opts, nullptr,
                                                [] {
                                                    if (get_block_idx() == 1)
                                                        throw std::runtime_error("block 1");
                                                }),
                 std::runtime_error);
}

}  // namespace
