// One test per fault: the smallest program that produces it, the block index and the message. A faulting
// block changes nothing, and no fault crashes the machine.
#include <gtest/gtest.h>

#include <set>

#include "machine_test_util.hpp"
#include "ptosim/asm/asm.hpp"

namespace {

using namespace machine_test;
using M::FaultKind;

struct Case {
    FaultKind kind;
    std::string program;
    std::size_t block;
    std::string message;  // Fault::message()
    Arch arch = Arch::A5;
    std::string suffix = "";
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << M::status_name(c.kind) << c.suffix;
}

const std::vector<Case>& cases() {
    static const std::vector<Case> kCases = {
        {FaultKind::Unsupported,
         "BSTART.TMA TLOAD, FP16\nB.DIM zero, 64, ->LB0\nB.IOT last, ->T<2KB>\nB.IOR [a0, a1]\nBSTOP\n", 0,
         "block 0: block not executed by the ISA model: BSTART.TMA TLOAD (only BSTART.TEPL tile operations "
         "run)"},
        {FaultKind::Unsupported,
         ".tile T#1 u32 1x64\nTHISTOGRAM <LB0:64, u32, u32, Byte3>, T#1, T#1, ->S<1KB>\n", 0,
         "block 0: block not executed by the ISA model: destination hand S (the model has the queues T, U, M "
         "and N)",
         Arch::A5, "_stack"},
        {FaultKind::NotImplemented, "ESAVE <fp32>\n", 0, "block 0: not implemented: ESAVE"},
        {FaultKind::UnavailableOnProfile,
         ".tile T#1 s16 1x16\nTINTERLEAVE <LB0:16, s16>, T#1, T#1, ->T<32B>, ->T<32B>\n", 0,
         "block 0: instruction not available on this architecture profile: TINTERLEAVE on KIRIN9030",
         Arch::KIRIN9030},
        {FaultKind::DTypeNotAllowed, ".tile T#1 u8 1x32\nTCMP.EQ <LB0:32, u8>, T#1, T#1, ->T<32B>\n", 0,
         "block 0: data type not accepted by the instruction: TCMP type U8 on A2A3 (allowed: FP32 FP16 S32)",
         Arch::A2A3},
        {FaultKind::DTypeNotAllowed,
         ".tile T#3 u8 1x32\n.tile T#2 u8 1x32\n.tile T#1 u8 1x32\nTSEL <LB0:32, u8>, T#1, T#3, T#2, "
         "->T<32B>\n",
         0,
         "block 0: data type not accepted by the instruction: TSEL type U8 on A2A3 (allowed: FP32 FP16 BF16 "
         "S32 "
         "S16 U32 U16)",
         Arch::A2A3, "_tsel"},
        {FaultKind::DTypeNotAllowed, "TEXPANDS <LB0:4, s64>, [zero], ->T<32B>\n", 0,
         "block 0: data type not accepted by the instruction: TEXPANDS type S64 on A2A3 (allowed: FP32 FP16 "
         "BF16 "
         "S32 S16 S8 U32 U16 U8)",
         Arch::A2A3, "_texpands"},
        {FaultKind::UnwrittenTile,
         ".tile T#1 fp32 1x8\nTCMP.EQ <LB0:8, fp32>, T#1.reuse, T#1.reuse, ->U<32B>\n"
         "TCMP.EQ <LB0:8, fp32>, T#1, T#2, ->U<32B>\n",
         1, "block 1: read of a tile that was never written: T#2"},
        {FaultKind::ReleasedTile,
         ".tile T#1 fp32 1x8\nTCMPS.EQ <LB0:8, fp32>, T#1, [zero], ->U<32B>\n"
         "TCMPS.EQ <LB0:8, fp32>, T#1, [zero], ->U<32B>\n",
         1,
         "block 1: read of a tile released by an earlier block (it read the tile without .reuse): T#1 was "
         "released by block 0"},
        {FaultKind::ShapeDoesNotFit,
         ".tile T#1 u32 4x64\nTHISTOGRAM <LB0:64, LB1:8, LB2:64, u32, u32, Byte3>, T#1, "
         "T#1, ->T<8KB>\n",
         0,
         "block 0: shape does not fit the tile size: THISTOGRAM source T#1: an entry of 1024 bytes holds 4 x "
         "64 "
         "U32 (Row x Col), the block reads 8 x 64 (LB1 x LB0)"},
        {FaultKind::ShapeDoesNotFit,
         ".tile T#1 fp32 16x16\nTCMP.GT <LB0:16, LB1:16, LB2:16, fp32>, T#1, T#1, "
         "->T<256B>\n",
         0,
         "block 0: shape does not fit the tile size: TCMP destination ->T<256B>: a destination of 256 bytes "
         "holds 8 x 32 U8, the result is 16 x 32 (512 bytes)",
         Arch::A5, "_destination"},
        {FaultKind::ShapeDoesNotFit, ".tile T#1 u8 1x32\nTCMP.EQ <LB0:32, LB2:0, u8>, T#1, T#1, ->T<32B>\n",
         0, "block 0: shape does not fit the tile size: TCMP source T#1: Col (LB2) is 0", Arch::A5, "_col0"},
        // A 16 x 16 select reads 16 rows of 32 mask bytes; the entry holds 8.
        {FaultKind::ShapeDoesNotFit,
         ".tile T#3 fp32 16x16\n.tile T#2 fp32 16x16\n.tile T#1 u8 8x32\n"
         "TSEL <LB0:16, LB1:16, LB2:16, fp32>, T#1, T#3, T#2, ->T<1KB>\n",
         0,
         "block 0: shape does not fit the tile size: TSEL source T#1: a mask entry of 256 bytes holds 8 x 32 "
         "U8, "
         "the block reads 16 x 32 (512 bytes)",
         Arch::A5, "_mask"},
        {FaultKind::ShapeDoesNotFit, "TEXPANDS <LB0:16, LB1:16, LB2:16, fp32>, [zero], ->T<512B>\n", 0,
         "block 0: shape does not fit the tile size: TEXPANDS destination ->T<512B>: a destination of 512 "
         "bytes "
         "holds 8 x 16 FP32, the result is 16 x 16 (1024 bytes)",
         Arch::A5, "_texpands"},
        {FaultKind::UbOverflow,
         ".tile M#1 u8 512x512\n.tile T#1 u8 512x512\nTCMPS.EQ <LB0:32, u8>, T#1, [zero], ->T<32B>\n", 0,
         "block 0: live tiles exceed the 512KB Unified Buffer: 524288 bytes live + 32 bytes of destinations"},
        {FaultKind::UbOverflow, ".tile M#1 u8 512x1024\n.tile T#1 u16 1x32\n", 0,
         "block 0: live tiles exceed the 512KB Unified Buffer: the input tiles take 524352 bytes", Arch::A5,
         "_inputs"},
        {FaultKind::KernelCheck,
         ".tile T#1 s16 1x16\nTINTERLEAVE <LB0:15, LB2:16, s16>, T#1, T#1, ->T<32B>, ->T<32B>\n", 0,
         "block 0: operand check of the instruction failed: TINTERLEAVE: valid columns must be even "
         "(validCol=15)"},
    };
    return kCases;
}

class Faults : public ::testing::TestWithParam<Case> {};

TEST_P(Faults, ReportsBlockAndRule) {
    const Case& c = GetParam();
    const Ran r = run_text(c.program, c.arch, false, Arch::A5);
    ASSERT_TRUE(r.result.fault.has_value()) << "no fault for:\n" << c.program;
    const M::Fault& f = *r.result.fault;
    EXPECT_EQ(f.status, c.kind) << f.message();
    EXPECT_EQ(f.block, c.block);
    EXPECT_EQ(f.message(), c.message);
    EXPECT_EQ(r.result.executed, c.block);
    // The fault is located at its block.
    if (!r.program.blocks.empty()) {
        EXPECT_EQ(f.loc, r.program.blocks[std::min(c.block, r.program.blocks.size() - 1)].loc);
    }
}

INSTANTIATE_TEST_SUITE_P(Machine, Faults, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& p) {
                             return std::string(M::status_name(p.param.kind)) + p.param.suffix;
                         });

