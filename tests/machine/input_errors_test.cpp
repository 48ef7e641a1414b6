// One test per input error of PTO-AS text, the directives and the PTO-AS lowering: the smallest input, the
// status's message and where it is reported.
#include <gtest/gtest.h>

#include <set>

#include "machine_test_util.hpp"
#include "ptosim/pto_as/parser.hpp"

namespace {

using namespace machine_test;
using ptosim::pto_as::Status;

struct Case {
    Status status;
    std::string input;
    uint32_t line, col;
    Arch arch = Arch::A5;
    std::string suffix = "";
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << ptosim::pto_as::status_name(c.status) << c.suffix;
}

const std::string kF = "!pto.tile<vec, 16x16xf32>";
const std::string kArgs = ".arg %a : " + kF + "\n.arg %b : " + kF + "\n";

const std::vector<Case>& cases() {
    static const std::vector<Case> kCases = {
        // Text
        {Status::SyntaxError, "%d = %a", 1, 6},
        {Status::SyntaxError, ".tile T#1 u8 4\n", 1, 14, Arch::A5, "_directive"},
        {Status::UnexpectedCharacter, "%d = tcmp %a ^", 1, 14},
        {Status::UnknownOperation, "%d = pto.frob %a", 1, 6},
        {Status::UnknownDirective, ".frob %x", 1, 1},
        {Status::UnknownDirective, "TABS <fp32>, T#1, ->T<1KB>\n.arg %x\n", 2, 1, Arch::A5,
         "_linx"},  // .arg in Linx text
        {Status::OperandCountMismatch, "%d = pto.tcmp %a {cmpMode = #pto<cmp eq>} : (f32) -> f32", 1, 15},
        {Status::ResultCountMismatch, "%d, %e = pto.tcmp %a, %b {cmpMode = #pto<cmp eq>} : (f32, f32) -> f32",
         1, 1},
        {Status::TypeCountMismatch, "%d = pto.tcmp %a, %b {cmpMode = #pto<cmp eq>} : (f32) -> f32", 1, 49},
        {Status::BadType, ".arg %x : !pto.tile<vec, 4x4xf99>", 1, 26},
        {Status::UnknownAttribute, "%d = pto.tadd %a, %b {cmpMode = #pto<cmp eq>} : (f32, f32) -> f32", 1,
         23},
        {Status::DuplicateAttribute,
         "%d = pto.tcmp %a, %b {cmpMode = #pto<cmp eq>, cmpMode = #pto<cmp ne>} : (f32, f32) -> f32", 1, 47},
        {Status::MissingAttribute, "%d = pto.tcmp %a, %b : (f32, f32) -> f32", 1, 6},
        {Status::BadAttributeValue, "%d = pto.tcmp %a, %b {cmpMode = #pto<cmp xx>} : (f32, f32) -> f32", 1,
         33},
        {Status::BadLiteral, ".const %s = 300 : ui8", 1, 13},
        {Status::BadLiteral, ".tile T#1 u8 1x32 values 1, 2, -3\n", 1, 32, Arch::A5, "_directive"},
        {Status::BadLiteral, ".reg a0 = 1.5\n", 1, 11, Arch::A5, "_reg"},
        {Status::BadTileName, ".tile X#1 u8 1x32\n", 1, 7},
        {Status::BadTileName, ".tile T#17 u8 1x32\n", 1, 7, Arch::A5, "_index"},
        {Status::BadPipe, "pto.set_flag[<PIPE_MTE2>, <PIPE_VV>, <EVENT_ID0>]", 1, 27},
        {Status::BadPipe, "pto.wait_flag[<PIPE_ALL>, <PIPE_V>, <EVENT_ID0>]", 1, 15, Arch::A5, "_all"},
        {Status::BadPipe, "pto.set_flag[<PIPE_V>, <PIPE_V>, <EVENT_ID0>]", 1, 14, Arch::A5, "_itself"},
        {Status::BadPipe, "pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TFOO>, <EVENT_ID0>]",
         1, 44, Arch::A5, "_op_type"},
        {Status::BadEventId, "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID8>]", 1, 37},
        {Status::BadDataSpec, ".arg %x : !pto.tile<vec, 4x4xf32> wibble", 1, 35},
        // Meaning
        {Status::UndefinedValue, "%d0, %d1 = tinterleave %a, %b", 1, 24},
        {Status::UndefinedValue, kArgs + ".dump %nope", 3, 7, Arch::A5, "_dump"},
        {Status::ReadBeforeWrite,
         "%t = pto.alloc_tile : " + kF + "\n%d0, %d1 = pto.tinterleave %t, %t : (" + kF + ", " + kF +
             ") -> (" + kF + ", " + kF + ")",
         2, 28},
        {Status::TypeMismatch,
         kArgs + "%m = tcmp %a, %b {cmpMode = #pto<cmp eq>} : " + kF +
             " -> !pto.tile<vec, 16x32xui32, valid=16x2>",
         3, 1},
        {Status::TypeMismatch,
         kArgs + "%m = tcmp %a, %b {cmpMode = #pto<cmp eq>} : !pto.tile<vec, 16x16xf16> -> " + kF, 3, 11,
         Arch::A5, "_operand"},
        {Status::NotExpressible,
         ".arg %a : !pto.tile<vec, 16x16xf32, valid=?x16>\n%d0, %d1 = tinterleave %a, %a", 1, 1},
        {Status::NotExpressible,
         ".arg %a : !pto.tile<vec, 16x16xf32, blayout=col_major>\n%d0, %d1 = tinterleave %a, %a", 2, 24,
         Arch::A5, "_layout"},
        {Status::TooManyLiveTiles, "", 65, 1},  // filled in below: 65 inputs
        {Status::DuplicateTile, ".tile T#1 u8 1x32\n.tile t#1 u8 1x32\n", 2, 1},
        {Status::DuplicateTile, ".arg %a : " + kF + "\n.arg %a : " + kF, 2, 6, Arch::A5, "_arg"},
        {Status::TileTooLarge, ".tile T#1 u32 512x512\n", 1, 7},
        {Status::DataFile, ".tile T#1 u8 1x32 file=no-such-file.bin\n", 1, 19},
        {Status::DataSizeMismatch, ".tile T#1 u8 1x4 values 1, 2, 3, 4, 5\n", 1, 37},
        {Status::BadAddress, kArgs + "tassign %a, 0x1001", 3, 1},
        {Status::BlockRule,
         ".arg %s : !pto.tile<vec, 2x128xui16>\n.arg %i : !pto.tile<vec, 32x1xui8>\n"
         "%h = thistogram %s, %i {byte = #pto<hist_byte BYTE_1>}",
         3, 1, Arch::A2A3},
    };
    return kCases;
}

std::string input_of(const Case& c) {
    if (c.status != Status::TooManyLiveTiles)
        return c.input;
    std::string s;
    for (int i = 0; i < 65; ++i)
        s += ".arg %a" + std::to_string(i) + " : !pto.tile<vec, 1x8xf32>\n";
    return s;
}

class InputErrors : public ::testing::TestWithParam<Case> {};

TEST_P(InputErrors, ReportedWithStatusAndLocation) {
    const Case& c = GetParam();
    const auto problems = load_problems(input_of(c), c.arch);
    ASSERT_FALSE(problems.empty()) << "no error for:\n" << input_of(c);
    const std::string want(ptosim::pto_as::status_message(c.status));
    EXPECT_EQ(problems[0].message.substr(0, want.size()), want) << problems_text(problems);
    EXPECT_EQ(problems[0].loc.line, c.line) << problems_text(problems);
    EXPECT_EQ(problems[0].loc.col, c.col) << problems_text(problems);
}

INSTANTIATE_TEST_SUITE_P(PtoAs, InputErrors, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& p) {
                             return std::string(ptosim::pto_as::status_name(p.param.status)) + p.param.suffix;
                         });

