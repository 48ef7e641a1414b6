// PTO-AS lowered to Linx blocks: queue choice, relative names, .reuse from liveness, result types, scalars in
// registers, the three levels giving the same blocks, TSEL's mask type, and TCVT's rounding and saturation.
#include <gtest/gtest.h>

#include "machine_test_util.hpp"
#include "ptosim/asm/printer.hpp"

namespace {

using namespace machine_test;

const std::string kF = "!pto.tile<vec, 16x16xf32>";
const std::string kB = "!pto.tile_buf<vec, 16x16xf32>";
const std::string kMask = "!pto.tile<vec, 16x32xui8, valid=16x2>";
const std::string kMaskB = "!pto.tile_buf<vec, 16x32xui8, valid=16x2>";

M::Loaded lowered(const std::string& text, Arch arch = Arch::A5) {
    M::LoadOptions o;
    o.arch = arch;
    auto r = M::load_program(text, M::SourceKind::PtoAs, o);
    EXPECT_TRUE(r.ok()) << problems_text(r.problems) << "in:\n" << text;
    return std::move(r.value);
}

TEST(Lowering, NamesReuseAndQueues) {
    const M::Loaded p = lowered(".arg %a : " + kF + " iota 0 1\n.arg %b : " + kF +
                                " fill 7\n"
                                "%m = tcmp %a, %b {cmpMode = #pto<cmp lt>} : " +
                                kF + " -> " + kMask +
                                "\n"
                                "%d0, %d1 = tinterleave %a, %b : " +
                                kF + "\n.dump %d1\n");
    EXPECT_EQ(M::print_linx(p),
              ".tile T#2 fp32 16x16 iota 0 1  # %a\n"
              ".tile T#1 fp32 16x16 fill 7  # %b\n"
              ".dump T#1  # %d1\n"
              "TCMP.LT <LB0:16, LB1:16, LB2:16, fp32>, T#2.reuse, T#1.reuse, ->T<512B>\n"
              "TINTERLEAVE <LB0:16, LB1:16, LB2:16, fp32>, T#3, T#2, ->T<1KB>, ->T<1KB>\n");
    ASSERT_EQ(p.names.size(), 5u);
    std::string why;
    EXPECT_EQ(M::resolve(p, "%m", &why)->index, 3);
    EXPECT_EQ(M::resolve(p, "%d0", &why)->index, 2);
    EXPECT_FALSE(M::resolve(p, "%zz", &why).has_value());
    EXPECT_EQ(why, "no tile named %zz");
}

TEST(Lowering, TheThreeLevelsGiveTheSameBlocks) {
    const std::string args = ".arg %a : " + kB + "\n.arg %b : " + kB + "\n";
    const std::string sync =
        args + "%m = tcmp %a, %b {cmpMode = #pto.cmp<GE>} : " + kB + " -> " + kMaskB + "\n";
    const std::string ssa =
        args + "%m = pto.tcmp %a, %b {cmpMode = #pto<cmp ge>} : (" + kB + ", " + kB + ") -> " + kMaskB + "\n";
    const std::string dps = args + "%m = pto.alloc_tile : " + kMaskB +
                            "\npto.tcmp ins(%a, %b {cmpMode = #pto<cmp GE>} : " + kB + ", " + kB +
                            ") outs(%m : " + kMaskB + ")\n";
    const std::string want = ptosim::linx::print(lowered(sync).blocks);
    EXPECT_EQ(want, "TCMP.GE <LB0:16, LB1:16, LB2:16, fp32>, T#2, T#1, ->T<512B>\n");
    EXPECT_EQ(ptosim::linx::print(lowered(ssa).blocks), want);
    EXPECT_EQ(ptosim::linx::print(lowered(dps).blocks), want);
}

TEST(Lowering, ResultTypesMayBeInferredAtTheSyncLevel) {
    const M::Loaded p = lowered(
        ".arg %s : !pto.tile<vec, 4x64xui32>\n.arg %i : !pto.tile<vec, 32x1xui8>\n"
        "%h = thistogram %s, %i {byte = #pto<hist_byte BYTE_3>}\n"
        "%e0, %e1 = tdeinterleave %s\n");
    EXPECT_EQ(ptosim::linx::print(p.blocks),
              "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte3>, T#2.reuse, T#1, ->T<4KB>\n"
              "TDEINTERLEAVE <LB0:64, LB1:4, LB2:64, u32>, T#3, ->T<512B>, ->T<512B>\n");
}

TEST(Lowering, AThirdDistinctResultTypeIsChecked) {
    // The u64 count destination: DstType from the result type.
    const M::Loaded p = lowered(
        ".arg %s : !pto.tile<vec, 2x128xui16>\n.arg %i : !pto.tile<vec, 32x1xui8>\n"
        "%h = pto.thistogram %s, %i {byte = #pto<hist_byte BYTE_0>} : "
        "(!pto.tile<vec, 2x128xui16>, !pto.tile<vec, 32x1xui8>) -> "
        "!pto.tile<vec, 2x256xui64>\n");
    EXPECT_EQ(ptosim::linx::print(p.blocks),
              "THISTOGRAM <LB0:128, LB1:2, LB2:128, u16, u64, Byte0>, T#2, T#1, ->T<4KB>\n");
}

TEST(Lowering, ScalarsGoToRegisters) {
    const M::Loaded p = lowered(".arg %a : " + kF + "\n.const %s = 2.5 : f32\n.const %t = -1 : f32\n" +
                                "%m = tcmps %a, %s {cmpMode = #pto<cmp gt>} : " + kF + " -> " + kMask + "\n" +
                                "%n = tcmps %a, %t {cmpMode = #pto<cmp gt>} : " + kF + " -> " + kMask + "\n" +
                                "%o = tcmps %a, %s {cmpMode = #pto<cmp gt>} : " + kF + " -> " + kMask + "\n");
    ASSERT_EQ(p.regs.size(), 2u);
    EXPECT_EQ(p.regs[0].reg, 2);  // a0
    EXPECT_EQ(p.regs[0].bits, 0x40200000u);
    EXPECT_EQ(p.regs[1].reg, 3);  // a1
    EXPECT_EQ(ptosim::linx::print(p.blocks),
              "TCMPS.GT <LB0:16, LB1:16, LB2:16, fp32>, T#1.reuse, [a0], ->T<512B>\n"
              "TCMPS.GT <LB0:16, LB1:16, LB2:16, fp32>, T#2.reuse, [a1], ->T<512B>\n"
              "TCMPS.GT <LB0:16, LB1:16, LB2:16, fp32>, T#3, [a0], ->T<512B>\n");
}

TEST(Lowering, ManyLiveValuesSpreadOverTheQueues) {
    // 20 inputs that stay live (each is read once at the end): 16 fit in T, the rest go to U.
    std::string text;
    for (int i = 0; i < 20; ++i)
        text +=
            ".arg %a" + std::to_string(i) + " : !pto.tile<vec, 1x16xi16> iota " + std::to_string(i) + " 0\n";
    for (int i = 0; i < 20; i += 2)
        text += "%x" + std::to_string(i) + ", %y" + std::to_string(i) + " = tinterleave %a" +
                std::to_string(i) + ", %a" + std::to_string(i + 1) + "\n";
    const M::Loaded p = lowered(text);
    int in_u = 0;
    for (const M::TileInit& t : p.tiles)
        in_u += t.hand == Hand::U;
    EXPECT_EQ(in_u, 4);
    const Ran r = run_text(text);
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    // %y18 = second half of the stream a18[0], a19[0], ... = 18, 19, 18, 19, ...
    const auto y = r.bytes("%y18");
    ASSERT_EQ(y.size(), 32u);
    EXPECT_EQ(static_cast<int>(y[2]), 19);
}

TEST(Lowering, TselAndTexpandsAtEveryLevel) {
    // TSEL reads the mask TCMP wrote; TEXPANDS takes its loop bounds from its result type.
    const std::string head = ".arg %a : " + kF + "\n.arg %b : " + kF +
                             "\n.const %z = 0.5 : f32\n%m = tcmp %a, %b " +
                             "{cmpMode = #pto<cmp lt>} : " + kF + " -> " + kMask + "\n";
    const std::string sync = head + "%e = texpands %z : f32, " + kF + "\n%d = tsel %m, %a, %e : " + kF + "\n";
    const std::string ssa = head + "%e = pto.texpands %z : f32 -> " + kF + "\n%d = pto.tsel %m, %a, %e : (" +
                            kMask + ", " + kF + ", " + kF + ") -> " + kF + "\n";
    const std::string dps = head + "%e = pto.alloc_tile : " + kB +
                            "\npto.texpands ins(%z : f32) outs(%e : " + kB +
                            ")\n%d = pto.alloc_tile : " + kB + "\npto.tsel ins(%m, %a, %e : " + kMaskB +
                            ", " + kB + ", " + kB + ") outs(%d : " + kB + ")\n";
    const std::string want = ptosim::linx::print(lowered(sync).blocks);
    EXPECT_EQ(want,
              "TCMP.LT <LB0:16, LB1:16, LB2:16, fp32>, T#2.reuse, T#1, ->T<512B>\n"
              "TEXPANDS <LB0:16, LB1:16, LB2:16, fp32>, [a0], ->T<1KB>\n"
              "TSEL <LB0:16, LB1:16, LB2:16, fp32>, T#2, T#4, T#1, ->T<1KB>\n");
    EXPECT_EQ(ptosim::linx::print(lowered(ssa).blocks), want);
    EXPECT_EQ(ptosim::linx::print(lowered(dps).blocks), want);
    // a < b selects a, the rest is 0.5: with a = 0, 1, 2, ... and b = 3, row 0 is 0, 1, 2, 0.5, 0.5, ...
    const Ran r = run_text(".arg %a : " + kF + " iota 0 1\n.arg %b : " + kF + " fill 3\n" +
                           sync.substr(head.find(".const")));
    ASSERT_TRUE(r.result.ok()) << r.result.fault->message();
    const auto d = r.bytes("%d");
    ASSERT_EQ(d.size(), 16u * 16u * 4u);
    float v[4];
    std::memcpy(v, d.data() + 4, sizeof v);
    EXPECT_EQ(v[0], 1.0f);
    EXPECT_EQ(v[1], 2.0f);
    EXPECT_EQ(v[2], 0.5f);
    EXPECT_EQ(v[3], 0.5f);
}

TEST(Lowering, TselNeedsTheMaskTcmpWritesAndTexpandsItsElementType) {
    const std::string args = ".arg %a : " + kF + "\n.arg %b : " + kF + "\n";
    // A mask of 64-byte rows is not what the block reads for 16 columns.
    auto p =
        load_problems(args + ".arg %m : !pto.tile<vec, 16x64xui8, valid=16x2>\n%d = tsel %m, %a, %b : " + kF);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].message,
              "type does not match: TSEL reads the mask TCMP writes for %a: %m must be "
              "!pto.tile<vec, 16x32xui8, valid=16x2>, not !pto.tile<vec, 16x64xui8, valid=16x2>");
    EXPECT_EQ(p[0].loc.line, 4u);
    EXPECT_EQ(p[0].loc.col, 11u);
    // A uint32_t mask is a TSEL mask, but not one a block can name.
    p = load_problems(args + ".arg %m : !pto.tile<vec, 16x8xui32, valid=16x1>\n%d = tsel %m, %a, %b : " + kF);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(
        p[0].message,
        "not expressible as a Linx block: %m: the block has no field for the mask's type; the model reads "
        "ui8 masks");
    // The scalar is one element: an f32 constant does not fill an f16 tile.
    p = load_problems(".const %s = 1 : f32\n%d = texpands %s : f32, !pto.tile<vec, 4x16xf16>");
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].message,
              "type does not match: %s is f32; TEXPANDS takes a scalar of its element type, f16");
}

