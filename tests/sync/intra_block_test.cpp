// set_intra_block / wait_intra_block (ptosim/sync/intra_block.hpp): a solo core's own flags, the A5 routing
// between a block's cube and its two vector sub-blocks, the rules on ids and pipes, deadlocks, and the order
// the hazard checker takes from a set and its wait.
#include "ptosim/sync/intra_block.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "support/check_matchers.hpp"
#include "support/hazard_checking.hpp"

namespace {

using namespace pto;
namespace hz = ptosim::hazards;
using ptosim::sync::BlockRole;
using ptosim::sync::IntraBlockFlags;
using ptosim::sync::ScopedBlockRole;

TEST(IntraBlockSolo, ASetIsConsumedByOneWaitOfTheSameId) {
    ptosim::sync::reset_solo_flags();
    set_intra_block(PIPE_FIX, 3);
    set_intra_block(PIPE_FIX, 3);
    wait_intra_block(PIPE_V, 3);
    wait_intra_block(PIPE_V, 3);
    EXPECT_CHECK_FAILS(wait_intra_block(PIPE_V, 3), "nothing else can set it");
    set_intra_block(PIPE_S, 19);  // the cube's second-sub-block ids are a solo core's own flags too
    EXPECT_CHECK_FAILS(wait_intra_block(PIPE_S, 3), "no set to consume");
    wait_intra_block(PIPE_S, 19);
}

TEST(IntraBlockSolo, IdsAndPipesOutOfRangeAreCheckErrors) {
    ptosim::sync::reset_solo_flags();
    EXPECT_CHECK_FAILS(set_intra_block(PIPE_V, 32), "0..31");
    EXPECT_CHECK_FAILS(set_intra_block(PIPE_V, -1), "0..31");
    EXPECT_CHECK_FAILS(set_intra_block(PIPE_ALL, 0), "the pipe must be one of");
    EXPECT_CHECK_FAILS(wait_intra_block(static_cast<pipe_t>(9), 0), "the pipe must be one of");
}

TEST(IntraBlockSolo, EveryCoreOfALaunchStartsWithClearedFlags) {
    std::atomic<int> failures{0};
    ptosim::launch_blocks(3, [&] {
        set_intra_block(PIPE_FIX, 1);  // left set: the next block on this thread must not see it
        try {
            wait_intra_block(PIPE_V, 2);
        } catch (const ptosim::CheckError&) {
            ++failures;
        }
        wait_intra_block(PIPE_V, 1);
    });
    EXPECT_EQ(failures.load(), 3);
}

// Runs `cube` and `vector(sub)` as one block's three cores (threads), bound to one block's flags.
template <typename Cube, typename Vector>
void run_block(Cube&& cube, Vector&& vector) {
    IntraBlockFlags flags;
    ptosim::launch_cores(1, 3, [&] {
        const auto sub = static_cast<uint32_t>(get_subblockid());
        const bool is_cube = sub == 2;
        const ScopedBlockRole bound(flags, is_cube ? BlockRole::Cube : BlockRole::Vector, is_cube ? 0 : sub);
        if (is_cube)
            cube();
        else
            vector(sub);
    });
}

TEST(IntraBlockMixed, TheCubeReachesEachSubBlockAndEachSubBlockReachesItsHalfOfTheCube) {
    std::atomic<int> seen[2] = {0, 0};
    std::atomic<int> cube_saw{0};
    run_block(
        [&] {
            set_intra_block(PIPE_FIX, 4);       // vector 0's flag 4
            set_intra_block(PIPE_FIX, 16 + 4);  // vector 1's flag 4
            wait_intra_block(PIPE_S, 7);        // from vector 0
            wait_intra_block(PIPE_S, 16 + 7);   // from vector 1
            cube_saw = 1;
        },
        [&](uint32_t sub) {
            wait_intra_block(PIPE_V, 4);
            seen[sub] = 1;
            set_intra_block(PIPE_MTE3, 7);
        });
    EXPECT_EQ(seen[0].load(), 1);
    EXPECT_EQ(seen[1].load(), 1);
    EXPECT_EQ(cube_saw.load(), 1);
}

TEST(IntraBlockMixed, AVectorCoreNamesOnlyItsOwnSixteenFlags) {
    const std::string message =
        check_message([] { run_block([] {}, [](uint32_t) { set_intra_block(PIPE_V, 16); }); });
    EXPECT_NE(message.find("a vector core's flag ids are 0..15"), std::string::npos) << message;
}

TEST(IntraBlockMixed, AWaitNoCoreCanSatisfyIsADeadlockErrorNamingIt) {
    // Vector 1 waits for flag 2, which the cube sets only for vector 0.
    const std::string message = check_message([] {
        run_block([] { set_intra_block(PIPE_FIX, 2); }, [](uint32_t) { wait_intra_block(PIPE_V, 2); });
    });
    EXPECT_NE(message.find("wait_intra_block"), std::string::npos) << message;
    EXPECT_NE(message.find("deadlock"), std::string::npos) << message;
}

// The hazard checker: a set and the wait that consumes it order the setting pipe's earlier global-memory
// writes before the waiting pipe's later reads; without them the cores race.
using DynShape = Shape<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
using DynStride = Stride<DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC>;
using Global = GlobalTensor<float, DynShape, DynStride>;
using Vec = Tile<TileType::Vec, float, 16, 16>;

Global window(float* p) {
    return Global(p, DynShape(1, 1, 1, 16, 16), DynStride(256, 256, 256, 16, 1));
}

std::mutex host;  // keeps the test program's own accesses apart; the checker does not see it

void produce_and_consume(float* gm, bool with_flags) {
    run_block(
        [&] {
            std::lock_guard<std::mutex> lock(host);
            Vec t;
            TASSIGN(t, 0);
            TEXPANDS(t, 2.0f);
            set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
            wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
            Global g = window(gm);
            TSTORE(g, t);
            if (with_flags) {
                set_intra_block(PIPE_MTE3, 0);
                set_intra_block(PIPE_MTE3, 16);
            }
        },
        [&](uint32_t) {
            if (with_flags)
                wait_intra_block(PIPE_MTE2, 0);
            std::lock_guard<std::mutex> lock(host);
            Vec t;
            TASSIGN(t, 0x4000);
            Global g = window(gm);
            TLOAD(t, g);
        });
}

using IntraBlockHazards = HazardChecking;

TEST_F(IntraBlockHazards, ASetAndItsWaitOrderTheStoreBeforeTheLoads) {
    std::vector<float> gm(256, 0.0f);
    produce_and_consume(gm.data(), true);
    for (const auto& r : hz::reports())
        ADD_FAILURE() << r.text();
}

TEST_F(IntraBlockHazards, WithoutThemTheLoadsRaceWithTheStore) {
    std::vector<float> gm(256, 0.0f);
    produce_and_consume(gm.data(), false);
    int cross = 0;
    for (const auto& r : hz::reports())
        cross += r.cross_core ? 1 : 0;
    EXPECT_GE(cross, 1);
}

}  // namespace
