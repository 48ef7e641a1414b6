// The ISA model's state and semantics: queues (relative names, push, eviction), .reuse and release, views and
// sizes, loop bounds from registers, TCMPS and TEXPANDS scalars, the A2A3 int32 compare rule, dry runs,
// binary input.
#include <gtest/gtest.h>

#include "machine_test_util.hpp"
#include "ptosim/asm/asm.hpp"
#include "ptosim/core/diagnostic.hpp"
#include "ptosim/sync/hazards.hpp"

namespace {

using namespace machine_test;

M::TileShape u8_row(int32_t n) {
    return M::TileShape{DType::U8, ptosim::Layout::row_major(1, n), 1, n};
}

TEST(Queue, PushMakesANewestEntryAndTheSeventeenthFallsOff) {
    M::Machine m;
    for (int i = 0; i < 17; ++i) {
        const std::byte b{static_cast<unsigned char>(i)};
        m.push(Hand::U, u8_row(32), 32, std::span<const std::byte>(&b, 1));
    }
    for (unsigned k = 1; k <= 16; ++k) {
        ASSERT_TRUE(m.entry(Hand::U, k).written());
        EXPECT_EQ(static_cast<int>(m.entry(Hand::U, k).data[0]), 17 - static_cast<int>(k)) << "U#" << k;
    }
    EXPECT_EQ(m.live_bytes(), 16u * 32u);  // the first push was evicted
    EXPECT_FALSE(m.entry(Hand::T, 1).written());
    EXPECT_FALSE(m.queue(Hand::T, 1).has_value());
    EXPECT_FALSE(m.entry(Hand::U, 17).written());  // out of range: never an entry
}

TEST(Queue, BlockDestinationsEvictTheOldestEntry) {
    // 17 blocks push onto T: the first result falls off, T#16 is block 1's.
    std::string prog = ".tile U#1 u8 1x32 iota 0 1\n";
    for (int i = 0; i < 17; ++i)
        prog += "TCMPS.LT <LB0:32, u8>, U#1.reuse, [a" + std::to_string(i % 8) + "], ->T<32B>\n";
    for (int i = 0; i < 8; ++i)
        prog += ".reg a" + std::to_string(i) + " = " + std::to_string(i + 1) + "\n";
    const Ran r = run_text(prog);
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    EXPECT_EQ(r.result.executed, 17u);
    EXPECT_EQ(r.machine->entry(Hand::T, 16).writer, 1);
    EXPECT_EQ(r.machine->entry(Hand::T, 1).writer, 16);
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 16, 0, 0), 0x03);  // block 1: x < 2
    EXPECT_EQ(r.machine->live_bytes(), 32u + 16u * 32u);
}

TEST(Queue, PlaceSetsADeepEntryAndLeavesTheOthersUnwritten) {
    M::Machine m;
    m.place(Hand::N, 3, u8_row(32), 64, {});
    EXPECT_FALSE(m.entry(Hand::N, 1).written());
    EXPECT_FALSE(m.entry(Hand::N, 2).written());
    EXPECT_TRUE(m.entry(Hand::N, 3).written());
    EXPECT_EQ(m.entry(Hand::N, 3).size, 64u);
    EXPECT_EQ(m.entry(Hand::N, 3).writer, -1);
}

