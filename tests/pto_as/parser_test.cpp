// PTO-AS text: every level of every seed instruction, TSEL and TEXPANDS, the type and attribute spellings,
// the directives; what parses prints back in canonical form and parses again to the same program.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <utility>
#include <vector>

#include "ptosim/pto_as/lexer.hpp"
#include "ptosim/pto_as/parser.hpp"
#include "ptosim/pto_as/printer.hpp"

namespace {

namespace P = ptosim::pto_as;
using ptosim::CmpMode;
using ptosim::DType;

std::string describe(const std::vector<P::Diag>& diags) {
    std::string s;
    for (const auto& d : diags)
        s += std::string(P::status_name(d.status)) + " at " + std::to_string(d.loc.line) + ":" +
             std::to_string(d.loc.col) + ": " + d.message() + "\n";
    return s;
}

P::Program parse_ok(std::string_view text) {
    auto r = P::parse(text);
    EXPECT_TRUE(r.ok()) << describe(r.diags) << "in:\n" << text;
    return r.value;
}

// text parses, prints as `canonical`, and the canonical text parses to the same program.
void expect_canonical(std::string_view text, std::string_view canonical) {
    const P::Program p = parse_ok(text);
    const std::string printed = P::print(p);
    EXPECT_EQ(printed, std::string(canonical) + "\n") << "from:\n" << text;
    const P::Program again = parse_ok(printed);
    EXPECT_EQ(again, p);
    EXPECT_EQ(P::print(again), printed);
}

constexpr const char* kF = "!pto.tile<vec, 16x16xf32>";
constexpr const char* kMask = "!pto.tile<vec, 16x32xui8, valid=16x2>";

TEST(PtoAsLexer, TokensOfAStatement) {
    auto r =
        P::lex("%d = pto.tcmp %a, %b {cmpMode = #pto<cmp lt>} : (!pto.tile<vec, 4x4xf32>) -> T # note\n");
    ASSERT_TRUE(r.ok()) << describe(r.diags);
    std::vector<P::Tok> kinds;
    for (const auto& t : r.value)
        kinds.push_back(t.kind);
    using T = P::Tok;
    const std::vector<T> want = {T::Value,  T::Equals, T::Word, T::Value,  T::Comma, T::Value,  T::LBrace,
                                 T::Word,   T::Equals, T::Attr, T::RBrace, T::Colon, T::LParen, T::Type,
                                 T::RParen, T::Arrow,  T::Word, T::End,    T::End};
    EXPECT_EQ(kinds, want);
    EXPECT_EQ(r.value[9].text, "#pto<cmp lt>");
    EXPECT_EQ(r.value[13].text, "!pto.tile<vec, 4x4xf32>");
    EXPECT_EQ(r.value[13].loc.col, 50u);
}

TEST(PtoAsLexer, NewlinesInsideParenthesesDoNotEndAStatement) {
    auto r = P::lex("pto.tinterleave ins(%a,\n  %b : T, T)\n");
    ASSERT_TRUE(r.ok());
    std::size_t ends = 0;
    for (const auto& t : r.value)
        ends += t.kind == P::Tok::End;
    EXPECT_EQ(ends, 2u);  // the newline after ')' and the end of the text
}

TEST(PtoAsTypes, KeyAndCompactFormsAreTheSameType) {
    P::TypeError err{};
    const auto key = P::parse_type(
        "!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=8, blayout=row_major, "
        "slayout=none_box, fractal=512, pad=0>",
        1, &err);
    const auto compact = P::parse_type("!pto.tile_buf<vec, 16x16xf16, valid=16x8>", 1, &err);
    ASSERT_TRUE(key && compact);
    EXPECT_EQ(*key, *compact);
    EXPECT_EQ(P::print_type(*key), "!pto.tile_buf<vec, 16x16xf16, valid=16x8>");
    const auto col = P::parse_type("!pto.tile<32x1xui8, blayout=col_major, pad=1>", 1, &err);
    ASSERT_TRUE(col);
    EXPECT_EQ(col->tile.loc, P::Space::Vec);
    EXPECT_EQ(col->tile.blayout, P::BLayout::ColMajor);
    EXPECT_EQ(P::print_type(*col), "!pto.tile<vec, 32x1xui8, blayout=col_major, pad=1>");
    const auto dyn = P::parse_type("!pto.tile_buf<vec, 8x8xi32, valid=?x4>", 1, &err);
    ASSERT_TRUE(dyn);
    EXPECT_EQ(dyn->tile.valid_rows, P::kDynamic);
    EXPECT_EQ(P::print_type(*dyn), "!pto.tile_buf<vec, 8x8xi32, valid=?x4>");
    for (const char* s : {"f32", "i32", "ui16", "bf16", "index"})
        EXPECT_EQ(P::print_type(*P::parse_type(s, 1, &err)), s);
}

TEST(PtoAsTypes, BadTypesSayWhere) {
    P::TypeError err{};
    EXPECT_FALSE(P::parse_type("!pto.tile_buf<vec, 16x16xf99>", 10, &err));
    EXPECT_EQ(err.status, P::Status::BadType);
    EXPECT_EQ(err.col, 29u);  // the field
    EXPECT_FALSE(P::parse_type("!pto.tile_buf<vec, 4x4xf32, valid=8x8>", 1, &err));
    EXPECT_FALSE(
        P::parse_type("!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=4, rows=8>", 1, &err));  // twice
    EXPECT_FALSE(P::parse_type("!pto.tile_buf<loc=vec, dtype=f32, rows=4>", 1, &err));         // no cols
    // The keys may come in any order (PTOAS writes blayout= before v_row= in some programs), over lines.
    const auto any = P::parse_type(
        "!pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, blayout=col_major,\n"
        "    v_row=32, v_col=16, slayout=row_major>",
        1, &err);
    ASSERT_TRUE(any);
    EXPECT_EQ(any->tile.valid_cols, 16);
    EXPECT_EQ(any->tile.blayout, P::BLayout::ColMajor);
    EXPECT_FALSE(P::parse_type("!pto.tile_buf<vec, 4x4xf32, pad=0, pad=1>", 1, &err));
    EXPECT_FALSE(P::parse_type("!pto.memref<4xf32>", 1, &err));
}

TEST(PtoAsParser, ThreeLevelsOfTcmp) {
    const std::string mask = kMask;
    expect_canonical("%m = tcmp %a, %b {cmpMode = #pto.cmp<EQ>} : " + std::string(kF) + " -> " + mask,
                     "%m = tcmp %a, %b {cmpMode = #pto<cmp eq>} : " + std::string(kF) + " -> " + mask);
    expect_canonical(
        "%m = pto.tcmp %a, %b {cmpMode = #pto<cmp GT>} : (" + std::string(kF) + ", " + kF + ") -> " + mask,
        "%m = pto.tcmp %a, %b {cmpMode = #pto<cmp gt>} : (" + std::string(kF) + ", " + kF + ") -> " + mask);
    const std::string buf = "!pto.tile_buf<vec, 16x16xf32>";
    const std::string mbuf = "!pto.tile_buf<vec, 16x32xui8, valid=16x2>";
    const std::string dps =
        "pto.tcmp ins(%a, %b {cmpMode = #pto<cmp lt>} : " + buf + ", " + buf + ") outs(%m : " + mbuf + ")";
    expect_canonical(dps, dps);
    // The attributes after outs(...), and the {cmp = "lt"} spelling.
    expect_canonical("pto.tcmp ins(%a, %b : " + buf + ", " + buf + ") outs(%m : " + mbuf + ") {cmp = \"lt\"}",
                     dps);
    const P::Program p = parse_ok(dps);
    ASSERT_EQ(p.stmts.size(), 1u);
    EXPECT_EQ(p.stmts[0].level, P::Level::Dps);
    EXPECT_EQ(p.stmts[0].cmp, CmpMode::LT);
    EXPECT_EQ(p.stmts[0].op->op, ptosim::isa::Op::TCMP);
}

TEST(PtoAsParser, SyncTypesAreNormalised) {
    // One type per operand, all equal, prints as the shared type.
    expect_canonical("%d0, %d1 = tinterleave %a, %b : " + std::string(kF) + ", " + kF,
                     "%d0, %d1 = tinterleave %a, %b : " + std::string(kF));
    // No types at all (inferred when lowered).
    expect_canonical("%d0, %d1 = tdeinterleave %a", "%d0, %d1 = tdeinterleave %a");
    // TCMPS: the scalar's type may be left out.
    expect_canonical("%m = tcmps %a, %s {cmpMode = #pto<cmp ge>} : " + std::string(kF) + " -> " + kMask,
                     "%m = tcmps %a, %s {cmpMode = #pto<cmp ge>} : " + std::string(kF) + " -> " + kMask);
}

TEST(PtoAsParser, TselAndTexpandsForms) {
    const std::string f = kF, mask = kMask;
    // TSEL: the synchronous form's one type is the data tiles'.
    expect_canonical("%d = tsel %m, %a, %b : " + f, "%d = tsel %m, %a, %b : " + f);
    expect_canonical("%d = pto.tsel %m, %a, %b : (" + mask + ", " + f + ", " + f + ") -> " + f,
                     "%d = pto.tsel %m, %a, %b : (" + mask + ", " + f + ", " + f + ") -> " + f);
    // TEXPANDS: pto-isa's synchronous form lists the operand type, then the result type.
    expect_canonical("%d = texpands %s : f32, " + f, "%d = texpands %s : f32 -> " + f);
    expect_canonical("%d = pto.texpands %s : f32 -> " + f, "%d = pto.texpands %s : (f32) -> " + f);
    const std::string buf = "!pto.tile_buf<vec, 16x16xf32>";
    expect_canonical("pto.texpands ins(%s : f32) outs(%d : " + buf + ")",
                     "pto.texpands ins(%s : f32) outs(%d : " + buf + ")");
    // One type per operand and per result, without the arrow, for any operation (TCMPS's scalar type is then
    // left out, as when written with the arrow).
    expect_canonical("%m = tcmps %a, %s {cmpMode = #pto<cmp lt>} : " + f + ", f32, " + mask,
                     "%m = tcmps %a, %s {cmpMode = #pto<cmp lt>} : " + f + " -> " + mask);
    // With the arrow as well, the count is wrong.
    const auto r = P::parse("%d = texpands %s : f32, " + f + " -> " + f);
    ASSERT_EQ(r.diags.size(), 1u);
    EXPECT_EQ(r.diags[0].status, P::Status::TypeCountMismatch);
}

TEST(PtoAsParser, ThistogramByteSpellings) {
    const std::string src = "!pto.tile_buf<vec, 2x128xui16>", idx = "!pto.tile_buf<vec, 32x1xui8>",
                      dst = "!pto.tile_buf<vec, 2x256xui32>";
    const std::string canonical = "pto.thistogram ins(%s, %i {byte = #pto<hist_byte BYTE_0>} : " + src +
                                  ", " + idx + ") outs(%h : " + dst + ")";
    expect_canonical(
        "pto.thistogram ins(%s, %i : " + src + ", " + idx + ") outs(%h : " + dst + ") {isMSB = false}",
        canonical);
    expect_canonical(canonical, canonical);
    const P::Program p = parse_ok("%h = thistogram %s, %i {byte = #pto<hist_byte BYTE_1>} : " + src + ", " +
                                  idx + " -> " + dst);
    EXPECT_EQ(p.stmts[0].byte, 1);
    EXPECT_EQ(p.stmts[0].level, P::Level::Sync);
}

TEST(PtoAsParser, TcvtRoundingAndSaturationSpellings) {
    const std::string src = "!pto.tile_buf<vec, 16x16xf32>", dst = "!pto.tile_buf<vec, 16x16xf16>";
    const std::string canonical =
        "pto.tcvt ins(%a {rmode = #pto<round_mode CAST_FLOOR>} : " + src + ") outs(%d : " + dst + ")";
    expect_canonical("pto.tcvt ins(%a {rmode = #pto<round_mode FLOOR>} : " + src + ") outs(%d : " + dst + ")",
                     canonical);
    expect_canonical(
        "pto.tcvt ins(%a {rmode = #pto.round_mode<CAST_FLOOR>} : " + src + ") outs(%d : " + dst + ")",
        canonical);
    // PTOAS leaves CAST_RINT out; the saturation is kept when written.
    expect_canonical(
        "pto.tcvt ins(%a : " + src + ") outs(%d : " + dst + ")",
        "pto.tcvt ins(%a {rmode = #pto<round_mode CAST_RINT>} : " + src + ") outs(%d : " + dst + ")");
    const P::Program p =
        parse_ok("%d = tcvt %a {rmode = #pto.round_mode<CAST_ODD>, satmode = #pto<sat_mode OFF>} : " + src +
                 " -> " + dst);
    EXPECT_EQ(p.stmts[0].rmode, 6);
    EXPECT_EQ(p.stmts[0].sat, false);
    const struct {
        const char* text;
        P::Status status;
    } bad[] = {
        {"%d = tcvt %a {rmode = #pto<round_mode CAST_SIDEWAYS>} : T -> U", P::Status::BadAttributeValue},
        {"%d = tcvt %a {satmode = #pto<sat_mode MAYBE>} : T -> U", P::Status::BadAttributeValue},
        {"%d = tcvt %a {rmode = RINT, rmode = RINT} : T -> U", P::Status::DuplicateAttribute},
        {"%d = tadd %a, %b {rmode = RINT} : T -> U", P::Status::UnknownAttribute}};
    for (const auto& b : bad) {
        const auto r = P::parse(b.text);
        ASSERT_FALSE(r.diags.empty()) << b.text;
        EXPECT_EQ(r.diags[0].status, b.status) << b.text;
    }
}

TEST(PtoAsParser, TassignAndTileDeclarations) {
    expect_canonical("tassign %t, 0x1000 : !pto.tile<vec, 16x16xf32>, index",
                     "tassign %t, 0x1000 : !pto.tile<vec, 16x16xf32>, index");
    expect_canonical("pto.tassign %t, @tile(4096)", "pto.tassign %t, 0x1000");
    expect_canonical("pto.tassign ins(%t, %addr : !pto.tile_buf<vec, 16x16xf32>, index)",
                     "pto.tassign ins(%t, %addr : !pto.tile_buf<vec, 16x16xf32>, index)");
    expect_canonical("%t = pto.alloc_tile addr = 0x2000 : !pto.tile_buf<vec, 16x16xf32>",
                     "%t = pto.alloc_tile addr = 0x2000 : !pto.tile_buf<vec, 16x16xf32>");
    expect_canonical("%t = alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>",
                     "%t = alloc_tile : !pto.tile_buf<vec, 16x16xf32>");
}

TEST(PtoAsParser, Directives) {
    expect_canonical(".arg %x : !pto.tile<vec, 4x64xui32> random seed=7 min=0x10 max=300",
                     ".arg %x : !pto.tile<vec, 4x64xui32> random seed=7 min=0x10 max=300");
    expect_canonical(
        ".arg %x : !pto.tile<vec, 4x8xf16> values 1, -2.5, inf ; .arg %y : !pto.tile<vec, 4x8xi8>",
        ".arg %x : !pto.tile<vec, 4x8xf16> values 1, -2.5, inf\n.arg %y : !pto.tile<vec, 4x8xi8>");
    expect_canonical(".arg %x : !pto.tile<vec, 4x8xi16> zero", ".arg %x : !pto.tile<vec, 4x8xi16>");
    expect_canonical(".arg %x : !pto.tile<vec, 4x8xi16> iota 5",
                     ".arg %x : !pto.tile<vec, 4x8xi16> iota 5 1");
    expect_canonical(".arg %x : !pto.tile<vec, 4x8xi16> file=\"dir/x.bin\"",
                     ".arg %x : !pto.tile<vec, 4x8xi16> file=\"dir/x.bin\"");
    expect_canonical(".const %s = 1.5e3 : f32", ".const %s = 1500.0 : f32");
    expect_canonical(".dump %h[0:2, 240:] hex", ".dump %h[0:2, 240:] hex");
    expect_canonical(".dump %h[1, :]", ".dump %h[1, 0:]");
}

TEST(PtoAsParser, EveryTableOpParsesAtEveryLevel) {
    // Table-driven: any operation of the instruction table, with its operand and result counts.
    // Operands in the written order: the tiles, then the scalars, except TDIVS's scalar-first form (the row
    // TRDIVS) and TADDSC/TSUBSC's scalar between the tiles. Global-memory rows are not PTO-AS statements
    // here.
    for (const ptosim::isa::OpInfo& op : ptosim::isa::kOps) {
        if (op.family == ptosim::isa::Family::Memory)
            continue;
        const bool scalar_first = op.op == ptosim::isa::Op::TRDIVS;
        std::string name(scalar_first ? "TDIVS" : op.name);
        for (char& c : name)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::vector<char> is_tile(op.src_max, 1);
        for (std::size_t i = 0; i < op.scalars; ++i)
            is_tile.push_back(0);
        if (scalar_first)
            std::swap(is_tile[0], is_tile[1]);
        if (P::scalar_in_the_middle(op))
            std::swap(is_tile[1], is_tile[2]);
        std::string operands, types;
        for (std::size_t i = 0; i < is_tile.size(); ++i) {
            operands += (i ? ", %o" : "%o") + std::to_string(i);
            types += std::string(i ? ", " : "") + (is_tile[i] ? kF : "f32");
        }
        std::string results, rtypes;
        for (std::size_t i = 0; i < op.dsts; ++i) {
            results += (i ? ", %r" : "%r") + std::to_string(i);
            rtypes += std::string(i ? ", " : "") + kF;
        }
        std::string attrs;
        if (op.has(ptosim::isa::kCMode))
            attrs = " {cmpMode = #pto<cmp ne>}";
        if (op.has(ptosim::isa::kByteId))
            attrs = " {byte = #pto<hist_byte BYTE_0>}";
        if (op.has(ptosim::isa::kRMode))  // written out as parsed: the default CAST_RINT is printed
            attrs = " {rmode = #pto<round_mode CAST_RINT>}";
        std::string ssa = (results.empty() ? "" : results + " = ") + "pto." + name +
                          (operands.empty() ? "" : " " + operands) + attrs + " : (" + types + ")";
        if (!rtypes.empty())
            ssa += " -> " + (op.dsts > 1 ? "(" + rtypes + ")" : rtypes);
        expect_canonical(ssa, ssa);
        std::string dps =
            "pto." + name + " ins(" + operands + attrs + (operands.empty() ? "" : " : " + types) + ")";
        if (op.dsts)
            dps += " outs(" + results + " : " + rtypes + ")";
        expect_canonical(dps, dps);
    }
}

TEST(PtoAsParser, ScalarFirstTdivsAtTheSynchronousLevel) {
    // One type per operand, the scalar's first: the row TRDIVS, printed back as written.
    const std::string text = std::string("%d = tdivs %s, %t : f32, ") + kF;
    const P::Program p = parse_ok(text);
    ASSERT_EQ(p.stmts.size(), 1u);
    ASSERT_NE(p.stmts[0].op, nullptr);
    EXPECT_EQ(p.stmts[0].op->op, ptosim::isa::Op::TRDIVS);
    expect_canonical(text, text);
}

// PTOAS's synchronisation operations (its PTOOps.td assembly formats), in the spellings its passes print and
// its tests write: the short `<PIPE_V>`, the qualified `#pto.pipe<PIPE_V>`, and the VPTO strings.
TEST(PtoAsParser, SynchronisationOperations) {
    expect_canonical("pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]",
                     "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]");
    expect_canonical("pto.wait_flag[#pto.pipe<PIPE_MTE3>, #pto.pipe<PIPE_MTE2>, #pto.event<EVENT_ID7>]",
                     "pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID7>]");
    expect_canonical("pto.set_flag[\"PIPE_V\", \"PIPE_MTE3\", \"EVENT_ID1\"]",
                     "pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]");
    expect_canonical("pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID2>]",
                     "pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID2>]");
    expect_canonical("pto.barrier #pto.pipe<PIPE_ALL>", "pto.barrier <PIPE_ALL>");
    expect_canonical("pto.barrier <PIPE_V> {pto.auto_sync_tail_barrier}", "pto.barrier <PIPE_V>");
    expect_canonical(
        "pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TMOV_M2L>, #pto.event<EVENT_ID0>]",
        "pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TMOV_M2L>, <EVENT_ID0>]");
    expect_canonical("pto.wait_event[<TMATMUL>, <TSTORE_ACC>, <EVENT_ID3>]",
                     "pto.wait_event[#pto.pipe_event_type<TMATMUL>, #pto.pipe_event_type<TSTORE_ACC>, "
                     "<EVENT_ID3>]");

    // The pipes as pto-isa numbers them (pipe_t), whatever PTOAS's own numbering.
    const P::Program p = parse_ok(
        "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID5>]\npto.barrier <PIPE_ALL>\n"
        "pto.record_event[#pto.pipe_event_type<TSTORE_VEC>, #pto.pipe_event_type<TVEC>, <EVENT_ID1>]");
    ASSERT_EQ(p.stmts.size(), 3u);
    EXPECT_EQ(p.stmts[0].kind, P::StmtKind::Sync);
    EXPECT_EQ(p.stmts[0].sync.kind, P::SyncKind::SetFlag);
    EXPECT_EQ(p.stmts[0].sync.src, 3);  // PIPE_MTE2
    EXPECT_EQ(p.stmts[0].sync.dst, 1);  // PIPE_V
    EXPECT_EQ(p.stmts[0].sync.event, 5);
    EXPECT_EQ(p.stmts[1].sync.kind, P::SyncKind::Barrier);
    EXPECT_EQ(p.stmts[1].sync.src, 6);  // PIPE_ALL
    // A UB store is MTE3 and a vector instruction V (PTOAS's op-type-to-pipe mapping).
    EXPECT_EQ(p.stmts[2].sync.src, 4);
    EXPECT_EQ(p.stmts[2].sync.dst, 1);
}

TEST(PtoAsParser, SynchronisationErrors) {
    const auto first = [](std::string_view text) {
        auto r = P::parse(text);
        EXPECT_FALSE(r.ok()) << text;
        return r.diags.empty() ? P::Diag{} : r.diags[0];
    };
    EXPECT_EQ(first("pto.set_flag[<PIPE_MTE2>, <PIPE_MTE9>, <EVENT_ID0>]").status, P::Status::BadPipe);
    EXPECT_EQ(first("pto.set_flag[<PIPE_ALL>, <PIPE_V>, <EVENT_ID0>]").status, P::Status::BadPipe);
    EXPECT_EQ(first("pto.barrier <PIPE_X>").status, P::Status::BadPipe);
    EXPECT_EQ(first("pto.wait_event[<TLOAD>, <TNOPE>, <EVENT_ID0>]").status, P::Status::BadPipe);
    const P::Diag id = first("pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID9>]");
    EXPECT_EQ(id.status, P::Status::BadEventId);
    EXPECT_EQ(id.loc.col, 38u);
    EXPECT_EQ(first("pto.set_flag[<PIPE_MTE2>, <PIPE_V>]").status, P::Status::SyntaxError);
    EXPECT_EQ(first("pto.set_flag <PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>").status, P::Status::SyntaxError);
    EXPECT_EQ(first("%x = pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]").status,
              P::Status::ResultCountMismatch);
    EXPECT_EQ(first("pto.barrier").status, P::Status::OperandCountMismatch);
    EXPECT_EQ(first("pto.barrier <PIPE_ALL> {x = 1}").status, P::Status::UnknownAttribute);
    EXPECT_EQ(first("pto.barrier <PIPE_ALL").status, P::Status::UnexpectedCharacter);
}

TEST(PtoAsParser, CommentsAndSeparators) {
    const P::Program p = parse_ok(
        "# a comment\n"
        "// another\n"
        ".const %s = 3 : i32 ; .const %t = 4 : i32   # trailing\n"
        "\n");
    EXPECT_EQ(p.stmts.size(), 2u);
}

TEST(PtoAsParser, DiagnosticsHaveLineAndColumn) {
    auto r = P::parse("%d = pto.tcmp %a, %b : (f32, f32) -> f32\n%e = pto.frob %a\n");
    ASSERT_EQ(r.diags.size(), 2u);
    EXPECT_EQ(r.diags[0].status, P::Status::MissingAttribute);
    EXPECT_EQ(r.diags[0].loc, (P::Loc{1, 6}));
    EXPECT_EQ(r.diags[1].status, P::Status::UnknownOperation);
    EXPECT_EQ(r.diags[1].loc, (P::Loc{2, 6}));
}

TEST(LinxDirectives, TileRegDump) {
    const auto tile = P::parse_linx_directive(".tile T#3 u32 4x64 size=4KB random seed=1 max=0xffff", 7);
    ASSERT_TRUE(tile.ok()) << describe(tile.diags);
    EXPECT_EQ(tile.value.kind, P::Directive::Kind::Tile);
    EXPECT_EQ(tile.value.tile.where.hand, ptosim::linx::Hand::T);
    EXPECT_EQ(tile.value.tile.where.index, 3);
    EXPECT_EQ(tile.value.tile.size_class, 8);
    EXPECT_EQ(tile.value.tile.loc.line, 7u);
    EXPECT_EQ(P::print_directive(tile.value), ".tile T#3 u32 4x64 size=4KB random seed=1 max=0xffff");

    const auto reg = P::parse_linx_directive("  .reg a2 = -1.5 : fp16", 1);
    ASSERT_TRUE(reg.ok()) << describe(reg.diags);
    EXPECT_EQ(reg.value.reg.reg, 4);  // a2
    EXPECT_EQ(reg.value.reg.bits, 0xbe00u);
    const auto reg2 = P::parse_linx_directive(".reg t#1 = -1", 1);
    ASSERT_TRUE(reg2.ok());
    EXPECT_EQ(reg2.value.reg.bits, ~uint64_t{0});

    const auto dump = P::parse_linx_directive(".dump U#2[0:4, 8] hex", 1);
    ASSERT_TRUE(dump.ok());
    EXPECT_EQ(dump.value.dump.region, (P::Region{0, 4, 8, 9}));
    EXPECT_TRUE(dump.value.dump.hex);
    EXPECT_EQ(P::print_directive(dump.value), ".dump U#2[0:4, 8] hex");

    EXPECT_TRUE(P::is_directive_line("  .tile T#1 u8 1x32"));
    EXPECT_FALSE(P::is_directive_line("THISTOGRAM <u32>"));
    EXPECT_FALSE(P::is_directive_line("# .tile"));
}

TEST(Literals, BitsPerType) {
    const auto bits = [](std::string_view text, DType t) {
        std::string why;
        return P::number_bits(*P::parse_number(text), t, &why);
    };
    EXPECT_EQ(bits("-1", DType::S8), 0xffu);
    EXPECT_EQ(bits("0xff", DType::S8), 0xffu);  // hex = the bit pattern
    EXPECT_EQ(bits("0x3c00", DType::F16), 0x3c00u);
    EXPECT_EQ(bits("1", DType::F16), 0x3c00u);
    EXPECT_EQ(bits("1.0", DType::BF16), 0x3f80u);
    EXPECT_EQ(bits("2", DType::F32), 0x40000000u);
    EXPECT_EQ(bits("18446744073709551615", DType::U64), ~uint64_t{0});
    EXPECT_EQ(bits("-9223372036854775808", DType::S64), uint64_t{1} << 63);
    EXPECT_FALSE(bits("256", DType::U8));
    EXPECT_FALSE(bits("-1", DType::U16));
    EXPECT_FALSE(bits("1.5", DType::S32));
    EXPECT_FALSE(bits("128", DType::S8));
    EXPECT_FALSE(bits("0x100", DType::U8));
}

// Random tile types print in compact form and parse back to themselves.
RC_GTEST_PROP(PtoAsTypes, PrintParseRoundTrip, ()) {
    P::TileType t;
    t.buf = *rc::gen::arbitrary<bool>();
    t.loc = *rc::gen::element(P::Space::Vec, P::Space::Mat, P::Space::Acc);
    t.dtype =
        *rc::gen::element(DType::F32, DType::F16, DType::BF16, DType::S8, DType::U16, DType::U32, DType::S64);
    t.rows = *rc::gen::inRange(1, 300);
    t.cols = *rc::gen::inRange(1, 300);
    t.valid_rows = *rc::gen::oneOf(rc::gen::just(P::kDynamic), rc::gen::inRange(0, t.rows + 1));
    t.valid_cols = *rc::gen::oneOf(rc::gen::just(P::kDynamic), rc::gen::inRange(0, t.cols + 1));
    t.blayout = *rc::gen::element(P::BLayout::RowMajor, P::BLayout::ColMajor);
    t.slayout = *rc::gen::element(P::SLayout::NoneBox, P::SLayout::RowMajor, P::SLayout::ColMajor);
    t.fractal = *rc::gen::element(512, 1024, 32);
    t.pad = *rc::gen::inRange(0, 4);
    t.compact = *rc::gen::inRange(0, 3);
    const std::string text = P::print_tile_type(t);
    P::TypeError err{};
    const auto back = P::parse_type(text, 1, &err);
    RC_ASSERT(back.has_value());
    RC_ASSERT(back->tile == t);
}

}  // namespace
