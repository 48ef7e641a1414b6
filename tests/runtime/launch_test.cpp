#include "ptosim/runtime/launch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>

#include "ptosim/core/ub.hpp"
#include "support/check_matchers.hpp"

namespace {

TEST(Launch, EveryBlockRunsOnceWithItsIndex) {
    std::mutex m;
    std::multiset<uint32_t> seen;
    std::set<uint32_t> nums;
    ptosim::launch_blocks(13, [&] {
        std::lock_guard<std::mutex> lock(m);
        seen.insert(ptosim::block_idx());
        nums.insert(ptosim::block_num());
    });
    ASSERT_EQ(seen.size(), 13u);
    for (uint32_t b = 0; b < 13; ++b)
        EXPECT_EQ(seen.count(b), 1u);
    EXPECT_EQ(nums, std::set<uint32_t>{13});
    EXPECT_EQ(ptosim::block_idx(), 0u);
    EXPECT_EQ(ptosim::block_num(), 1u);
}

TEST(Launch, ForwardsArguments) {
    std::atomic<int> sum{0};
    auto kernel = [](std::atomic<int>* s, int add) { *s += add; };
    ptosim::launch(5, kernel, &sum, 3);
    EXPECT_EQ(sum.load(), 15);
}

TEST(Launch, ExceptionsFromBlocksReachTheCaller) {
    EXPECT_CHECK_FAILS(ptosim::launch_blocks(4,
                                             [] {
                                                 PTOSIM_CHECK(ptosim::block_idx() != 2, "KERNEL",
                                                              "block 2 fails",
                                                              {"block", ptosim::block_idx()});
                                             }),
                       "KERNEL: block 2 fails (block=2)");
}

}  // namespace
