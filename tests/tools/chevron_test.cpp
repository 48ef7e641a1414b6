// The `<<<...>>>` launch rewriter: what it turns a launch into, what it leaves alone, and its errors.
#include "rewrite.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

using ptosim::chevron::has_launch;
using ptosim::chevron::rewrite;

// The expected rewrite of `callee<<<config>>>`, written out (the lambda forwards whatever the launch passes).
std::string launch(const std::string& callee, const std::string& config) {
    return "::ptosim::chevron_launch([&](auto&&... ptosim_chevron_args) { " + callee +
           "(static_cast<decltype(ptosim_chevron_args)&&>(ptosim_chevron_args)...); }," + config + ")";
}

TEST(Chevron, RewritesAPlainLaunch) {
    const auto r = rewrite("void f() { Kernel<<<8, nullptr, s>>>(a, b); }\n");
    ASSERT_TRUE(r.errors.empty());
    EXPECT_EQ(r.launches, 1);
    EXPECT_EQ(r.text, "void f() { " + launch("Kernel", "8, nullptr, s") + "(a, b); }\n");
}

TEST(Chevron, KeepsTemplateArgumentsAndQualifiers) {
    const auto r = rewrite("  ns::Topk<T, 1, (N > 2), Foo<int>><<<blockDim, nullptr, stream>>>(out, in);\n");
    ASSERT_TRUE(r.errors.empty());
    EXPECT_EQ(r.text, "  " + launch("ns::Topk<T, 1, (N > 2), Foo<int>>", "blockDim, nullptr, stream") +
                          "(out, in);\n");
}

TEST(Chevron, GlobalAndTemplateDisambiguatedNames) {
    EXPECT_EQ(rewrite("x; ::K<<<1>>>();").text, "x; " + launch("::K", "1") + "();");
    EXPECT_EQ(rewrite("{ a::template K<int><<<2, 0, s>>>(p); }").text,
              "{ " + launch("a::template K<int>", "2, 0, s") + "(p); }");
}

TEST(Chevron, NeverChangesLineNumbers) {
    const std::string src = "int a;\nK<<<n,\n  nullptr,\n  s>>>(x,\n y);\nint b;\n";
    const auto r = rewrite(src);
    ASSERT_TRUE(r.errors.empty());
    EXPECT_EQ(std::count(r.text.begin(), r.text.end(), '\n'), std::count(src.begin(), src.end(), '\n'));
    EXPECT_NE(r.text.find("int b;"), std::string::npos);
}

TEST(Chevron, SeveralLaunchesAndNestedBrackets) {
    const auto r = rewrite("A<<<f(1, 2), g[3]>>>(x); B<<<{4}>>>(y);");
    ASSERT_TRUE(r.errors.empty());
    EXPECT_EQ(r.launches, 2);
    EXPECT_EQ(r.text, launch("A", "f(1, 2), g[3]") + "(x); " + launch("B", "{4}") + "(y);");
}

TEST(Chevron, LeavesCommentsAndLiteralsAlone) {
    const std::string src =
        "// K<<<1>>>(x);\n/* K<<<1>>>() */ const char* s = \"K<<<1>>>()\"; char c = '<';\n"
        "auto r = R\"(K<<<1>>>())\"; int n = 1'000; K2<<<n>>>();\n";
    EXPECT_TRUE(has_launch(src));
    const auto r = rewrite(src);
    ASSERT_TRUE(r.errors.empty());
    EXPECT_EQ(r.launches, 1);
    EXPECT_NE(r.text.find("// K<<<1>>>(x);"), std::string::npos);
    EXPECT_NE(r.text.find("\"K<<<1>>>()\""), std::string::npos);
    EXPECT_NE(r.text.find("R\"(K<<<1>>>())\""), std::string::npos);
    EXPECT_NE(r.text.find(launch("K2", "n") + "()"), std::string::npos);
    EXPECT_FALSE(has_launch("// only <<< in a comment\nconst char* s = \"<<<\";\n"));
}

TEST(Chevron, SourceWithoutLaunchIsUnchanged) {
    const std::string src = "std::vector<std::vector<int>> v; int x = a << b;\n";
    const auto r = rewrite(src);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(r.launches, 0);
    EXPECT_EQ(r.text, src);
}

TEST(Chevron, MalformedLaunchesAreErrorsWithPositions) {
    auto r = rewrite("int a;\n  K<<<1, 2;\n");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].line, 2);
    EXPECT_EQ(r.errors[0].column, 4);
    EXPECT_NE(r.errors[0].message.find("without a matching `>>>`"), std::string::npos);

    r = rewrite("K<<<1>>>;");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_NE(r.errors[0].message.find("argument list"), std::string::npos);

    r = rewrite("x = (<<<1>>>(a));");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_NE(r.errors[0].message.find("no kernel name"), std::string::npos);

    r = rewrite("K<<< >>>(a);");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_NE(r.errors[0].message.find("block count"), std::string::npos);
}

// Any text made of the tokens that matter to the rewriter: never a crash, never a line added or removed, and
// every `<<<` in code either rewritten or reported.
RC_GTEST_PROP(Chevron, AnyTokenSoupKeepsItsLines, ()) {
    static const std::vector<std::string> tokens = {
        "<<<", ">>>", "(",  ")", "<", ">", "\"", "'", "//",   "/*",      "*/",
        "\n",  "K",   "::", ";", " ", "1", "{",  "}", "R\"(", "template"};
    const auto parts = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(tokens));
    std::string src;
    for (const auto& p : parts)
        src += p;
    const auto r = rewrite(src);
    RC_ASSERT(std::count(r.text.begin(), r.text.end(), '\n') == std::count(src.begin(), src.end(), '\n'));
    if (!has_launch(src))
        RC_ASSERT(r.text == src);
    else
        RC_ASSERT(r.launches > 0 || !r.errors.empty());
}

}  // namespace
