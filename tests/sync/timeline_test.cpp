// The pipeline timeline: the cost model's figures, the pipes' overlap and flags' waits, and the trace.
#include "sync/timeline.hpp"

#include <pto/pto-inst.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ptosim/core/buffers.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/timeline.hpp"

namespace {

namespace hz = ptosim::hazards;
namespace tl = ptosim::hazards::timeline;
using hz::Pipe;
using ptosim::mem::Buffer;

constexpr uint8_t kGm = 0xff;
constexpr auto kUb = static_cast<uint8_t>(Buffer::UB);

tl::Work bytes(uint64_t read, uint64_t write, uint8_t from, uint8_t to) {
    tl::Work w;
    w.read_bytes = read;
    w.write_bytes = write;
    w.read_space = from;
    w.write_space = to;
    return w;
}

TEST(CostModel, VectorInstructionsCostAStartAndBytesAtTheirRate) {
    EXPECT_EQ(tl::cycles("TADD", Pipe::V, bytes(8192, 4096, kUb, kUb)), 25u + 4096 / 256);
    EXPECT_EQ(tl::cycles("TEXP", Pipe::V, bytes(4096, 4096, kUb, kUb)), 30u + 4096 / 128);
}

TEST(CostModel, TransfersMoveTheSmallerSideAtThePathsBandwidth) {
    // 100.9 GiB/s at 1850 MHz is 58.56 bytes a cycle; global memory adds 50 cycles.
    EXPECT_EQ(tl::cycles("TLOAD", Pipe::MTE2, bytes(1 << 20, 65536, kGm, kUb)), 50u + 1119);
    const auto l0a = static_cast<uint8_t>(Buffer::L0A), l1 = static_cast<uint8_t>(Buffer::L1);
    // L1 -> L0A at 441 GiB/s: 255.96 bytes a cycle.
    EXPECT_EQ(tl::cycles("TMOV", Pipe::MTE1, bytes(65536, 65536, l1, l0a)), 256u);
}

TEST(CostModel, CubeRepeatsAre16By16OutputsOverA32ByteFractalOfK) {
    tl::Work w;
    w.m = 128;
    w.n = 128;
    w.k = 64;
    w.elem_bytes = 2;  // half: 16 of k per repeat
    EXPECT_EQ(tl::cycles("TMATMUL", Pipe::M, w), 6u + 8 * 8 * 4);
    w.elem_bytes = 4;  // float: 8 of k per repeat, two cycles each
    EXPECT_EQ(tl::cycles("TMATMUL", Pipe::M, w), 6u + 8 * 8 * 8 * 2);
}

TEST(CoreClock, PipesOverlapUnlessAFlagMakesOneWait) {
    tl::Core overlap;
    overlap.instruction("TLOAD", Pipe::MTE2, 3, 1, {}, bytes(4096, 4096, kGm, kUb));
    overlap.instruction("TADD", Pipe::V, 1, 2, {}, bytes(4096, 4096, kUb, kUb));
    tl::Core ordered;
    ordered.instruction("TLOAD", Pipe::MTE2, 3, 1, {}, bytes(4096, 4096, kGm, kUb));
    ordered.wait(3, 1, 0, ordered.set_time(3), ordered.producer(3));
    ordered.instruction("TADD", Pipe::V, 1, 2, {}, bytes(4096, 4096, kUb, kUb));
    tl::clear();
    overlap.finish(0);
    ordered.finish(1);
    const std::string json = tl::json();
    // The ordered TADD starts when the TLOAD ends (issued at cycle 1, 50 + 4096 / 58.56 = 119 cycles long),
    // the other when it is issued (cycle 2).
    EXPECT_NE(json.find("\"name\": \"TADD\", \"pid\": 0, \"tid\": 1, \"ts\": 0.0011"), std::string::npos)
        << json;
    EXPECT_NE(json.find("\"name\": \"TADD\", \"pid\": 1, \"tid\": 1, \"ts\": 0.0649"), std::string::npos)
        << json;
    EXPECT_NE(json.find("\"stalled on flags\": 118"), std::string::npos) << json;
    EXPECT_NE(json.find("\"cat\": \"flag\""), std::string::npos);
    EXPECT_NE(json.find("PIPE_MTE2"), std::string::npos);
    const std::string text = tl::summary();
    EXPECT_NE(text.find("critical path: 2 instructions"), std::string::npos) << text;
    EXPECT_NE(text.find("MTE2"), std::string::npos) << text;
    tl::clear();
}

TEST(CoreClock, AScalarWaitHoldsTheIssueOfEveryLaterInstruction) {
    tl::Core core;
    core.instruction("TLOAD", Pipe::MTE2, 3, 1, {}, bytes(4096, 4096, kGm, kUb));  // cycles 1 .. 120
    core.wait(3, 0, 0, core.set_time(3), core.producer(3));
    core.instruction("TSTORE", Pipe::MTE3, 4, 2, {}, bytes(4096, 4096, kUb, kGm));  // issued at 121
    tl::clear();
    core.finish(0);
    const std::string json = tl::json();
    EXPECT_NE(json.find("\"name\": \"TSTORE\", \"pid\": 0, \"tid\": 4, \"ts\": 0.0654"), std::string::npos)
        << json;
    EXPECT_NE(tl::summary().find("critical path: 2 instructions"), std::string::npos) << tl::summary();
    tl::clear();
}

TEST(Trace, AKernelsInstructionsAndFlagsBecomeSpansAndArrows) {
    using namespace pto;
    using VecTile = Tile<TileType::Vec, float, 16, 64>;
    using Rows = GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;
    std::vector<float> x(16 * 64, 1.0f), y(2 * 16 * 64);  // each block stores its own rows (no host race)
    hz::clear_trace();
    hz::trace_to("");
    auto kernel = [&] {
        VecTile t;
        TASSIGN(t, 0x0);
        Rows src(x.data()), dst(y.data() + 16 * 64 * ptosim::block_idx());
        TLOAD(t, src);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TEXP(t, t);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE(dst, t);
    };
    ptosim::launch(1, kernel);
    const std::string json = hz::trace_json(), text = hz::trace_summary();
    for (const char* name : {"\"TLOAD\"", "\"TEXP\"", "\"TSTORE\"", "PIPE_MTE3", "\"flag 0\""})
        EXPECT_NE(json.find(name), std::string::npos) << name << "\n" << json;
    // Each instruction waits for the one before it: the critical path is all three.
    EXPECT_NE(text.find("critical path: 3 instructions"), std::string::npos) << text;
    hz::clear_trace();
}

TEST(Trace, TheRecordsGiveSpansArrowsTotalsAndTheCriticalPathAsData) {
    using namespace pto;
    using VecTile = Tile<TileType::Vec, float, 16, 64>;
    using Rows = GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;
    std::vector<float> x(16 * 64, 1.0f), y(2 * 16 * 64);  // each block stores its own rows (no host race)
    hz::clear_trace();
    hz::trace_to("");
    EXPECT_TRUE(hz::tracing());
    auto kernel = [&] {
        VecTile t;
        TASSIGN(t, 0x0);
        Rows src(x.data()), dst(y.data() + 16 * 64 * ptosim::block_idx());
        TLOAD(t, src);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TEXP(t, t);
        TADDS(t, t, 1.0f);  // not waited for by anything: off the critical path of the store below
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
        TSTORE(dst, t);
    };
    ptosim::launch(2, kernel);
    hz::stop_tracing();
    EXPECT_FALSE(hz::tracing());
    ptosim::launch(1, kernel);  // not recorded
    const std::vector<tl::CoreRecord> cores = tl::records();
    ASSERT_EQ(cores.size(), 2u);
    const tl::CoreRecord& c = cores[0];
    ASSERT_EQ(c.spans.size(), 4u);
    EXPECT_EQ(c.spans[0].name, "TLOAD");
    EXPECT_EQ(c.spans[0].slot, 3);
    EXPECT_EQ(c.spans[3].name, "TSTORE");
    EXPECT_EQ(c.spans[3].slot, 4);
    EXPECT_EQ(c.spans[2].seq, 3u);
    EXPECT_NE(c.spans[1].where.code, nullptr);  // the intrinsic's call site
    EXPECT_GT(c.spans[1].stall, 0u);            // TEXP waited for the load's flag
    ASSERT_EQ(c.arrows.size(), 2u);
    EXPECT_EQ(c.arrows[0].src, 3);
    EXPECT_EQ(c.arrows[0].dst, 1);
    const tl::Totals t = tl::totals(cores);
    EXPECT_EQ(t.pipes[3].instructions, 2u);  // MTE2: a TLOAD per core
    EXPECT_EQ(t.pipes[1].instructions, 4u);  // V
    EXPECT_EQ(t.pipes[4].instructions, 2u);  // MTE3
    EXPECT_EQ(t.longest, c.spans[3].end);
    EXPECT_EQ(t.total, cores[0].spans[3].end + cores[1].spans[3].end);
    EXPECT_EQ(t.pipes[1].busy, 2 * (c.spans[1].end - c.spans[1].start + c.spans[2].end - c.spans[2].start));
    EXPECT_EQ(t.critical_path, (std::vector<int>{3, 2, 1, 0}));
    EXPECT_EQ(tl::pipe_title(7), "FIX");
    hz::clear_trace();
    EXPECT_TRUE(tl::records().empty());
}

TEST(Trace, ACoreThatFailsACheckLeavesNothingBehindForTheNextRun) {
    using namespace pto;
    using VecTile = Tile<TileType::Vec, float, 16, 64>;
    using Rows = GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;
    std::vector<float> x(16 * 64, 1.0f);
    const ptosim::ScopedCheckHandler handler(&ptosim::throw_check_error);
    hz::clear_trace();
    hz::trace_to("");
    auto kernel = [&](int offset) {
        VecTile t;
        Rows src(x.data());
        TASSIGN(t, 0x0);
        TLOAD(t, src);
        set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);  // never waited for when the TASSIGN below fails
        VecTile u;
        TASSIGN(u, offset);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
        TEXP(u, t);
    };
    EXPECT_THROW(ptosim::launch(1, kernel, 3), ptosim::CheckError);  // misaligned
    hz::clear_trace();
    ptosim::launch(1, kernel, 0x4000);
    hz::stop_tracing();
    const std::vector<tl::CoreRecord> cores = tl::records();
    ASSERT_EQ(cores.size(), 1u);
    EXPECT_EQ(cores[0].spans.size(), 2u);
    hz::clear_trace();
}

}  // namespace
