// The module form's tokens and structure: operation boundaries without terminators, regions versus attribute
// dictionaries, blocks, multi-result values, aliases, and the scoping of values.
#include <gtest/gtest.h>

#include "ptosim/pto_as/module.hpp"

namespace {

namespace mod = ptosim::pto_as::mod;
using ptosim::pto_as::Status;

std::vector<std::string> names(const std::vector<mod::Op>& ops) {
    std::vector<std::string> out;
    mod::walk(ops, [&](const mod::Op& op) { out.emplace_back(op.name); });
    return out;
}

TEST(ModuleLexer, GluedAnglesAreOneToken) {
    const auto r = mod::lex(
        "%t : !pto.tile_buf<loc=vec, dtype=f32, rows=2,\n cols=8> memref<4x4xf16, "
        "#pto.address_space<gm>> affine_map<(d0) -> (d0)> <PIPE_V> %r#1 ^bb0 @k \"s\" -> // c\n");
    ASSERT_TRUE(r.ok()) << r.diags[0].message();
    std::vector<mod::Tok> kinds;
    for (const auto& t : r.value)
        kinds.push_back(t.kind);
    using K = mod::Tok;
    EXPECT_EQ(kinds, (std::vector<K>{K::Value, K::Punct, K::Type, K::Word, K::Word, K::Angle, K::Value,
                                     K::Label, K::Symbol, K::String, K::Punct}));
    EXPECT_EQ(r.value[2].text, "!pto.tile_buf<loc=vec, dtype=f32, rows=2,\n cols=8>");
    EXPECT_EQ(r.value[6].text, "%r#1");
    EXPECT_EQ(r.value[10].text, "->");
}

TEST(ModuleLexer, NumbersKeepTheirExponentSign) {
    const auto r = mod::lex("-1.5e-3 0x1f 16x16xf32");
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.value.size(), 3u);
    EXPECT_EQ(r.value[0].text, "-1.5e-3");
    EXPECT_EQ(r.value[1].text, "0x1f");
}

TEST(ModuleLexer, UnclosedAngleSaysWhere) {
    const auto r = mod::lex("\n  %t : !pto.tile_buf<loc=vec");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diags[0].status, Status::SyntaxError);
    EXPECT_EQ(r.diags[0].loc.line, 2u);
    EXPECT_EQ(r.diags[0].loc.col, 8u);
}

TEST(ModuleParser, OperationsEndWhereTheNextStarts) {
    const auto r = mod::parse(R"(module {
  func.func @k(%a: !pto.ptr<f32>, %n: index) attributes {pto.entry} {
    %c0 = arith.constant 0 : index
    %t = pto.alloc_tile
      : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    %s = scf.for %i = %c0 to %n step %n iter_args(%acc = %c0) -> (index) {
      %x = arith.addi %acc, %i : index
      scf.yield %x : index
    }
    pto.barrier <PIPE_ALL>
    return
  }
})");
    ASSERT_TRUE(r.ok()) << r.diags[0].message();
    EXPECT_EQ(names(r.value.ops),
              (std::vector<std::string>{"module", "func.func", "arith.constant", "pto.alloc_tile", "scf.for",
                                        "arith.addi", "scf.yield", "pto.barrier", "return"}));
    const mod::Op& f = r.value.ops[0].regions[0].blocks[0].ops[0];
    EXPECT_EQ(mod::function_name(f), "k");
    ASSERT_EQ(f.regions.size(), 1u);  // the {pto.entry} dictionary is not a region
    const mod::Op& loop = f.regions[0].blocks[0].ops[2];
    EXPECT_EQ(loop.results, (std::vector<std::string_view>{"%s"}));
    EXPECT_EQ(loop.regions.size(), 1u);
    EXPECT_EQ(r.value.op_count, 9u);
}

