// One test per named error status: the smallest input that produces it, and where it is reported.
#include <gtest/gtest.h>

#include <set>

#include "asm_test_util.hpp"

namespace {

using namespace asm_test;
using ptosim::Arch;
using ptosim::linx::AsmStatus;

enum class In { Text, Hex, Bytes };

struct Case {
    AsmStatus status;
    In kind;
    std::string input;
    uint32_t line = 0, col = 0;  // text: where; binary: line = 0
    uint32_t word = 0;           // binary: word index
    Arch arch = Arch::A5;
    std::string suffix = "";  // to tell several cases of one status apart
};

std::string name_of(const Case& c) {
    return std::string(ptosim::linx::status_name(c.status)) + c.suffix;
}

// For gtest's test listing (otherwise it prints the bytes of the struct).
void PrintTo(const Case& c, std::ostream* os) {
    *os << name_of(c);
}

const std::vector<Case>& cases() {
    static const std::vector<Case> kCases = {
        // Text
        {AsmStatus::SyntaxError, In::Text, "TADD fp32, T#1, T#2, ->T<1KB>", 1, 6},
        {AsmStatus::UnexpectedCharacter, In::Text, "BSTART.TEPL TADD, FP32\nB.IOT T#1 $", 2, 11},
        {AsmStatus::UnknownMnemonic, In::Text, "FOO <fp32>", 1, 1},
        {AsmStatus::UnknownDataType, In::Text, "BSTART.TEPL TADD, FP99", 1, 19},
        {AsmStatus::MissingDataType, In::Text, "TADD <LB0:1>, T#1, T#2, ->T<1KB>", 1, 12},
        {AsmStatus::BadTileOperand, In::Text, "TADD <fp32>, X#1, T#2, ->T<1KB>", 1, 14},
        {AsmStatus::TileIndexOutOfRange, In::Text, "TADD <fp32>, T#17, T#2, ->T<1KB>", 1, 14},
        {AsmStatus::BadSizeClass, In::Text, "TABS <fp32>, T#1, ->T<1.5KB>", 1, 23},
        {AsmStatus::UnknownRegister, In::Text, "TABS <LB0:q7, fp32>, T#1, ->T<1KB>", 1, 11},
        {AsmStatus::ImmediateOutOfRange, In::Text, "TABS <LB0:131072, fp32>, T#1, ->T<1KB>", 1, 11},
        {AsmStatus::UnknownAttribute, In::Text, "TABS <fp32, Wibble>, T#1, ->T<1KB>", 1, 13},
        {AsmStatus::DuplicateAttribute, In::Text, "TABS <fp32, Zero, Max>, T#1, ->T<1KB>", 1, 19},
        {AsmStatus::MissingCmpMode, In::Text, "TCMP <fp32>, T#1, T#2, ->T<1KB>", 1, 1},
        {AsmStatus::MissingCmpMode, In::Text, "BSTART.TEPL TCMP, FP32\nB.DATR FP32, Null", 2, 1, 0, Arch::A5,
         "_raw"},
        {AsmStatus::UnknownCmpMode, In::Text, "TCMP.XX <fp32>, T#1, T#2, ->T<1KB>", 1, 6},
        {AsmStatus::UnexpectedCmpMode, In::Text, "TADD.GT <fp32>, T#1, T#2, ->T<1KB>", 1, 6},
        {AsmStatus::MissingByteId, In::Text, "THISTOGRAM <u32, u32>, T#1, T#2, ->T<4KB>", 1, 21},
        {AsmStatus::IotTooManyOperands, In::Text, "BSTART.TEPL TADD, FP32\nB.IOT T#1, T#2, T#3, last", 2, 17},
        {AsmStatus::BadHexWord, In::Hex, "ce819181\n12345", 2, 1},
        // Instruction words
        {AsmStatus::UnknownInstruction, In::Hex, "00000005", 0, 0, 0},
        {AsmStatus::UnsupportedInstruction, In::Hex, "00000033", 0, 0, 0},
        {AsmStatus::TruncatedInput, In::Bytes, std::string("\x81\x91", 2), 0, 0, 0},
        {AsmStatus::ReservedDataType, In::Hex, "78019181", 0, 0, 0},
        {AsmStatus::ReservedTileOp, In::Hex, "09c19181", 0, 0, 0},
        {AsmStatus::InvalidFunc, In::Hex, "08019181 00007013", 0, 0, 1},
        {AsmStatus::InvalidLoopNest, In::Hex, "08019181 00003043", 0, 0, 1},
        {AsmStatus::InvalidLoopNest, In::Text, "TABS <LB3:1, fp32>, T#1, ->T<1KB>", 1, 7, 0, Arch::A5,
         "_text"},
        {AsmStatus::ReservedCmpMode, In::Hex, "08d19181 c8101023", 0, 0, 1},
        {AsmStatus::ReservedDstHand, In::Hex, "08019181 00006213", 0, 0, 1},
        {AsmStatus::ReservedBitsSet, In::Hex, "08019181 08141023", 0, 0, 1},
        {AsmStatus::UnsupportedLayout, In::Hex, "08019181 081010a3", 0, 0, 1},
        {AsmStatus::ZeroSizeDestination, In::Hex, "08019181 00006013", 0, 0, 1},
        {AsmStatus::SizeWithoutDestination, In::Hex, "08019181 0000e393", 0, 0, 1},
        // Blocks
        {AsmStatus::OutsideBlock, In::Text, "B.DIM zero, 1, ->LB0", 1, 1},
        {AsmStatus::OutsideBlock, In::Hex, "00000043", 0, 0, 0, Arch::A5, "_binary"},
        {AsmStatus::DuplicateDatr, In::Text,
         "BSTART.TEPL TADD, FP32\nB.DATR FP32, Null\nB.DATR FP32, Zero\nB.IOT T#1, T#2, last, "
         "->T<1KB>\nBSTOP",
         3, 1},
        {AsmStatus::DatrOutOfPlace, In::Text,
         "BSTART.TEPL TADD, FP32\nB.DIM zero, 1, ->LB0\nB.DATR FP32, Null\nB.IOT T#1, T#2, last, ->T<1KB>", 3,
         1},
        {AsmStatus::DatrOutOfPlace, In::Hex, "08019181 00000043 08101023 0008c013 00000001", 0, 0, 2,
         Arch::A5, "_binary"},
        {AsmStatus::DimOutOfPlace, In::Text,
         "BSTART.TEPL TADD, FP32\nB.IOT T#1, T#2, last, ->T<1KB>\nB.DIM zero, 1, ->LB0\nBSTOP", 3, 1},
        {AsmStatus::LoopBoundWrittenTwice, In::Text, "TABS <LB0:1, LB0:2, fp32>, T#1, ->T<1KB>", 1, 14},
        {AsmStatus::LoopBoundWrittenTwice, In::Hex, "08019181 00000043 003c 0008c013", 0, 0, 2, Arch::A5,
         "_binary"},
        {AsmStatus::IotAfterLast, In::Text,
         "BSTART.TEPL TADD, FP32\nB.IOT T#1, T#2, last, ->T<1KB>\nB.IOT T#3\nBSTOP", 3, 1},
        {AsmStatus::MissingLast, In::Text, "BSTART.TEPL TADD, FP32\nB.IOT T#1, T#2, ->T<1KB>\nBSTOP", 1, 1},
        {AsmStatus::MissingLast, In::Hex, "ce819181 09901023", 0, 0, 0, Arch::A5, "_binary"},
        {AsmStatus::DuplicateIor, In::Text,
         "BSTART.TEPL TADDS, FP32\nB.IOT T#1, last, ->T<1KB>\nB.IOR [a0]\nB.IOR [a1]\nBSTOP", 4, 1},
        {AsmStatus::MissingDatr, In::Text,
         "BSTART.TEPL THISTOGRAM, U32\nB.IOT T#1, T#2, last, ->T<4KB>\nBSTOP", 1, 1},
        {AsmStatus::OperandCountMismatch, In::Text, "TADD <fp32>, T#1, ->T<1KB>", 1, 14},
        {AsmStatus::OperandCountMismatch, In::Text,
         "BSTART.TEPL TADDS, FP32\nB.IOT T#1, last, ->T<1KB>\nBSTOP", 2, 1, 0, Arch::A5, "_raw_scalar"},
        {AsmStatus::OperandCountMismatch, In::Hex, "08019181 0028d013", 0, 0, 1, Arch::A5, "_binary"},
        {AsmStatus::AttributeNotAllowed, In::Text, "TADD <fp32, SAT>, T#1, T#2, ->T<1KB>", 1, 13},
        {AsmStatus::AttributeNotAllowed, In::Hex, "08019181 6a101023 0008c013", 0, 0, 1, Arch::A5, "_binary"},
        {AsmStatus::PadValueWithByteId, In::Text, "THISTOGRAM <u32, u32, Byte1, Zero>, T#1, T#2, ->T<4KB>", 1,
         30},
        {AsmStatus::ByteIdOutOfRange, In::Text, "THISTOGRAM <u16, u32, Byte2>, T#1, T#2, ->T<4KB>", 1, 23},
        {AsmStatus::DTypeNotAllowed, In::Text, "THISTOGRAM <fp32, u32, Byte1>, T#1, T#2, ->T<4KB>", 1, 13},
        {AsmStatus::DTypeNotAllowed, In::Text, "TCMP.GT <u16, Null>, T#1, T#2, ->T<1KB>", 1, 10, 0,
         Arch::A2A3, "_a2a3"},
        {AsmStatus::DTypeNotAllowed, In::Text, "TSEL <LB0:16, s8>, T#1, T#2, T#3, ->T<32B>", 1, 15, 0,
         Arch::A2A3, "_tsel"},
        {AsmStatus::DTypeNotAllowed, In::Text, "TEXPANDS <LB0:16, s64>, [a0], ->T<128B>", 1, 19, 0,
         Arch::A2A3, "_texpands"},
        {AsmStatus::UnavailableOnProfile, In::Text, "THISTOGRAM <u32, u32, Byte1>, T#1, T#2, ->T<4KB>", 1, 1,
         0, Arch::A2A3},
    };
    return kCases;
}

class ErrorStatus : public ::testing::TestWithParam<Case> {};

TEST_P(ErrorStatus, IsReportedWhereItHappens) {
    const Case& c = GetParam();
    std::vector<ptosim::linx::Diag> diags;
    switch (c.kind) {
        case In::Text: {
            ptosim::linx::AsmOptions opts;
            opts.arch = c.arch;
            diags = ptosim::linx::parse(c.input, opts).diags;
            break;
        }
        case In::Hex: {
            auto hex = ptosim::linx::parse_hex(c.input);
            if (!hex.ok()) {
                diags = hex.diags;
                break;
            }
            ptosim::linx::DecodeOptions opts;
            opts.arch = c.arch;
            diags = ptosim::linx::decode(hex.value.words, opts).diags;
            break;
        }
        case In::Bytes: {
            const auto* p = reinterpret_cast<const uint8_t*>(c.input.data());
            diags = ptosim::linx::decode_bytes(std::span<const uint8_t>(p, c.input.size())).diags;
            break;
        }
    }
    ASSERT_EQ(diags.size(), 1u) << describe(diags);
    const ptosim::linx::Diag& d = diags[0];
    EXPECT_EQ(ptosim::linx::status_name(d.status), ptosim::linx::status_name(c.status)) << d.message();
    EXPECT_EQ(d.loc.line, c.line) << d.message();
    EXPECT_EQ(d.loc.col, c.col) << d.message();
    if (c.line == 0) {
        EXPECT_EQ(d.loc.word, c.word) << d.message();
    }
    // The message starts with the status's fixed text.
    EXPECT_EQ(d.message().rfind(std::string(ptosim::linx::status_message(c.status)), 0), 0u) << d.message();
}

INSTANTIATE_TEST_SUITE_P(Asm, ErrorStatus, ::testing::ValuesIn(cases()),
                         [](const auto& p) { return name_of(p.param); });

TEST(ErrorStatus, EveryStatusHasACase) {
    std::set<AsmStatus> covered;
    for (const Case& c : cases())
        covered.insert(c.status);
    for (AsmStatus s : ptosim::linx::kAllStatuses)
        EXPECT_TRUE(covered.count(s)) << ptosim::linx::status_name(s) << " has no test case";
}

TEST(ErrorStatus, NamesAndMessagesAreUniqueAndNonEmpty) {
    std::set<std::string_view> names, messages;
    for (AsmStatus s : ptosim::linx::kAllStatuses) {
        EXPECT_FALSE(ptosim::linx::status_message(s).empty());
        EXPECT_TRUE(names.insert(ptosim::linx::status_name(s)).second);
        EXPECT_TRUE(messages.insert(ptosim::linx::status_message(s)).second)
            << ptosim::linx::status_message(s);
    }
}

// Every line with an error is reported, the blocks around them are not lost to the parser's recovery.
TEST(ErrorStatus, ParserReportsEveryBadLine) {
    const auto r = ptosim::linx::parse(
        "TADD <fp32>, T#1, ->T<1KB>\n"
        "TABS <fp32>, T#1, ->T<1KB>\n"
        "BSTART.TEPL TADD, FP32\n"
        "B.DIM zero, 1, ->LB7\n"
        "B.IOT T#1, T#2, last, ->T<1KB>\n"
        "BSTOP\n"
        "FOO\n");
    ASSERT_EQ(r.diags.size(), 3u) << describe(r.diags);
    EXPECT_EQ(r.diags[0].loc.line, 1u);
    EXPECT_EQ(r.diags[1].loc.line, 4u);
    EXPECT_EQ(r.diags[2].loc.line, 7u);
    EXPECT_TRUE(r.value.empty());  // a program with errors produces no blocks
}

TEST(ErrorStatus, HexInputLocationsPointIntoTheText) {
    auto hex = ptosim::linx::parse_hex("# header\nce819181 09901023\n");
    ASSERT_TRUE(hex.ok());
    const auto r = ptosim::linx::decode(hex.value.words, {}, hex.value.locs);
    ASSERT_EQ(r.diags.size(), 1u);
    EXPECT_EQ(r.diags[0].status, AsmStatus::MissingLast);
    EXPECT_EQ(r.diags[0].loc.line, 2u);
    EXPECT_EQ(r.diags[0].loc.col, 1u);
}

}  // namespace
