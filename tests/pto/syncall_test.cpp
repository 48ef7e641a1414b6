// SYNCALL between the cores of a launch: nothing passes the barrier before every core has arrived, rounds
// repeat, software mode counts on a global counter (also for part of the cores), and the ways a barrier can
// never complete are errors, never hangs.
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/runtime/launch.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;
using Workspace = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 1>, Stride<1, 1, 1, 1, 1>>;

// Each core writes round r's mark, passes the barrier, and then must see every core's mark of round r.
template <typename Barrier>
void check_rounds(uint32_t blocks, uint32_t subblocks, int rounds, Barrier barrier) {
    const uint32_t cores = blocks * subblocks;
    std::vector<std::atomic<int>> marks(cores);
    std::atomic<int> early{0};
    ptosim::launch_cores(blocks, subblocks, [&] {
        const ptosim::ExecContext& c = ptosim::exec_context();
        const uint32_t me = c.block_idx * subblocks + c.subblock_id;
        for (int r = 1; r <= rounds; ++r) {
            if (me == 0)
                std::this_thread::yield();  // core 0 is often late: the others must wait for it
            marks[me] = r;
            barrier();
            for (uint32_t k = 0; k < cores; ++k)
                if (marks[k] < r)
                    ++early;
            barrier();  // nobody starts round r + 1 before everyone has checked round r
        }
    });
    EXPECT_EQ(early, 0);
}

TEST(Syncall, HardwareModeHoldsEveryCoreOfTheLaunch) {
    check_rounds(4, 1, 5, [] { SYNCALL(); });
    check_rounds(2, 2, 3, [] { SYNCALL<SyncCoreType::Mix>(); });
}

TEST(Syncall, SoftwareModeCountsOnTheWorkspace) {
    int32_t counter = 0;
    Workspace ws(&counter);
    check_rounds(3, 1, 4, [&] { SYNCALL<SyncAllMode::Soft>(ws); });
    EXPECT_EQ(counter, 3 * 4 * 2);  // every core arrived twice per round
}

TEST(Syncall, SoftwareModeWithPartOfTheCores) {
    int32_t counter = 0;
    Workspace ws(&counter);
    std::atomic<int> passed{0};
    ptosim::launch_cores(4, 1, [&] {
        if (ptosim::block_idx() >= 2)
            return;  // not a participant
        SYNCALL<SyncAllMode::Soft, SyncCoreType::AIVOnly>(ws, 2);
        ++passed;
    });
    EXPECT_EQ(passed, 2);
    EXPECT_EQ(counter, 2);
}

TEST(Syncall, OutsideALaunchTheCallerIsAlone) {
    SYNCALL();
    int32_t counter = 0;
    Workspace ws(&counter);
    SYNCALL<SyncAllMode::Soft>(ws);
    EXPECT_EQ(counter, 1);
}

TEST(Syncall, ACoreThatNeverArrivesIsADeadlock) {
    ptosim::ScopedCheckHandler throwing(ptosim::throw_check_error);
    const std::string error = check_message([] {
        ptosim::launch_cores(2, 1, [] {
            if (ptosim::block_idx() == 0)
                SYNCALL();
        });
    });
    EXPECT_NE(error.find("SYNCALL: deadlock"), std::string::npos) << error;
    EXPECT_NE(error.find("syncall_test.cpp"), std::string::npos) << error;
}

TEST(Syncall, BlocksThatDoNotRunAtOnceAreRefused) {
    ptosim::ScopedCheckHandler throwing(ptosim::throw_check_error);
    const uint32_t blocks = std::max(1u, std::thread::hardware_concurrency()) + 1;
    std::atomic<int> passed{0};
    const std::string error = check_message([&] {
        ptosim::launch_blocks(blocks, [&] {
            SYNCALL();
            ++passed;
        });
    });
    EXPECT_NE(error.find("SYNCALL: the barrier's cores do not all run at once"), std::string::npos) << error;
    EXPECT_EQ(passed, 0);
}

TEST(Syncall, UsedCoresBeyondTheLaunchIsRefused) {
    ptosim::ScopedCheckHandler throwing(ptosim::throw_check_error);
    int32_t counter = 0;
    Workspace ws(&counter);
    const std::string error =
        check_message([&] { ptosim::launch_cores(2, 1, [&] { SYNCALL<SyncAllMode::Soft>(ws, 3); }); });
    EXPECT_NE(error.find("usedCores must be 0"), std::string::npos) << error;
    EXPECT_EQ(counter, 0);
}

}  // namespace
