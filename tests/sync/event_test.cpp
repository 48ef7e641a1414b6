// The hazard checker through the C++ API: set_flag / wait_flag with their call sites, Events recorded and
// waited for by intrinsics, intrinsics located by their call sites, and one checker state per launched block.
#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "support/hazard_checking.hpp"

namespace {

namespace hz = ptosim::hazards;
using namespace pto;

using VecTile = Tile<TileType::Vec, float, 8, 16>;
using Rows = GlobalTensor<float, Shape<1, 1, 1, 8, 16>, Stride<1, 1, 1, 16, 1>>;

class CheckedApi : public HazardChecking {
  protected:
    std::vector<float> x = std::vector<float>(8 * 16, 2.0f), y = std::vector<float>(8 * 16);
};

TEST_F(CheckedApi, SynchronisationCallsCarryTheirSourceLocation) {
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID2);
    const int line = __LINE__ + 1;
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID2);
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, hz::Kind::SetTwice);
    EXPECT_EQ(r[0].flag_id, 2);
    EXPECT_EQ(r[0].second.where.line, static_cast<uint32_t>(line));
    EXPECT_NE(hz::describe(r[0].second.where).find("event_test.cpp:" + std::to_string(line)),
              std::string::npos);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID2);
}

TEST_F(CheckedApi, AutomaticEventIdsTakeTurnsPerPipePair) {
    Event<Op::TLOAD, Op::TADD> a, b;
    Event<Op::TADD, Op::TSTORE_VEC> c;
    EXPECT_EQ(a.token, EVENT_ID0);
    EXPECT_EQ(b.token, EVENT_ID1);
    EXPECT_EQ(c.token, EVENT_ID0);
    Event<Op::TLOAD, Op::TADD, false, EVENT_ID5> fixed;
    EXPECT_EQ(fixed.token, EVENT_ID5);
}

TEST_F(CheckedApi, AnInstructionWithoutItsEventIsReportedAtItsCallSite) {
    VecTile t, u;
    TASSIGN(t, 0x0);
    TASSIGN(u, 0x1000);
    Rows src(x.data());
    TLOAD(t, src);
    TADD(u, t, t);
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, hz::Kind::ReadAfterWrite);
    EXPECT_EQ(r[0].first.name, "TLOAD");
    EXPECT_EQ(r[0].first.pipe, hz::Pipe::MTE2);
    EXPECT_EQ(r[0].second.name, "TADD");
    EXPECT_EQ(r[0].buffer, "UB");
    EXPECT_EQ(r[0].lo, 0u);
    EXPECT_EQ(r[0].hi, 8u * 16 * sizeof(float));
    EXPECT_NE(r[0].first.where.code, nullptr);  // the intrinsic's return address, in this test
    EXPECT_NE(r[0].first.where.code, r[0].second.where.code);
}

TEST_F(CheckedApi, ScalarAccessesAreOnTheScalarPipeAtTheirCallSite) {
    VecTile t, u;
    TASSIGN(t, 0x0);
    TASSIGN(u, 0x1000);
    TEXPANDS(t, 1.0f);
    set_flag(PIPE_V, PIPE_S, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
    const int line = __LINE__ + 1;
    t.SetValue(3, 2.0f);  // ordered after TEXPANDS; TADDS below reads it with no S -> V flag
    TADDS(u, t, 1.0f);
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, hz::Kind::ReadAfterWrite);
    EXPECT_EQ(r[0].first.name, "SetValue");
    EXPECT_EQ(r[0].first.pipe, hz::Pipe::S);
    EXPECT_EQ(r[0].first.where.line, static_cast<uint32_t>(line));
    EXPECT_EQ(r[0].second.name, "TADDS");
    EXPECT_EQ(r[0].lo, 3u * sizeof(float));
    EXPECT_EQ(r[0].hi, 4u * sizeof(float));

    hz::clear_reports();
    set_flag(PIPE_V, PIPE_S, EVENT_ID1);
    wait_flag(PIPE_V, PIPE_S, EVENT_ID1);
    EXPECT_EQ(u.GetValue(3), 3.0f);
    t.SetValue(4, 5.0f);
    set_flag(PIPE_S, PIPE_V, EVENT_ID1);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID1);
    TADDS(u, t, 1.0f);
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(CheckedApi, EventsOrderTheirProducerAndConsumer) {
    VecTile t, u;
    TASSIGN(t, 0x0);
    TASSIGN(u, 0x1000);
    Rows src(x.data());
    Event<Op::TLOAD, Op::TADD> loaded = TLOAD(t, src);
    Event<Op::TADD, Op::TSTORE_VEC> added = TADD(u, t, t, loaded);
    Rows dst(y.data());
    TSTORE(dst, u, added);
    hz::end_core();
    EXPECT_TRUE(hz::reports().empty());
    EXPECT_EQ(y[5], 4.0f);
}

TEST_F(CheckedApi, AnEventPassedToAnInstructionOfAnotherPipeIsReported) {
    VecTile t;
    TASSIGN(t, 0x0);
    Rows src(x.data());
    Event<Op::TLOAD, Op::TADD> loaded = TLOAD(t, src);
    set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
    Rows dst(y.data());
    TSTORE(dst, t, loaded);  // a store is MTE3, the event's consumer V
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, hz::Kind::WrongPipeEvent);
    EXPECT_EQ(r[0].first.name, "TSTORE");
    EXPECT_EQ(r[0].second.pipe, hz::Pipe::V);
}

TEST_F(CheckedApi, PipeBarrierAllIsAFullFence) {
    VecTile t;
    TASSIGN(t, 0x0);
    Rows src(x.data());
    TLOAD(t, src);
    pipe_barrier(PIPE_ALL);
    TMULS(t, t, 3.0f);
    pipe_barrier(PIPE_ALL);
    Rows dst(y.data());
    TSTORE(dst, t);
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(CheckedApi, EachBlockOfALaunchStartsCleanAndMustWaitForWhatItSets) {
    auto kernel = [] { set_flag(PIPE_V, PIPE_MTE2, EVENT_ID3); };
    ptosim::launch(3, kernel);
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);  // one call site, three blocks: one report seen three times
    EXPECT_EQ(r[0].kind, hz::Kind::SetNeverWaited);
    EXPECT_EQ(r[0].repeats, 3u);
    EXPECT_EQ(r[0].flag_id, 3);
}

}  // namespace