TEST(Queue, DestinationsArePushedInOperandOrder) {
    const Ran r = run_text(
        ".tile T#2 s16 1x16 iota 0 1\n"
        ".tile T#1 s16 1x16 iota 100 1\n"
        "TINTERLEAVE <LB0:16, LB2:16, s16>, T#2, T#1, ->T<32B>, ->U<64B>\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    // dst0 went to T, dst1 to U; the sources are now T#3 and T#2 (released: no .reuse).
    EXPECT_EQ(r.at<int16_t>(Hand::T, 1, 0, 1), 100);
    EXPECT_EQ(r.at<int16_t>(Hand::U, 1, 0, 0), 8);
    EXPECT_EQ(r.machine->entry(Hand::U, 1).size, 64u);
    EXPECT_EQ(r.machine->entry(Hand::U, 1).shape.layout.rows, 2);  // 64 B / (16 x 2 B)
    EXPECT_TRUE(r.machine->entry(Hand::T, 3).released());
    EXPECT_EQ(r.machine->entry(Hand::T, 3).released_by, 0);
}

TEST(Reuse, WithoutReuseASourceIsReleasedWithReuseItStays) {
    const std::string prog =
        ".tile T#1 fp32 2x8 iota 0 1\n"
        ".tile U#1 fp32 2x8 fill 3\n"
        "TCMP.GT <LB0:8, LB1:2, LB2:8, fp32>, T#1.reuse, U#1, ->M<64B>\n"
        // T#1 is still the input (the mask went to M), U#1 was released.
        "TCMP.LT <LB0:8, LB1:2, LB2:8, fp32>, T#1, T#1, ->M<64B>\n";
    const Ran r = run_text(prog);
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    EXPECT_EQ(r.result.executed, 2u);
    EXPECT_TRUE(r.machine->entry(Hand::U, 1).released());
    EXPECT_TRUE(r.machine->entry(Hand::T, 1).released());
    EXPECT_EQ(r.machine->entry(Hand::T, 1).released_by, 1);
    EXPECT_EQ(r.at<uint8_t>(Hand::M, 2, 0, 0), 0xf0);  // 4..7 > 3
    EXPECT_EQ(r.at<uint8_t>(Hand::M, 2, 1, 0), 0xff);  // 8..15 > 3
    EXPECT_EQ(r.at<uint8_t>(Hand::M, 1, 0, 0), 0x00);  // x < x never
    EXPECT_EQ(r.machine->live_bytes(), 64u + 64u);
}

TEST(Reuse, ASourceReadTwiceInOneBlockIsReleasedIfEitherReadLacksReuse) {
    const Ran r = run_text(
        ".tile T#1 s32 1x8 iota 0 1\n"
        "TCMP.EQ <LB0:8, s32>, T#1.reuse, T#1, ->U<32B>\n");
    ASSERT_TRUE(r.result.ok());
    EXPECT_TRUE(r.machine->entry(Hand::T, 1).released());
    EXPECT_EQ(r.at<uint8_t>(Hand::U, 1, 0, 0), 0xff);
}

TEST(Views, RowsComeFromTheEntrySizeAndCol) {
    // 4KB of u32 with Col 64 is 16 rows; the block reads 4 of them.
    const Ran r = run_text(
        ".tile T#1 u32 16x64 iota 0x01000000 1\n"
        "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u16, Byte3>, T#1.reuse, T#1.reuse, ->T<2KB>\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    const M::Entry& d = r.machine->entry(Hand::T, 1);
    EXPECT_EQ(d.shape.dtype, DType::U16);
    EXPECT_EQ(d.shape.layout.rows, 4);
    EXPECT_EQ(d.shape.layout.cols, 256);
    EXPECT_EQ(d.shape.valid_rows, 4);
    EXPECT_EQ(r.at<uint16_t>(Hand::T, 1, 3, 1), 64);  // every element's byte 3 is 1
    EXPECT_EQ(r.at<uint16_t>(Hand::T, 1, 3, 0), 0);
    EXPECT_EQ(r.machine->lb(0), 64);
    EXPECT_EQ(r.machine->lb(1), 4);
}

TEST(Views, MaskRowsArePaddedTo32Bytes) {
    // 300 columns need 38 mask bytes: rows of 64 bytes.
    const Ran r = run_text(
        ".tile T#1 u16 2x300 iota 0 1\n"
        "TCMPS.GE <LB0:300, LB1:2, u16>, T#1, [a0], ->T<128B>\n"
        ".reg a0 = 299\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    const M::Entry& d = r.machine->entry(Hand::T, 1);
    EXPECT_EQ(d.shape.layout.cols, 64);
    EXPECT_EQ(d.shape.valid_cols, 38);
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 37), 0x08);  // column 299 of row 0: bit 3 of byte 37
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 1, 0), 0xff);   // row 1 holds 300..599
}

