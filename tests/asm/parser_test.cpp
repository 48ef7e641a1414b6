// The text parser: lexical rules, both block forms, operand disambiguation, recovery.
#include <gtest/gtest.h>

#include "asm_test_util.hpp"

namespace {

using namespace asm_test;
using namespace ptosim::linx;

const char* const kSeed = "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>\n";

TEST(Parser, CommentsBlankLinesAndLineEndings) {
    const auto want = to_hex(assemble(kSeed));
    EXPECT_EQ(to_hex(assemble(std::string("# seed 000\n\n// example 1\n") + kSeed)), want);
    EXPECT_EQ(to_hex(assemble(
                  "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB> # c\r\n")),
              want);
    EXPECT_EQ(to_hex(assemble("  \tTHISTOGRAM<LB0:64,LB1:4,LB2:64,u32,u32,Byte1>,T#3.reuse,U#1,->T<4KB>//c")),
              want);
    EXPECT_TRUE(parse("").ok());
    EXPECT_TRUE(parse("# only a comment\n\n").value.empty());
}

TEST(Parser, KeywordsAreCaseInsensitive) {
    EXPECT_EQ(
        to_hex(assemble("thistogram <lb0:64, lb1:4, lb2:64, U32, u32, BYTE1>, t#3.REUSE, u#1, ->t<4kb>")),
        to_hex(assemble(kSeed)));
    EXPECT_EQ(
        to_hex(assemble("bstart.tepl thistogram, u32\nb.datr u32, byte1\nb.dim ZERO, 64, ->lb0\n"
                        "b.dim zero, 4, ->lb1\nb.dim zero, 64, ->lb2\nb.iot t#3.reuse, u#1, LAST, ->t<4KB>\n"
                        "bstop")),
        to_hex(assemble(kSeed)));
}

TEST(Parser, TileOrScalarIsDecidedByPosition) {
    // In B.DIM / B.IOR / [ ] positions T#k is the scalar temp queue (codes 24..27); in B.IOT it is a tile.
    const auto p = parse(
        "BSTART.TEPL TADDS, FP32\nB.DIM T#2, 0, ->LB0\nB.IOT t#2, last, ->T<1KB>\nB.IOR [T#2]\nBSTOP\n");
    ASSERT_TRUE(p.ok()) << describe(p.diags);
    const Block& b = p.value.at(0);
    EXPECT_EQ(b.lb[0]->reg, 25);
    EXPECT_EQ(b.srcs.at(0), (TileRef{Hand::T, 2, false}));
    EXPECT_EQ(b.scalars.at(0), 25);
    EXPECT_EQ(print(p.value), "TADDS <LB0:t#2, fp32>, T#2, [t#2], ->T<1KB>\n");
}

TEST(Parser, LoopBoundValues) {
    const auto p = parse("TABS <LB0:7, LB1:a0, LB2:s8+0x10, fp32>, T#1, ->T<1KB>");
    ASSERT_TRUE(p.ok()) << describe(p.diags);
    const Block& b = p.value.at(0);
    EXPECT_EQ(b.lb[0], (LoopBound{0, 7}));
    EXPECT_EQ(b.lb[1], (LoopBound{2, 0}));
    EXPECT_EQ(b.lb[2], (LoopBound{19, 16}));
    // s8 is a register in a loop bound and a data type among the attributes.
    EXPECT_EQ(parse("TABS <LB0:s8, s8>, T#1, ->T<1KB>").value.at(0).type, ptosim::DType::S8);
}

TEST(Parser, SizeSpellings) {
    const auto a = to_hex(assemble("TABS <fp32>, T#1, ->T<4KB>"));
    EXPECT_EQ(to_hex(assemble("TABS <fp32>, T#1, ->T<4096B>")), a);
    EXPECT_EQ(to_hex(assemble("TABS <fp32>, T#1, ->T<4KiB>")), a);
    EXPECT_EQ(to_hex(assemble("TABS <fp32>, T#1, ->T<0.5KB>")),
              to_hex(assemble("TABS <fp32>, T#1, ->T<512B>")));
    for (const char* bad : {"16B", "0B", "1MB", "1.5KB", "3KB", "1024KB", "KB", "4.0001KB"}) {
        const auto r = parse(std::string("TABS <fp32>, T#1, ->T<") + bad + ">");
        ASSERT_EQ(r.diags.size(), 1u) << bad;
        EXPECT_EQ(r.diags[0].status, AsmStatus::BadSizeClass) << bad;
    }
}

TEST(Parser, DatrSpellings) {
    // encoding.md §2.3: the seed's list, SPEC058's ByteId=n, the legacy ByteId.n, braces.
    const std::string head = "BSTART.TEPL THISTOGRAM, U32\n";
    const std::string tail = "B.IOT T#1, T#2, last, ->T<1KB>\nBSTOP\n";
    const auto want = to_hex(assemble(head + "B.DATR U32, Byte1, Null\n" + tail));
    for (const char* datr : {"B.DATR U32, Byte1", "B.DATR U32, ByteId=1", "B.DATR U32, ByteId=Byte1",
                             "B.DATR ByteId.1", "B.DATR {NORM, U32, Byte1, Null}", "B.DATR Null, Byte1, u32"})
        EXPECT_EQ(to_hex(assemble(head + datr + "\n" + tail)), want) << datr;
}

TEST(Parser, FoldedOperandOrder) {
    for (const char* bad : {"TADDS <fp32>, [a0], T#1, ->T<1KB>", "TADDS <fp32>, T#1, ->T<1KB>, [a0]",
                            "TADD <fp32>, T#1, ->T<1KB>, T#2"}) {
        const auto r = parse(bad);
        ASSERT_EQ(r.diags.size(), 1u) << bad;
        EXPECT_EQ(r.diags[0].status, AsmStatus::SyntaxError) << bad;
    }
    // A bare register where a tile is expected.
    const auto r = parse("TCMPS.GT <fp32>, T#1, a0, ->T<1KB>");
    ASSERT_EQ(r.diags.size(), 1u);
    EXPECT_EQ(r.diags[0].status, AsmStatus::BadTileOperand);
}

TEST(Parser, RawBlocksEndAtStopNextBstartOrMacro) {
    const auto p = parse(
        "BSTART.TEPL TABS, FP32\nB.IOT T#1, last, ->T<1KB>\n"  // ended by the next BSTART
        "BSTART.TEPL TABS, FP32\nB.IOT T#1, last, ->T<1KB>\n"  // ended by the macro line
        "TABS <fp32>, T#1, ->T<1KB>\n"
        "BSTART.TEPL TABS, FP32\nB.IOT T#1, last, ->T<1KB>\n");  // ended by the end of the text
    ASSERT_TRUE(p.ok()) << describe(p.diags);
    ASSERT_EQ(p.value.size(), 4u);
    EXPECT_EQ(p.value[0].loc.line, 1u);
    EXPECT_EQ(p.value[1].loc.line, 3u);
    EXPECT_EQ(p.value[2].loc.line, 5u);
    EXPECT_EQ(p.value[3].loc.line, 6u);
    EXPECT_EQ(p.value[0].insns.size(), 2u);  // no stop word
    EXPECT_TRUE(is_canonical(p.value[2]));
}

TEST(Parser, ThistogramPadValue) {
    // ByteId and PadValue share B.DATR[28:27]: Null (or nothing) is the only PadValue THISTOGRAM takes.
    EXPECT_EQ(to_hex(assemble(
                  "THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1, Null>, T#3.reuse, U#1, ->T<4KB>")),
              to_hex(assemble(kSeed)));
    for (const char* pad : {"Zero", "Max", "Min"}) {
        const auto r = parse(std::string("THISTOGRAM <u32, u32, Byte1, ") + pad + ">, T#1, T#2, ->T<4KB>");
        ASSERT_EQ(r.diags.size(), 1u);
        EXPECT_EQ(r.diags[0].status, AsmStatus::PadValueWithByteId);
        EXPECT_NE(r.diags[0].message().find("ByteId"), std::string::npos);
    }
    const auto raw = parse("BSTART.TEPL THISTOGRAM, U32\nB.DATR U32, Byte1, Max\n");
    ASSERT_FALSE(raw.ok());
    EXPECT_EQ(raw.diags[0].status, AsmStatus::PadValueWithByteId);
}

TEST(Parser, ThistogramByteIdPerSourceType) {
    for (int byte = 0; byte < 4; ++byte) {
        const std::string b = "Byte" + std::to_string(byte);
        EXPECT_TRUE(parse("THISTOGRAM <u32, u32, " + b + ">, T#1, T#2, ->T<4KB>").ok()) << b;
        const auto r16 = parse("THISTOGRAM <u16, u32, " + b + ">, T#1, T#2, ->T<4KB>");
        EXPECT_EQ(r16.ok(), byte < 2) << b;
        if (byte >= 2) {
            EXPECT_EQ(r16.diags.at(0).status, AsmStatus::ByteIdOutOfRange);
        }
    }
}

TEST(Parser, ProfilesNarrowTheTypes) {
    AsmOptions a2a3;
    a2a3.arch = ptosim::Arch::A2A3;
    EXPECT_TRUE(parse("TCMP.GT <fp32>, T#1, T#2, ->T<1KB>", a2a3).ok());
    EXPECT_FALSE(parse("TCMP.GT <u8>, T#1, T#2, ->T<1KB>", a2a3).ok());
    EXPECT_TRUE(parse("TCMP.GT <u8>, T#1, T#2, ->T<1KB>").ok());
    EXPECT_FALSE(parse("TINTERLEAVE <fp16>, T#1, T#2, ->T<1KB>, ->T<1KB>", a2a3).ok());
    AsmOptions kirin;
    kirin.arch = ptosim::Arch::KIRIN9030;
    EXPECT_TRUE(parse(kSeed, kirin).ok());
    EXPECT_FALSE(parse("TINTERLEAVE <fp16>, T#1, T#2, ->T<1KB>, ->T<1KB>", kirin).ok());
}

TEST(Parser, TselAndTexpandsTypesPerProfile) {
    AsmOptions a2a3;
    a2a3.arch = ptosim::Arch::A2A3;
    AsmOptions kirin;
    kirin.arch = ptosim::Arch::KIRIN9030;
    DecodeOptions decode_a2a3;
    decode_a2a3.arch = ptosim::Arch::A2A3;
    // TSEL selects 1- and 8-byte integers and TEXPANDS fills 8-byte ones on A5 and KIRIN9030, not on A2A3:
    // the assembler and the decoder both apply the profile's rule.
    for (const char* text :
         {"TSEL <LB0:16, u8>, T#1, T#2, T#3, ->T<32B>", "TSEL <LB0:16, s64>, T#1, T#2, T#3, ->T<128B>",
          "TEXPANDS <LB0:16, u64>, [a0], ->T<128B>"}) {
        const auto a5 = parse(text);
        ASSERT_TRUE(a5.ok()) << describe(a5.diags);
        EXPECT_TRUE(parse(text, kirin).ok()) << text;
        const auto rejected = parse(text, a2a3);
        ASSERT_FALSE(rejected.ok()) << text;
        EXPECT_EQ(rejected.diags.at(0).status, AsmStatus::DTypeNotAllowed) << describe(rejected.diags);
        const std::vector<Word> words = encode(a5.value);
        EXPECT_TRUE(decode(words).ok()) << text;
        const auto decoded = decode(words, decode_a2a3);
        ASSERT_FALSE(decoded.ok()) << text;
        EXPECT_EQ(decoded.diags.at(0).status, AsmStatus::DTypeNotAllowed) << describe(decoded.diags);
    }
    // 2- and 4-byte elements on every profile (TEXPANDS also 1-byte ones); FP64 on none.
    EXPECT_TRUE(parse("TSEL <LB0:16, fp16>, T#1, T#2, T#3, ->T<32B>", a2a3).ok());
    EXPECT_TRUE(parse("TEXPANDS <LB0:16, s8>, [a0], ->T<32B>", a2a3).ok());
    const auto f64 =
        parse("TSEL <LB0:16, fp64>, T#1, T#2, T#3, ->T<128B>\nTEXPANDS <LB0:16, fp64>, [a0], ->T<128B>");
    ASSERT_EQ(f64.diags.size(), 2u) << describe(f64.diags);
    EXPECT_EQ(f64.diags[0].status, AsmStatus::DTypeNotAllowed);
    EXPECT_EQ(f64.diags[1].status, AsmStatus::DTypeNotAllowed);
    EXPECT_EQ(f64.diags[0].message(),
              "data type not allowed for this instruction: TSEL type FP64 on A5 (allowed: FP32 FP16 BF16 S64 "
              "S32 S16 S8 U64 U32 "
              "U16 U8)");
}

TEST(Parser, ErrorCountIsCapped) {
    std::string text;
    for (int i = 0; i < 100; ++i)
        text += "FOO\n";
    AsmOptions opts;
    opts.max_errors = 7;
    EXPECT_EQ(parse(text, opts).diags.size(), 7u);
}

TEST(Parser, NeverThrowsOnGarbage) {
    const std::string junk[] = {std::string("\0\xff\x80", 3),
                                "<<<>>>",
                                "TADD <",
                                "TADD <LB0:",
                                "B.IOR [",
                                "B.IOR [a0,",
                                "B.DATR {",
                                "BSTART DIRECT, -",
                                "TCMP.",
                                "->T<",
                                "T#",
                                "\xef\xbb\xbf"};
    for (const std::string& s : junk) {
        const auto r = parse(s);
        EXPECT_FALSE(r.ok()) << s;
    }
}

}  // namespace