TEST(Faults, EveryFaultHasACase) {
    std::set<FaultKind> seen;
    for (const Case& c : cases())
        seen.insert(c.kind);
    for (FaultKind k : M::kAllFaults)
        EXPECT_TRUE(seen.count(k)) << "no test for " << M::status_name(k);
}

TEST(Faults, AFaultingBlockChangesNothing) {
    // A fault after the sources were resolved (the destination is too small): nothing is released or pushed.
    const Ran f = run_text(
        ".tile T#1 fp32 4x8\n"
        "TCMPS.EQ <LB0:8, LB1:4, fp32>, T#1, [zero], ->U<32B>\n");
    ASSERT_TRUE(f.result.fault.has_value());
    EXPECT_FALSE(f.machine->entry(Hand::T, 1).released());
    EXPECT_FALSE(f.machine->entry(Hand::U, 1).written());
}

// A block built by hand (no text behind it) with a type its decoder would have rejected.
TEST(Faults, HandBuiltBlocksAreCheckedToo) {
    auto parsed = ptosim::linx::parse("TCMPS.EQ <LB0:8, fp32>, T#1, [zero], ->U<32B>\n");
    ASSERT_TRUE(parsed.ok());
    ptosim::linx::Block b = parsed.value[0];
    b.type = DType::F64;
    M::Machine m;
    m.place(Hand::T, 1, M::TileShape{DType::F64, ptosim::Layout::row_major(1, 8), 1, 8}, 64, {});
    const auto f = m.step(b, 3);
    ASSERT_TRUE(f.has_value());
    EXPECT_EQ(f->status, FaultKind::DTypeNotAllowed);
    EXPECT_EQ(f->message(),
              "block 3: data type not accepted by the instruction: TCMPS type FP64 on A5 (allowed: FP32 FP16 "
              "BF16 S64 "
              "S32 S16 S8 U64 U32 U16 U8)");
    // Out-of-range tile references in a hand-built block fault, never index out of bounds.
    b.type = DType::F32;
    b.srcs[0].index = 40;
    EXPECT_EQ(m.step(b, 0)->status, FaultKind::Unsupported);
    b.srcs[0].index = 1;
    b.scalars.clear();
    EXPECT_EQ(m.step(b, 0)->status, FaultKind::Unsupported);
}

}  // namespace