TEST(Lowering, TcvtCarriesTheRoundingModeAndThePairsSaturation) {
    // No rmode is CAST_RINT (PTOAS); no satmode is the pair's default (float -> half saturates, float ->
    // int16 does not), written out as the SAT bit.
    const std::string f16 = "!pto.tile<vec, 16x16xf16>", s16 = "!pto.tile<vec, 16x16xi16>";
    M::Loaded p = lowered(".arg %a : " + kF + "\n%s = pto.tcvt %a : (" + kF + ") -> " + f16 + "\n");
    EXPECT_EQ(ptosim::linx::print(p.blocks),
              "TCVT <LB0:16, LB1:16, LB2:16, fp32, fp16, RNE, SAT>, T#1, ->T<512B>\n");
    p = lowered(".arg %a : " + kF + "\n%s = pto.tcvt %a {rmode = #pto<round_mode CAST_FLOOR>} : (" + kF +
                ") -> " + s16 + "\n");
    EXPECT_EQ(ptosim::linx::print(p.blocks),
              "TCVT <LB0:16, LB1:16, LB2:16, fp32, s16, RTM>, T#1, ->T<512B>\n");
    p = lowered(".arg %a : " + kF +
                "\n%s = pto.tcvt %a {rmode = #pto<round_mode TRUNC>, satmode = #pto<sat_mode ON>} : (" + kF +
                ") -> " + s16 + "\n");
    EXPECT_EQ(ptosim::linx::print(p.blocks),
              "TCVT <LB0:16, LB1:16, LB2:16, fp32, s16, RTZ, SAT>, T#1, ->T<512B>\n");
}

