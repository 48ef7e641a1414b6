// Blocking waits between threads: a satisfied wait returns, a wait another thread satisfies wakes up, and a
// wait nothing can satisfy is a check error naming the instruction and site (at once when every thread was
// started by a launcher, after the timeout when the program started its own threads).
#include "ptosim/sync/wait.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "ptosim/core/check.hpp"
#include "ptosim/runtime/launch.hpp"
#include "support/check_matchers.hpp"

namespace {

namespace sync = ptosim::sync;

class Waits : public ::testing::Test {
  protected:
    // Read once per process: every test of this file uses the same short timeout for program-started threads.
    void SetUp() override { setenv("PTOSIM_DEADLOCK_TIMEOUT_MS", "300", 1); }
    ptosim::ScopedCheckHandler throwing{ptosim::throw_check_error};
};

TEST_F(Waits, SatisfiedWaitReturnsAtOnce) {
    int calls = 0;
    sync::block_until([&] { return ++calls > 0; }, "TWAIT");
    EXPECT_EQ(calls, 1);
}

TEST_F(Waits, OtherCoreWakesTheWait) {
    int value = 0;  // changed only inside update(), read only under the wait lock
    int seen = -1;
    ptosim::launch_cores(1, 2, [&] {
        if (ptosim::exec_context().subblock_id == 0) {
            sync::block_until([&] { return value == 3; }, "TPOP");
            seen = value;
        } else {
            for (int i = 0; i < 3; ++i) {
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                sync::update([&] { ++value; });
            }
        }
    });
    EXPECT_EQ(seen, 3);
}

// A wait that was woken but has not run yet still counts as blocked: when its waker then blocks itself, every
// participant looks blocked, yet the woken one can proceed. That is no deadlock (many rounds make the window
// likely to be hit).
TEST_F(Waits, WokenWaitThatHasNotRunYetIsNoDeadlock) {
    int ping = 0, pong = 0;
    constexpr int kRounds = 300;
    ptosim::launch_cores(1, 2, [&] {
        const bool first = ptosim::exec_context().subblock_id == 0;
        for (int round = 1; round <= kRounds; ++round) {
            if (first) {
                sync::update([&] { ping = round; });
                sync::block_until([&] { return pong == round; }, "PONG");
            } else {
                sync::block_until([&] { return ping == round; }, "PING");
                sync::update([&] { pong = round; });
            }
        }
    });
    EXPECT_EQ(pong, kRounds);
}

TEST_F(Waits, EveryCoreBlockedIsADeadlockNamingEachWait) {
    std::atomic<int> line{0};
    const std::string error = check_message([&] {
        ptosim::launch_cores(1, 2, [&] {
            line = __LINE__ + 1;
            sync::block_until([] { return false; }, "TPOP");
        });
    });
    EXPECT_NE(error.find("TPOP: deadlock"), std::string::npos) << error;
    EXPECT_NE(error.find("wait_test.cpp:" + std::to_string(line)), std::string::npos) << error;
    EXPECT_NE(error.find("sub-block"), std::string::npos) << error;
}

TEST_F(Waits, SingleBlockWaitingForNothingFailsAtOnce) {
    const auto start = std::chrono::steady_clock::now();
    const std::string error = check_message(
        [] { ptosim::launch_blocks(1, [] { sync::block_until([] { return false; }, "TWAIT"); }); });
    EXPECT_NE(error.find("TWAIT: deadlock"), std::string::npos) << error;
    // Launcher threads are all known: no timeout is involved (generous bound for sanitizer builds).
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(250));
}

TEST_F(Waits, CoreThatFinishedCannotWakeTheOther) {
    const std::string error = check_message([] {
        ptosim::launch_cores(2, 1, [] {
            if (ptosim::block_idx() == 1)
                sync::block_until([] { return false; }, "TWAIT");
        });
    });
    EXPECT_NE(error.find("TWAIT: deadlock"), std::string::npos) << error;
    EXPECT_NE(error.find("also blocked=none"), std::string::npos) << error;
}

TEST_F(Waits, ProgramThreadsWakeEachOther) {
    std::atomic<bool> ready{false};
    std::thread waiter([&] { sync::block_until([&] { return ready.load(); }, "TPOP"); });
    std::thread setter([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ready = true;
        sync::wake_all();
    });
    waiter.join();
    setter.join();
    EXPECT_TRUE(ready);
}

TEST_F(Waits, ProgramThreadWaitingForNothingFailsAfterTheTimeout) {
    std::string error;
    std::thread waiter(
        [&] { error = check_message([] { sync::block_until([] { return false; }, "TPOP"); }); });
    waiter.join();
    EXPECT_NE(error.find("TPOP: deadlock"), std::string::npos) << error;
}

TEST_F(Waits, NestedLaunchFromACoreCountsItsJoin) {
    // A core that launches more cores waits for them: when they all block, so is it, and the wait fails.
    const std::string error = check_message([] {
        ptosim::launch_cores(1, 1, [] {
            ptosim::launch_cores(1, 2, [] { sync::block_until([] { return false; }, "TWAIT"); });
        });
    });
    EXPECT_NE(error.find("TWAIT: deadlock"), std::string::npos) << error;
}

}  // namespace
