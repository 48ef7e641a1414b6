// The hazard checker's happens-before logic, driven directly through its API: accesses by pipe, flags,
// barriers, and what each report says.
#include "ptosim/sync/hazards.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "ptosim/core/buffers.hpp"
#include "support/hazard_checking.hpp"

namespace {

namespace hz = ptosim::hazards;
using hz::Kind;
using hz::Pipe;

constexpr int S = 0, V = 1, MTE1 = 2, MTE2 = 3, MTE3 = 4, M = 5, ALL = 6, FIX = 7;

class Hazards : public HazardChecking {
  protected:
    void SetUp() override {
        HazardChecking::SetUp();
        ub = ptosim::mem::base(ptosim::mem::Buffer::UB);
    }
    // One instruction named `name` on `pipe` reading [r, r + rn) and writing [w, w + wn) of the UB.
    void instr(const char* name, Pipe pipe, int r, int rn, int w, int wn) {
        hz::Scope s(name, pipe);
        if (rn > 0)
            s.read(ub + r, static_cast<std::size_t>(rn));
        if (wn > 0)
            s.write(ub + w, static_cast<std::size_t>(wn));
    }
    std::byte* ub = nullptr;
};

TEST_F(Hazards, UnorderedReadAfterWriteIsReportedWithBothInstructionsAndTheBytes) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0x100, 0x100);
    instr("TADD", Pipe::V, 0x180, 0x100, 0x400, 0x100);
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].kind, Kind::ReadAfterWrite);
    EXPECT_EQ(r[0].first.name, "TLOAD");
    EXPECT_EQ(r[0].first.pipe, Pipe::MTE2);
    EXPECT_EQ(r[0].first.seq, 1u);
    EXPECT_EQ(r[0].second.name, "TADD");
    EXPECT_EQ(r[0].second.pipe, Pipe::V);
    EXPECT_EQ(r[0].buffer, "UB");
    EXPECT_EQ(r[0].lo, 0x180u);
    EXPECT_EQ(r[0].hi, 0x200u);
    const std::string text = r[0].text();
    EXPECT_NE(text.find("read-after-write on UB[0x180, 0x200)"), std::string::npos) << text;
    EXPECT_NE(text.find("set_flag(PIPE_MTE2, PIPE_V, id)"), std::string::npos) << text;
}

TEST_F(Hazards, AFlagOrdersTheProducerBeforeTheConsumer) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    hz::set_flag(MTE2, V, 0, {});
    hz::wait_flag(MTE2, V, 0, {});
    instr("TADD", Pipe::V, 0, 0x100, 0x100, 0x100);
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, AFlagSetBeforeTheProducerOrdersNothing) {
    hz::set_flag(MTE2, V, 0, {});
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    hz::wait_flag(MTE2, V, 0, {});
    instr("TADD", Pipe::V, 0, 0x100, 0x100, 0x100);
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].kind, Kind::ReadAfterWrite);
}

TEST_F(Hazards, DisjointBytesAndReadsOfReadsAreNoHazard) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    instr("TADD", Pipe::V, 0x100, 0x100, 0x200, 0x100);  // touches other bytes
    instr("TSTORE", Pipe::MTE3, 0x300, 0x100, 0, 0);
    instr("TMULS", Pipe::V, 0x300, 0x100, 0x400, 0x10);  // both only read 0x300..
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, OrderingIsTransitiveThroughAThirdPipe) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x40);
    hz::set_flag(MTE2, V, 0, {});
    hz::wait_flag(MTE2, V, 0, {});
    instr("TADD", Pipe::V, 0x40, 0x40, 0x80, 0x40);
    hz::set_flag(V, MTE3, 0, {});
    hz::wait_flag(V, MTE3, 0, {});
    instr("TSTORE", Pipe::MTE3, 0, 0xc0, 0, 0);  // reads what MTE2 and V wrote
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, AWaitOfTheScalarUnitOrdersEverythingIssuedAfterIt) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    hz::set_flag(MTE2, S, 0, {});
    hz::wait_flag(MTE2, S, 0, {});  // the scalar unit issues nothing more until the load is done
    instr("TADD", Pipe::V, 0, 0x100, 0x100, 0x100);
    instr("TSTORE", Pipe::MTE3, 0, 0x100, 0, 0);
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, WriteAfterReadIsTheDoubleBufferingBug) {
    instr("TEXP", Pipe::V, 0, 0x100, 0x1000, 0x100);
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].kind, Kind::WriteAfterRead);
    EXPECT_EQ(hz::reports()[0].first.name, "TEXP");
    EXPECT_EQ(hz::reports()[0].second.name, "TLOAD");
}