TEST(ModuleParser, MultiLineDictionaryIsNotARegion) {
    const auto r = mod::parse(R"(func.func @k() {
  %b = pto.reserve_buffer {
    name = "fifo",
    size = 4096
  } -> i32
  scf.if %b {
  } else {
    pto.barrier <PIPE_V>
  }
  return
})");
    ASSERT_TRUE(r.ok()) << r.diags[0].message();
    const mod::Op& f = r.value.ops[0];
    const auto& ops = f.regions[0].blocks[0].ops;
    ASSERT_EQ(ops.size(), 3u);
    EXPECT_TRUE(ops[0].regions.empty());
    EXPECT_EQ(ops[1].name, "scf.if");
    EXPECT_EQ(ops[1].regions.size(), 2u);
}

TEST(ModuleParser, MultiResultsAndBlockArguments) {
    const auto r = mod::parse(R"(func.func @k(%x: i32) {
  %p:2 = scf.while (%a = %x) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %x : i32
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%u: i32, %v: i32):
    scf.yield %u : i32
  }
  %y = arith.addi %p#0, %p#1 : i32
  return
})");
    ASSERT_TRUE(r.ok()) << r.diags[0].message();
    const auto& ops = r.value.ops[0].regions[0].blocks[0].ops;
    EXPECT_EQ(ops[0].results, (std::vector<std::string_view>{"%p#0", "%p#1"}));
    ASSERT_EQ(ops[0].regions.size(), 2u);
    EXPECT_EQ(ops[0].regions[1].blocks[0].label, "^bb0");
}

TEST(ModuleParser, AliasesReadTheirDefinition) {
    const auto r = mod::parse(
        "!t = !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>\n"
        "func.func @k() {\n  %a = pto.alloc_tile : !t\n  return\n}\n");
    ASSERT_TRUE(r.ok()) << r.diags[0].message();
    const mod::Op& alloc = r.value.ops[0].regions[0].blocks[0].ops[0];
    EXPECT_EQ(alloc.body.back().text, "!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>");
}