TEST(Views, TselReadsTheMaskTcmpWritesForItsDataShape) {
    // No loop bounds: one row filling the first data source (T#3, 64 u8), not the mask entry before it.
    const Ran r = run_text(
        ".tile T#2 u8 1x64 iota 0 1\n"
        ".tile T#1 u8 1x64 fill 200\n"
        "TCMPS.GE <u8>, T#2.reuse, [a0], ->T<32B>\n"
        ".reg a0 = 60\n"
        "TSEL <u8>, T#1, T#3, T#2, ->T<64B>\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    const M::Entry& d = r.machine->entry(Hand::T, 1);
    EXPECT_EQ(d.shape.valid_cols, 64);
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 59), 200);  // 59 < 60: from src1
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 60), 60);   // from src0
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 63), 63);
}

TEST(LoopBounds, FromRegistersAndDefaults) {
    // LB0 = a0 + 2 = 8, LB1 absent = 1, LB2 absent = LB0.
    const Ran r = run_text(
        ".reg a0 = 6\n"
        ".tile T#1 s8 1x32 iota -4 1\n"
        "TCMPS.LT <LB0:a0+2, s8>, T#1, [a1], ->T<32B>\n"
        ".reg a1 = 0\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    EXPECT_EQ(r.machine->lb(0), 8);
    EXPECT_EQ(r.machine->lb(1), 1);
    EXPECT_EQ(r.machine->lb(2), 8);
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 0), 0x0f);  // -4..-1 < 0
    // The loop bound is the low 16 bits of register + immediate.
    const Ran wrap = run_text(
        ".reg a0 = 0x10000\n"
        ".tile T#1 s8 1x32\n"
        "TCMPS.EQ <LB0:a0+4, LB2:32, s8>, T#1, [zero], ->T<32B>\n");
    ASSERT_TRUE(wrap.result.ok());
    EXPECT_EQ(wrap.machine->lb(0), 4);
    EXPECT_EQ(wrap.at<uint8_t>(Hand::T, 1, 0, 0), 0x0f);
}

TEST(LoopBounds, NoneGivenReadsOneRowFillingTheEntry) {
    const Ran r = run_text(
        ".tile T#1 u8 1x64 iota 0 1\n"
        "TCMPS.GE <u8>, T#1, [a0], ->T<32B>\n"
        ".reg a0 = 60\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    EXPECT_EQ(r.machine->lb(0), 64);
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 7), 0xf0);
}

TEST(Tcmps, TheScalarIsTheRegistersLowBits) {
    // a0 holds 1.5f; the upper 32 bits are ignored.
    const Ran r = run_text(
        ".tile T#1 fp32 1x8 values 0, 1, 1.5, 2, -1, 1.5, 3, 0.5\n"
        ".reg a0 = 0xffffffff3fc00000\n"
        "TCMPS.EQ <LB0:8, fp32>, T#1, [a0], ->T<32B>\n");
    ASSERT_TRUE(r.result.ok());
    EXPECT_EQ(r.at<uint8_t>(Hand::T, 1, 0, 0), 0x24);
}

TEST(Texpands, FillsTheValidRegionWithTheRegistersLowBits) {
    // a0 holds fp16 1.0 in its low 16 bits; a 2 x 3 region of a 4 x 4 tile (32B) is filled.
    const Ran r = run_text(
        ".reg a0 = 0xffffffff00003c00\n"
        "TEXPANDS <LB0:3, LB1:2, LB2:4, fp16>, [a0], ->T<32B>\n");
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    const M::Entry& d = r.machine->entry(Hand::T, 1);
    EXPECT_EQ(d.shape.dtype, DType::F16);
    EXPECT_EQ(d.shape.layout.rows, 4);
    EXPECT_EQ(d.shape.valid_rows, 2);
    EXPECT_EQ(d.shape.valid_cols, 3);
    EXPECT_EQ(r.at<uint16_t>(Hand::T, 1, 1, 2), 0x3c00);
    EXPECT_EQ(r.at<uint16_t>(Hand::T, 1, 1, 3), 0);
    EXPECT_EQ(r.at<uint16_t>(Hand::T, 1, 2, 0), 0);
}