TEST_F(Hazards, WriteAfterWrite) {
    instr("TEXPANDS", Pipe::V, 0, 0, 0, 0x20);
    instr("TLOAD", Pipe::MTE2, 0, 0, 0x10, 0x20);
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].kind, Kind::WriteAfterWrite);
}

TEST_F(Hazards, AnInPlaceInstructionGetsOneReportPerEarlierInstruction) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    instr("TADDS", Pipe::V, 0, 0x100, 0, 0x100);  // reads and writes what TLOAD wrote
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].kind, Kind::ReadAfterWrite);
}

TEST_F(Hazards, OnePipeIsInProgramOrder) {
    instr("TADD", Pipe::V, 0, 0x100, 0x100, 0x100);
    instr("TMUL", Pipe::V, 0x100, 0x100, 0, 0x100);
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, PipeBarrierAllOrdersEveryPipe) {
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    hz::pipe_barrier(V, {});  // one pipe's barrier orders nothing across pipes
    instr("TADD", Pipe::V, 0, 0x100, 0x100, 0x100);
    ASSERT_EQ(hz::reports().size(), 1u);
    hz::clear_reports();
    instr("TLOAD", Pipe::MTE2, 0, 0, 0x200, 0x100);
    hz::pipe_barrier(ALL, {});
    instr("TADD", Pipe::V, 0x200, 0x100, 0x300, 0x100);
    instr("TSTORE", Pipe::MTE3, 0x300, 0x100, 0, 0);  // V wrote after the barrier: unordered
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].first.name, "TADD");
}

TEST_F(Hazards, GlobalMemoryIsABufferToo) {
    std::vector<float> gm(64);
    {
        hz::Scope s("TSTORE", Pipe::MTE3);
        s.write(gm.data(), 64 * sizeof(float));
    }
    {
        hz::Scope s("TLOAD", Pipe::MTE2);
        s.read(gm.data() + 16, 16 * sizeof(float));
    }
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].buffer, "GM");
    EXPECT_EQ(hz::reports()[0].lo, reinterpret_cast<uintptr_t>(gm.data() + 16));
}

TEST_F(Hazards, NestedScopesAreOneInstruction) {
    {
        hz::Scope outer("TSTORE", Pipe::FIX);
        outer.read(ub, 0x40);
        hz::Scope inner("TCVT", Pipe::V);  // a helper the entry point calls: still the FIX instruction
        inner.write(ub + 0x1000, 0x40);
    }
    instr("TADD", Pipe::V, 0x1000, 0x40, 0x2000, 0x40);
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].first.name, "TSTORE");
    EXPECT_EQ(hz::reports()[0].first.pipe, Pipe::FIX);
}

TEST_F(Hazards, WaitOnAFlagNobodySetIsADeadlock) {
    hz::wait_flag(MTE2, V, 3, {"kernel.cpp", 12, nullptr});
    const auto all = hz::reports();
    ASSERT_EQ(all.size(), 1u);
    const auto& r = all[0];
    EXPECT_EQ(r.kind, Kind::WaitWithoutSet);
    EXPECT_EQ(r.flag_id, 3);
    EXPECT_NE(r.text().find("kernel.cpp:12"), std::string::npos) << r.text();
    EXPECT_NE(r.text().find("waits forever"), std::string::npos) << r.text();
}

TEST_F(Hazards, SetTwiceAndNeverWaited) {
    hz::set_flag(V, MTE2, 1, {"k.cpp", 1, nullptr});
    hz::set_flag(V, MTE2, 1, {"k.cpp", 2, nullptr});
    hz::set_flag(MTE2, V, 0, {"k.cpp", 3, nullptr});
    hz::wait_flag(V, MTE2, 1, {});
    hz::end_core();
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].kind, Kind::SetTwice);
    EXPECT_EQ(r[0].first.where.line, 1u);
    EXPECT_EQ(r[0].second.where.line, 2u);
    EXPECT_EQ(r[1].kind, Kind::SetNeverWaited);
    EXPECT_EQ(r[1].first.where.line, 3u);
}