TEST(InputErrors, EveryStatusHasACase) {
    std::set<Status> seen;
    for (const Case& c : cases())
        seen.insert(c.status);
    for (Status s : ptosim::pto_as::kAllStatuses) {
        if (s >= Status::NotExecutable)  // the module form's statuses: module_run_test.cpp
            continue;
        EXPECT_TRUE(seen.count(s)) << "no test for " << ptosim::pto_as::status_name(s);
    }
}

TEST(InputErrors, LinxTextReportsDirectiveAndAssemblerErrorsInLineOrder) {
    const auto problems = load_problems(
        "TADD <fp99>, T#1, T#2, ->T<1KB>\n"
        ".tile T#1 u8 1x32 values 300\n"
        "FOO\n");
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0].loc.line, 1u);
    EXPECT_EQ(problems[1].loc.line, 2u);
    EXPECT_EQ(problems[1].message, "bad literal for the element type: 300 does not fit U8");
    EXPECT_EQ(problems[2].loc.line, 3u);
    EXPECT_EQ(problems[2].message, "unknown mnemonic: 'FOO'");
}

TEST(InputErrors, DataFilesAreRelativeToTheProgram) {
    const auto problems = load_problems(".tile T#1 u8 1x32 file=data.bin\n", Arch::A5, "/no/such/dir");
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].message, "cannot read data file: '/no/such/dir/data.bin'");
}

}  // namespace