TEST(Profiles, A2A3Int32ComparesOnlyForEquality) {
    static std::vector<std::string> warnings;
    warnings.clear();
    ptosim::reset_warnings();
    const auto previous = ptosim::set_warning_sink([](std::string_view m) { warnings.emplace_back(m); });
    const std::string prog =
        ".tile T#2 s32 1x8 values 1, 2, 3, 4, 5, 6, 7, 8\n"
        ".tile T#1 s32 1x8 fill 4\n"
        "TCMP.LT <LB0:8, s32>, T#2.reuse, T#1.reuse, ->U<32B>\n"
        "TCMP.LT <LB0:8, s32>, T#2, T#1, ->U<32B>\n";
    const Ran a5 = run_text(prog, Arch::A5);
    EXPECT_EQ(a5.at<uint8_t>(Hand::U, 1, 0, 0), 0x07);
    const Ran a2 = run_text(prog, Arch::A2A3);
    ASSERT_TRUE(a2.result.ok());
    EXPECT_EQ(a2.at<uint8_t>(Hand::U, 1, 0, 0), 0x08);  // behaves as EQ
    EXPECT_EQ(a2.at<uint8_t>(Hand::U, 2, 0, 0), 0x08);
    ptosim::set_warning_sink(previous);
    ASSERT_EQ(warnings.size(), 1u);  // once
    EXPECT_NE(warnings[0].find(
                  "TCMP: int32_t compares on the A2A3 profile support only EQ and NE; LT behaves as EQ"),
              std::string::npos)
        << warnings[0];
}

TEST(DryRun, ChecksEverythingAndRunsNoKernel) {
    const std::string prog =
        ".tile T#1 u16 2x128 fill 0x0102\n"
        "THISTOGRAM <LB0:128, LB1:2, u16, u32, Byte1>, T#1, T#1, ->T<2KB>\n";
    const Ran dry = run_text(prog, Arch::A5, true);
    ASSERT_TRUE(dry.result.ok());
    EXPECT_EQ(dry.at<uint32_t>(Hand::T, 1, 0, 255), 0u);  // committed, zero-filled
    const Ran real = run_text(prog);
    EXPECT_EQ(real.at<uint32_t>(Hand::T, 1, 0, 255), 128u);
    EXPECT_EQ(real.at<uint32_t>(Hand::T, 1, 1, 0), 0u);
    EXPECT_EQ(real.at<uint32_t>(Hand::T, 1, 1, 1), 128u);
}

TEST(Binary, RunsAsTheTextDoes) {
    const std::string text = "TCMP.NE <LB0:16, LB1:2, LB2:16, bf16>, T#1.reuse, T#2, ->U<64B>\n";
    auto parsed = ptosim::linx::parse(text);
    ASSERT_TRUE(parsed.ok());
    const auto bytes = ptosim::linx::to_bytes(ptosim::linx::encode(parsed.value));
    const std::string_view data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    EXPECT_EQ(M::detect_kind("prog.bin", data), M::SourceKind::LinxBinary);
    EXPECT_EQ(M::detect_kind("prog", data), M::SourceKind::LinxBinary);
    auto loaded = M::load_program(data, M::SourceKind::LinxBinary, {});
    ASSERT_TRUE(loaded.ok()) << problems_text(loaded.problems);
    M::Machine m;
    M::Loaded& p = loaded.value;
    p.tiles.push_back({Hand::T,
                       1,
                       M::TileShape{DType::BF16, ptosim::Layout::row_major(2, 16), 2, 16},
                       64,
                       std::vector<std::byte>(64, std::byte{0x3f}),
                       {},
                       "",
                       {}});
    p.tiles.push_back({Hand::T,
                       2,
                       M::TileShape{DType::BF16, ptosim::Layout::row_major(2, 16), 2, 16},
                       64,
                       std::vector<std::byte>(64, std::byte{0x3f}),
                       {},
                       "",
                       {}});
    M::init(m, p);
    const M::RunResult r = m.run();
    ASSERT_TRUE(r.ok()) << r.fault->message();
    EXPECT_EQ(r.fault, std::nullopt);
    EXPECT_EQ(m.queue(Hand::U, 1)->ptr<uint8_t>()[0], 0);
    EXPECT_EQ(m.entry(Hand::U, 1).size, 64u);
}