TEST(Lowering, TcvtRunsWithTheModeAndSaturationItSays) {
    // 2.5, 999997.5, ...: float -> half saturates by default (65504 from the second element on); float ->
    // int16 with CAST_ROUND rounds 2.5 away from zero and saturates at 32767.
    const std::string f = "!pto.tile<vec, 1x16xf32>";
    const Ran r =
        run_text(".arg %a : " + f + " iota 2.5 999995\n%h = pto.tcvt %a : (" + f +
                 ") -> !pto.tile<vec, 1x16xf16>\n%i = pto.tcvt %a {rmode = #pto<round_mode ROUND>, satmode = "
                 "#pto<sat_mode ON>} : (" +
                 f + ") -> !pto.tile<vec, 1x16xi16>\n");
    ASSERT_FALSE(r.result.fault.has_value()) << r.result.fault->message();
    const std::vector<std::byte> h = r.bytes("%h"), i = r.bytes("%i");
    ASSERT_EQ(h.size(), 32u);
    ASSERT_EQ(i.size(), 32u);
    uint16_t h0, h1;
    int16_t i0, i1;
    std::memcpy(&h0, h.data(), 2);
    std::memcpy(&h1, h.data() + 2, 2);
    std::memcpy(&i0, i.data(), 2);
    std::memcpy(&i1, i.data() + 2, 2);
    EXPECT_EQ(h0, 0x4100u);  // 2.5
    EXPECT_EQ(h1, 0x7BFFu);  // 65504
    EXPECT_EQ(i0, 3);
    EXPECT_EQ(i1, 32767);
}

TEST(Lowering, TassignChecksTheAddressOnly) {
    const Ran r = run_text(".arg %a : " + kF + " iota 0 1\n.const %addr = 0x400 : index\n" +
                           "pto.tassign %a, %addr : " + kF + ", index\ntassign %a, @tile(0x7fc00)\n" +
                           "%e0, %e1 = tdeinterleave %a : " + kF +
                           " -> !pto.tile<vec, 16x8xf32>, !pto.tile<vec, 16x8xf32>\n");
    ASSERT_TRUE(r.result.ok());
    EXPECT_EQ(r.bytes("%e1").size(), 16u * 8u * 4u);
}

}  // namespace
