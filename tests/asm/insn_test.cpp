// Single instruction words: exact decode/encode inverses over the whole 16-bit space and sampled 32-bit
// words.
#include <gtest/gtest.h>

#include <random>

#include "asm_test_util.hpp"

namespace {

using namespace ptosim::linx;

TEST(Insn, Every16BitWordDecodesToItselfOrIsRejected) {
    int accepted = 0;
    for (uint32_t w = 0; w < 0x10000; w += 2) {  // W = 0
        const Expected<Insn> i = decode_insn({w, 2});
        if (!i)
            continue;
        ++accepted;
        EXPECT_EQ(encode_insn(*i), (Word{w, 2})) << std::hex << w;
    }
    // C.BSTOP + 4 LoopNests x 256 immediates of C.B.DIMI (3 x 256) + C.B.DIM 3 LBs x 32 registers.
    EXPECT_EQ(accepted, 1 + 3 * 256 + 3 * 32);
}

TEST(Insn, Random32BitWordsDecodeToThemselvesOrAreRejected) {
    std::mt19937 rng(12345);
    int accepted = 0;
    for (int n = 0; n < 400000; ++n) {
        // Bias the low 15 bits towards the block-header opcodes so every decoder path is exercised.
        uint32_t w = rng();
        switch (n % 4) {
            case 0:
                w = (w & ~0x7Fu) | 0x13u;  // block I/O
                break;
            case 1:
                w = (w & ~0x7Fu) | 0x23u;  // block attributes
                break;
            case 2:
                w = (w & ~0x7FFFu) | (n % 8 == 2 ? 0x1181u : 0x0043u | (w & 0x7000u));  // BSTART / B.DIM
                break;
            default:
                w |= 1u;
        }
        const Expected<Insn> i = decode_insn({w, 4});
        if (!i)
            continue;
        ++accepted;
        ASSERT_EQ(encode_insn(*i), (Word{w, 4})) << std::hex << w;
    }
    EXPECT_GT(accepted, 10000);
}

TEST(Insn, FixedWords) {
    EXPECT_EQ(decode_insn({0x00000001u, 4})->kind, Kind::BStop);
    EXPECT_EQ(decode_insn({0x0000u, 2})->kind, Kind::CBStop);
    const auto start = decode_insn({0xce819181u, 4});
    ASSERT_TRUE(start);
    EXPECT_EQ(start->kind, Kind::BStartTepl);
    EXPECT_EQ(start->fn, 0x68);
    EXPECT_EQ(start->type, ptosim::DType::U32);
    const auto dim = decode_insn({0x04000043u, 4});
    ASSERT_TRUE(dim);
    EXPECT_EQ(dim->kind, Kind::BDim);
    EXPECT_EQ(dim->imm, 64u);
    EXPECT_EQ(dim->lb, 0);
    // uimm17 is split: [31:20] = imm[11:0], [11:7] = imm[16:12].
    const auto big = decode_insn({0xFFF00FC3u | 2u << 15, 4});
    ASSERT_TRUE(big);
    EXPECT_EQ(big->imm, 0x1FFFFu);
    EXPECT_EQ(big->reg, 2);
    const auto direct = decode_insn({0xFFFFFE11u, 4});
    ASSERT_TRUE(direct);
    EXPECT_EQ(direct->kind, Kind::BStartDirect);
    EXPECT_EQ(direct->simm, -4);
}

TEST(Insn, CmpAndPadNumberingIsLinxNotCpp) {
    // Linx B.DATR CMode: GT = 3, LE = 4 (C++ pto::CmpMode has LE = 3, GT = 4): names map, never values.
    EXPECT_EQ(parse_cmp("GT"), 3);
    EXPECT_EQ(parse_cmp("le"), 4);
    EXPECT_EQ(cmp_name(3), "GT");
    // Linx PadValue: Zero 0, Max 1, Min 2, Null 3 (C++: Null 0, Zero 1, Max 2, Min 3).
    EXPECT_EQ(parse_pad("Null"), 3);
    EXPECT_EQ(parse_pad("zero"), 0);
    EXPECT_EQ(static_cast<int>(LinxCmp::GT), 3);
    EXPECT_EQ(static_cast<int>(LinxPad::Null), 3);
}

TEST(Insn, RegisterNames) {
    EXPECT_EQ(parse_reg("zero"), 0);
    EXPECT_EQ(parse_reg("a0"), 2);
    EXPECT_EQ(parse_reg("RA"), 10);
    EXPECT_EQ(parse_reg("x3"), 23);
    EXPECT_EQ(parse_reg("t#1"), 24);
    EXPECT_EQ(parse_reg("T#1"), 24);  // a scalar position: the scalar temp queue, whatever the case
    EXPECT_EQ(parse_reg("u#4"), 31);
    EXPECT_EQ(parse_reg("r23"), 23);
    EXPECT_EQ(parse_reg("r24"), std::nullopt);
    EXPECT_EQ(parse_reg("r05"), std::nullopt);
    EXPECT_EQ(parse_reg("t#5"), std::nullopt);
    for (unsigned c = 0; c < 32; ++c)
        EXPECT_EQ(parse_reg(reg_name(c)), c);
}

TEST(Insn, SizeClasses) {
    EXPECT_EQ(size_name(1), "32B");
    EXPECT_EQ(size_name(5), "512B");
    EXPECT_EQ(size_name(6), "1KB");
    EXPECT_EQ(size_name(8), "4KB");
    EXPECT_EQ(size_name(15), "512KB");
    EXPECT_EQ((TileDst{Hand::T, 8}.bytes()), 4096u);
}

TEST(Insn, OtherStartForms) {
    EXPECT_EQ(start_fn_name(Kind::BStartTma, 0), "TLOAD");
    EXPECT_EQ(start_fn_name(Kind::BStartCube, 20), "TGEMVMX");
    EXPECT_EQ(find_start_fn(Kind::BStartTma, "tstore.spart"), 14);
    // TLOAD, FP32: 0x00011181 with DataType 1 at [31:27].
    const auto i = decode_insn({0x08011181u, 4});
    ASSERT_TRUE(i);
    EXPECT_EQ(i->kind, Kind::BStartTma);
    EXPECT_EQ(i->type, ptosim::DType::F32);
}

}  // namespace