TEST(Kinds, Detection) {
    EXPECT_EQ(M::detect_kind("x.pto", "TADD"), M::SourceKind::PtoAs);
    EXPECT_EQ(M::detect_kind("x.s", "# c\n.tile T#1 u8 1x32\nTHISTOGRAM <u32>"), M::SourceKind::LinxText);
    EXPECT_EQ(M::detect_kind("x.s", "// c\n.arg %x : !pto.tile<vec, 1x32xui8>\n"), M::SourceKind::PtoAs);
    EXPECT_EQ(M::detect_kind("-", "%d = tcmp %a"), M::SourceKind::PtoAs);
    EXPECT_EQ(M::detect_kind("-", "  pto.tcmp ins(%a)"), M::SourceKind::PtoAs);
    EXPECT_EQ(M::detect_kind("-", "tassign %a, 0x100"), M::SourceKind::PtoAs);
    EXPECT_EQ(M::detect_kind("-", "BSTART.TEPL TADD, FP32"), M::SourceKind::LinxText);
}

TEST(PrintLinx, ALinxProgramPrintsWithItsDirectivesAndRunsTheSame) {
    const std::string prog =
        ".tile T#1 s16 2x16 random seed=9 min=-3 max=3\n"
        ".tile U#4 s16 2x16 iota 0 -1\n"
        ".reg a3 = -2 : s16\n"
        ".dump M#1 hex\n"
        "TCMP.GE <LB0:16, LB1:2, LB2:16, s16>, T#1.reuse, U#4, ->M<64B>\n"
        "TCMPS.NE <LB0:16, LB1:2, LB2:16, s16>, T#1, [a3], ->M<64B>\n";
    const Ran a = run_text(prog);
    ASSERT_TRUE(a.result.ok());
    const std::string printed = M::print_linx(a.program);
    EXPECT_EQ(printed,
              ".tile T#1 s16 2x16 random seed=9 min=-3 max=3\n"
              ".tile U#4 s16 2x16 iota 0 -1\n"
              ".reg a3 = -2 : s16\n"
              ".dump M#1 hex\n"
              "TCMP.GE <LB0:16, LB1:2, LB2:16, s16>, T#1.reuse, U#4, ->M<64B>\n"
              "TCMPS.NE <LB0:16, LB1:2, LB2:16, s16>, T#1, [a3], ->M<64B>\n");
    const Ran b = run_text(printed);
    EXPECT_EQ(a.bytes(Hand::M, 1), b.bytes(Hand::M, 1));
    EXPECT_EQ(a.bytes(Hand::M, 2), b.bytes(Hand::M, 2));
}

// PTO-AS synchronisation under the hazard checker: each `.arg` is a load on MTE2 at its line, each block an
// instruction at its statement's line, and the flags order them (docs/hazards.md, "PTO-AS programs").
namespace hz = ptosim::hazards;

