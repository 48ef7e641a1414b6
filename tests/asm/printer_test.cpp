// The printer: folded form for canonical blocks, raw lines otherwise; how each field is spelled.
#include <gtest/gtest.h>

#include "asm_test_util.hpp"

namespace {

using namespace asm_test;
using namespace ptosim::linx;

std::string reprint(std::string_view text, bool raw = false) {
    return disassemble(assemble(text), raw);
}

TEST(Printer, FoldedIsTheDefaultForCanonicalBlocks) {
    const std::string seed =
        "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>\n";
    EXPECT_EQ(reprint(seed), seed);
    EXPECT_EQ(reprint(seed, true),
              "BSTART.TEPL THISTOGRAM, U32\nB.DATR U32, Byte1, Null\nB.DIM zero, 64, ->LB0\n"
              "B.DIM zero, 4, ->LB1\nB.DIM zero, 64, ->LB2\nB.IOT T#3.reuse, U#1, last, ->T<4KB>\nBSTOP\n");
}

TEST(Printer, PadValueShowsWhetherThereIsADatr) {
    // An op that needs no B.DATR: writing the PadValue (even Null) is what asks for one.
    EXPECT_EQ(assemble("TABS <fp32>, T#1, ->T<1KB>").size() + 1,
              assemble("TABS <fp32, Null>, T#1, ->T<1KB>").size());
    EXPECT_EQ(reprint("TABS <fp32, Null>, T#1, ->T<1KB>"), "TABS <fp32, Null>, T#1, ->T<1KB>\n");
    // An op whose B.DATR is always there: Null is the default and is left out.
    EXPECT_EQ(reprint("TCMP.LT <fp32, Null>, T#1, T#2, ->T<1KB>"), "TCMP.LT <fp32>, T#1, T#2, ->T<1KB>\n");
    EXPECT_EQ(reprint("TCMP.LT <fp32, Min>, T#1, T#2, ->T<1KB>"),
              "TCMP.LT <fp32, Min>, T#1, T#2, ->T<1KB>\n");
}

TEST(Printer, CanonicalisesSpellings) {
    EXPECT_EQ(reprint("tabs <lb2:0x10, LB0:zero+3, lb1:A1+0, F32>, t#1.Reuse, ->u<4096b>"),
              "TABS <LB0:3, LB1:a1, LB2:16, fp32>, T#1.reuse, ->U<4KB>\n");
}

TEST(Printer, NonCanonicalBlocksPrintRaw) {
    const std::string raw = "BSTART.TEPL TABS, FP32\nC.B.DIMI 3, ->LB0\nB.IOT T#1, last, ->T<1KB>\nBSTOP\n";
    EXPECT_EQ(reprint(raw), raw);
    const auto p = parse(raw);
    ASSERT_TRUE(p.ok());
    EXPECT_FALSE(is_canonical(p.value[0]));
    EXPECT_EQ(p.value[0].lb[0], (LoopBound{0, 3}));
}

TEST(Printer, EachInstructionKind) {
    Insn i;
    i.kind = Kind::BStartCond;
    i.simm = -7;
    EXPECT_EQ(print_insn(i, nullptr), "BSTART COND, -7");
    i = Insn{};
    i.kind = Kind::CBDim;
    i.reg = 3;
    i.lb = 2;
    EXPECT_EQ(print_insn(i, nullptr), "C.B.DIM a1, ->LB2");
    i = Insn{};
    i.kind = Kind::BIor;
    i.rs = {0, 4, 0};
    i.rd = 5;
    EXPECT_EQ(print_insn(i, nullptr), "B.IOR [zero, a2], ->a3");
    i.rs = {0, 0, 0};
    i.rd = 0;
    EXPECT_EQ(print_insn(i, nullptr), "B.IOR []");
    i = Insn{};
    i.kind = Kind::BIot;
    EXPECT_EQ(print_insn(i, nullptr), "B.IOT");
    i.kind = Kind::BDatr;
    i.datr.type = ptosim::DType::F16;
    i.datr.pad = 0;
    i.datr.cmode = 3;
    i.datr.rmode = 7;
    i.datr.sat = true;
    i.datr.canon = true;
    EXPECT_EQ(print_insn(i, nullptr), "B.DATR FP16, Zero, GT, RHB, SAT, CANON");
    EXPECT_EQ(print_insn(i, ptosim::isa::find_op("TCMP")), "B.DATR FP16, Zero, GT, RHB, SAT, CANON");
    i.datr.cmode = 0;
    EXPECT_EQ(print_insn(i, ptosim::isa::find_op("TCMP")), "B.DATR FP16, Zero, EQ, RHB, SAT, CANON");
}

TEST(Printer, BlockAccessorsForTheIsaModel) {
    const auto p = parse(
        "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u16, Byte2>, T#3.reuse, U#1, ->T<4KB>\n"
        "TCMP.LE <LB0:8, fp16, Max>, T#1, T#2, ->U<32B>\n"
        "TADD <fp32>, T#1, T#2, ->T<1KB>\n");
    ASSERT_TRUE(p.ok()) << describe(p.diags);
    const Block& h = p.value[0];
    EXPECT_EQ(h.byte_id(), 2);
    EXPECT_EQ(h.pad(), std::nullopt);
    EXPECT_EQ(h.dst_type(), ptosim::DType::U16);
    EXPECT_EQ(h.op->op, ptosim::isa::Op::THISTOGRAM);
    const Block& c = p.value[1];
    EXPECT_EQ(c.cmp(), LinxCmp::LE);
    EXPECT_EQ(c.pad(), LinxPad::Max);
    EXPECT_EQ(c.dst_type(), ptosim::DType::F16);
    const Block& a = p.value[2];
    EXPECT_EQ(a.pad(), LinxPad::Null);  // no B.DATR: Null
    EXPECT_EQ(a.cmp(), std::nullopt);
    EXPECT_EQ(a.byte_id(), -1);
    EXPECT_FALSE(a.lb[0].has_value());
}

}  // namespace