TEST_F(Hazards, FlagsOfOnePipeOrPipeAllAreIgnored) {
    hz::wait_flag(V, V, 0, {});
    hz::set_flag(ALL, V, 0, {});
    hz::wait_flag(S, 9, 0, {});
    hz::end_core();
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, AnEventForAnotherPipeIsReported) {
    hz::expect_consumer(V);
    instr("TSTORE", Pipe::MTE3, 0, 0x10, 0, 0);
    ASSERT_EQ(hz::reports().size(), 1u);
    EXPECT_EQ(hz::reports()[0].kind, Kind::WrongPipeEvent);
    EXPECT_EQ(hz::reports()[0].second.pipe, Pipe::V);
}

TEST_F(Hazards, RepeatsOfOneLocatedPairAreCountedNotRepeated) {
    static int marker_a, marker_b;
    for (int i = 0; i < 5; ++i) {
        {
            hz::Site site(&marker_a);
            instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x40);
        }
        hz::Site site(&marker_b);
        instr("TADD", Pipe::V, 0, 0x40, 0x40, 0x40);
    }
    const auto r = hz::reports();  // TLOAD -> TADD (read-after-write), and TADD -> the next TLOAD
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].kind, Kind::ReadAfterWrite);
    EXPECT_EQ(r[0].repeats, 5u);
    EXPECT_EQ(r[0].first.where.code, &marker_a);
    EXPECT_EQ(r[0].second.where.code, &marker_b);
    EXPECT_EQ(r[1].kind, Kind::WriteAfterRead);
    EXPECT_EQ(r[1].repeats, 4u);
}

TEST_F(Hazards, ManyUnsynchronisedAccessesStayBounded) {
    for (int i = 0; i < 6000; ++i)
        instr(i % 2 ? "TLOAD" : "TSTORE", i % 2 ? Pipe::MTE2 : Pipe::MTE3, 0, 0, (i % 63) * 0x100, 0x10);
    // Without call sites, repeats are told apart by instruction names and pipes: one report each way.
    const auto r = hz::reports();
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].kind, Kind::WriteAfterWrite);
    EXPECT_GT(r[0].repeats + r[1].repeats, 1000u);
}

TEST_F(Hazards, OffMeansNothingIsRecorded) {
    hz::enable(false);
    instr("TLOAD", Pipe::MTE2, 0, 0, 0, 0x100);
    instr("TADD", Pipe::V, 0, 0x100, 0x100, 0x100);
    hz::wait_flag(MTE2, V, 0, {});
    EXPECT_TRUE(hz::reports().empty());
}

TEST_F(Hazards, MovePipesFollowTheBuffers) {
    using ptosim::mem::Buffer;
    auto at = [](Buffer b) { return static_cast<const void*>(ptosim::mem::base(b)); };
    int host = 0;
    EXPECT_EQ(hz::move_pipe(at(Buffer::L1), at(Buffer::L0A)), Pipe::MTE1);
    EXPECT_EQ(hz::move_pipe(at(Buffer::L1), at(Buffer::L0B)), Pipe::MTE1);
    EXPECT_EQ(hz::move_pipe(at(Buffer::L0C), at(Buffer::UB)), Pipe::FIX);
    EXPECT_EQ(hz::move_pipe(at(Buffer::L0C), &host), Pipe::FIX);
    EXPECT_EQ(hz::move_pipe(at(Buffer::UB), &host), Pipe::MTE3);
    EXPECT_EQ(hz::move_pipe(at(Buffer::UB), at(Buffer::L1)), Pipe::MTE3);
    EXPECT_EQ(hz::move_pipe(at(Buffer::UB), at(Buffer::UB)), Pipe::V);
    EXPECT_EQ(hz::move_pipe(&host, at(Buffer::UB)), Pipe::MTE2);
    EXPECT_EQ(hz::fill_pipe(at(Buffer::L1)), Pipe::MTE2);
    EXPECT_EQ(hz::fill_pipe(at(Buffer::UB)), Pipe::V);
    (void)S, (void)MTE1, (void)M, (void)FIX;
}

}  // namespace