TEST(ModuleParser, UndefinedValuesAreReportedWhereUsed) {
    const auto r = mod::parse(
        "func.func @k() {\n  scf.for %i = %c0 to %c0 step %c0 {\n  }\n  %y = arith.addi %i, %i : "
        "index\n  return\n}\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diags[0].status, Status::UndefinedValue);
    EXPECT_EQ(r.diags[0].detail, "%c0");
    EXPECT_EQ(r.diags[0].loc.line, 2u);
    // %i is the loop's own: not visible after it.
    bool i_reported = false;
    for (const auto& d : r.diags)
        i_reported |= d.detail == "%i" && d.loc.line == 4;
    EXPECT_TRUE(i_reported);
}

TEST(ModuleParser, UnclosedRegionAndStrayBrace) {
    auto r = mod::parse("module {\n  func.func @k() {\n    return\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diags[0].status, Status::SyntaxError);
    // Reported where the '}' is missing (the end of the text), naming the region's '{'.
    EXPECT_EQ(r.diags[0].loc.line, 3u);
    EXPECT_EQ(r.diags[0].loc.col, 11u);
    EXPECT_NE(r.diags[0].detail.find("the region opened at 2:18"), std::string::npos) << r.diags[0].detail;
    r = mod::parse("module {\n}\n}\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diags[0].loc.line, 3u);
}

// `depth` scf.if nested in a function (which is 1 region deep, the scf.if's regions the rest).
std::string nested_ifs(int depth) {
    std::string s = "func.func @k() {\n  %c = arith.constant 1 : i1\n";
    for (int i = 1; i < depth; ++i)
        s += "scf.if %c {\n";
    for (int i = 1; i < depth; ++i)
        s += "}\n";
    return s + "  return\n}\n";
}

TEST(ModuleParser, NestingUpToTheLimitParses) {
    const auto r = mod::parse(nested_ifs(mod::kMaxNesting));
    ASSERT_TRUE(r.ok()) << r.diags[0].message();
    EXPECT_EQ(r.value.op_count, static_cast<std::size_t>(mod::kMaxNesting) + 2);
}

// A hostile depth (100,000 regions, far past what the recursion could take) is a located error, not a stack
// overflow: the first region past the limit is named.
TEST(ModuleParser, DeeperNestingIsAnErrorAtTheRegionPastTheLimit) {
    for (int depth : {mod::kMaxNesting + 1, 100'000}) {
        const auto r = mod::parse(nested_ifs(depth));
        ASSERT_FALSE(r.ok()) << depth;
        EXPECT_EQ(r.diags[0].status, Status::TooDeep);
        // Line 1 opens the function's region; line 2 is the constant; line L opens region L - 1.
        EXPECT_EQ(r.diags[0].loc.line, static_cast<uint32_t>(mod::kMaxNesting) + 2);
        EXPECT_EQ(r.diags[0].loc.col, 11u);
        EXPECT_NE(r.diags[0].message().find("256"), std::string::npos) << r.diags[0].message();
    }
    // Brackets in an operation's body are not regions: deep ones are counted without recursion.
    std::string deep = "func.func @k() {\n  pto.x " + std::string(100'000, '(') + std::string(100'000, ')');
    EXPECT_TRUE(mod::parse(deep + "\n  return\n}\n").ok());
}

// A huge token is quoted clipped: the message stays short however long the input.
TEST(ModuleParser, LongTokensAreClippedInMessages) {
    const std::string big(2'000'000, 'x');
    for (const std::string& text :
         {"func.func @k() {\n  %a = !" + big + "\n}\n", "func.func @k() {\n  %a " + big + "\n}\n",
          "func.func @k() {\n  %a = arith.addi %" + big + "\n  return\n}\n"}) {
        const auto r = mod::parse(text);
        ASSERT_FALSE(r.ok());
        const std::string m = r.diags[0].message();
        EXPECT_LT(m.size(), 1000u) << m.substr(0, 300);
    }
    const auto r = mod::parse("func.func @k() {\n  %a " + big + "\n}\n");
    EXPECT_NE(r.diags[0].message().find("xxx... (2000000 characters)'"), std::string::npos)
        << r.diags[0].message();
}

TEST(ModuleParser, DetectsTheModuleForm) {
    EXPECT_TRUE(mod::is_module_text("// c\nmodule {\n}"));
    EXPECT_TRUE(mod::is_module_text("  func.func @k() {\n}"));
    EXPECT_TRUE(mod::is_module_text("!t = !pto.tile_buf<vec, 16x16xf32>\n"));
    EXPECT_FALSE(mod::is_module_text("# comment\n.arg %x : !pto.tile<vec, 4x16xf32>\n"));
    EXPECT_FALSE(mod::is_module_text("%z = pto.tadd %x, %y : (T, T) -> T\n"));
    EXPECT_FALSE(mod::is_module_text("modules"));
}

TEST(ModuleParser, NeverCrashesOnTruncations) {
    const std::string text = R"(module {
  func.func @k(%a: !pto.ptr<f32>) {
    %c = arith.constant 1.0 : f32
    %p:2 = scf.if %c -> (f32, f32) { scf.yield %c, %c : f32, f32 } else { scf.yield %c, %c : f32, f32 }
    pto.tadds ins(%c, %c {k = #pto<cmp lt>} : f32, f32) outs(%c : f32)
    return
  }
})";
    // Every error is located, also one at the end of a cut text (what is missing is missing there).
    for (std::size_t n = 0; n <= text.size(); ++n)
        for (const auto& d : mod::parse(text.substr(0, n)).diags)
            EXPECT_NE(d.loc.line, 0u) << n << ": " << d.message();
    const auto r = mod::parse("func.func @k() {\n  %a");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diags[0].loc.line, 2u);
    EXPECT_EQ(r.diags[0].loc.col, 5u);
}

}  // namespace
