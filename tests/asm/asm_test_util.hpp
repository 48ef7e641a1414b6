// Helpers shared by the assembler tests.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/asm/asm.hpp"

namespace asm_test {

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline std::string source_path(std::string_view rel) {
    return std::string(PTOSIM_SOURCE_DIR) + "/" + std::string(rel);
}

// "status at line:col: message" for every diagnostic, for test failure output.
inline std::string describe(const std::vector<ptosim::linx::Diag>& diags) {
    std::string s;
    for (const auto& d : diags)
        s += std::string(ptosim::linx::status_name(d.status)) + " at " + std::to_string(d.loc.line) + ":" +
             std::to_string(d.loc.col) + " (word " + std::to_string(d.loc.word) + "): " + d.message() + "\n";
    return s;
}

// Text -> words; fails the test on diagnostics.
inline std::vector<ptosim::linx::Word> assemble(std::string_view text, ptosim::Arch arch = ptosim::Arch::A5) {
    ptosim::linx::AsmOptions opts;
    opts.arch = arch;
    auto r = ptosim::linx::parse(text, opts);
    EXPECT_TRUE(r.ok()) << describe(r.diags) << "in:\n" << text;
    return ptosim::linx::encode(r.value);
}

// Words -> text (folded unless raw); fails the test on diagnostics.
inline std::string disassemble(const std::vector<ptosim::linx::Word>& words, bool raw = false) {
    auto r = ptosim::linx::decode(words);
    EXPECT_TRUE(r.ok()) << describe(r.diags);
    ptosim::linx::PrintOptions opts;
    opts.raw = raw;
    return ptosim::linx::print(r.value, opts);
}

inline std::vector<ptosim::linx::Word> hex_words(std::string_view hex) {
    auto r = ptosim::linx::parse_hex(hex);
    EXPECT_TRUE(r.ok()) << describe(r.diags);
    return r.value.words;
}

}  // namespace asm_test