std::vector<hz::Report> run_checked(std::string_view text) {
    hz::clear_reports();
    hz::enable(true);
    M::LoadOptions lo;
    auto loaded = M::load_program(text, M::SourceKind::PtoAs, lo);
    EXPECT_TRUE(loaded.ok()) << problems_text(loaded.problems);
    M::Options o;
    o.source_name = "kernel.pto";
    M::Machine m(o);
    M::init(m, loaded.value);
    EXPECT_TRUE(m.run().ok());
    hz::enable(false);
    auto reports = hz::reports();
    hz::clear_reports();
    return reports;
}

std::string where(const hz::Party& p) {
    return hz::describe(p.where);
}

const std::string kTile = "!pto.tile<vec, 4x16xf32>";
const std::string kInputs = ".arg %a : " + kTile + " iota 0 1\n.arg %b : " + kTile + " fill 2\n";
const std::string kAdd = "%c = pto.tadd %a, %b : (" + kTile + ", " + kTile + ") -> " + kTile + "\n";

TEST(Hazards, AMissingLoadFlagIsReportedAtBothStatements) {
    // Lines 1 and 2 load, line 3 adds with no flag between.
    const auto reports = run_checked(kInputs + kAdd);
    ASSERT_EQ(reports.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        const hz::Report& r = reports[i];
        EXPECT_EQ(r.kind, hz::Kind::ReadAfterWrite) << r.text();
        EXPECT_EQ(r.first.name, "TLOAD");
        EXPECT_EQ(r.first.pipe, hz::Pipe::MTE2);
        EXPECT_EQ(where(r.first), "kernel.pto:" + std::to_string(i + 1));
        EXPECT_EQ(r.second.name, "TADD");
        EXPECT_EQ(r.second.pipe, hz::Pipe::V);
        EXPECT_EQ(where(r.second), "kernel.pto:3");
    }
}

TEST(Hazards, TheFlaggedTwinIsClean) {
    const std::string flagged = kInputs + "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n" +
                                "pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n" + kAdd;
    const auto reports = run_checked(flagged);
    for (const hz::Report& r : reports)
        ADD_FAILURE() << r.text();
    // PTOAS's high-level events lower to the same flag (TLOAD is MTE2, TVEC is V), and a barrier of every
    // pipe orders everything before it.
    EXPECT_TRUE(
        run_checked(kInputs +
                    "pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TVEC>, <EVENT_ID1>]\n" +
                    "pto.wait_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TVEC>, <EVENT_ID1>]\n" + kAdd)
            .empty());
    EXPECT_TRUE(run_checked(kInputs + "pto.barrier #pto.pipe<PIPE_ALL>\n" + kAdd).empty());
}

TEST(Hazards, FlagMistakesAreReportedAtTheirLines) {
    // A wait after the add orders nothing before it; the set at line 3 is never waited for... (set at 3, the
    // add at 4, the wait for another id at 5).
    const auto reports = run_checked(kInputs + "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n" + kAdd +
                                     "pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]\n");
    bool raw = false, never = false, unset = false;
    for (const hz::Report& r : reports) {
        if (r.kind == hz::Kind::ReadAfterWrite)
            raw = where(r.second) == "kernel.pto:4";
        if (r.kind == hz::Kind::WaitWithoutSet) {
            unset = where(r.first) == "kernel.pto:5";
            EXPECT_EQ(r.flag_id, 1);
        }
        if (r.kind == hz::Kind::SetNeverWaited) {
            never = where(r.first) == "kernel.pto:3";
            EXPECT_EQ(r.flag_src, hz::Pipe::MTE2);
            EXPECT_EQ(r.flag_dst, hz::Pipe::V);
        }
    }
    EXPECT_TRUE(raw && never && unset) << reports.size() << " reports";
}

TEST(Hazards, OffTheStepsChangeNothing) {
    const Ran r = run_text(kInputs + "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]\n" + kAdd);
    ASSERT_TRUE(r.result.ok());
    EXPECT_EQ(r.result.executed, 1u);
    EXPECT_EQ(r.at<float>(Hand::T, 1, 0, 3), 5.0f);
}

}  // namespace
