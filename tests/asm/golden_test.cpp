// The golden corpus (tests/asm/golden/*.golden): each file is a program in up to four sections,
//   ## text   the canonical disassembly (what `ptoas disasm` prints)
//   ## raw    the canonical raw lines (what `ptoas disasm --raw` prints)
//   ## hex    the words, one per line (what `ptoas asm --hex` prints)
//   ## input  other accepted spellings of the same program
// and every direction between them must agree exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "asm_test_util.hpp"

namespace {

using namespace asm_test;

struct Golden {
    std::string name;
    std::map<std::string, std::string> sections;
};

Golden load(const std::filesystem::path& path) {
    Golden g;
    g.name = path.stem().string();
    std::istringstream in(read_file(path.string()));
    std::string line, section;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) {
            section = line.substr(3);
            g.sections[section];
            continue;
        }
        if (!section.empty())
            g.sections[section] += line + "\n";
    }
    return g;
}

std::vector<std::string> golden_names() {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(source_path("tests/asm/golden")))
        if (e.path().extension() == ".golden")
            names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

class GoldenCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenCorpus, AllDirectionsAgree) {
    const Golden g = load(source_path("tests/asm/golden/" + GetParam() + ".golden"));
    ASSERT_TRUE(g.sections.count("text")) << "a golden file needs a ## text section";
    ASSERT_TRUE(g.sections.count("hex")) << "a golden file needs a ## hex section";
    const std::string& text = g.sections.at("text");
    const std::vector<ptosim::linx::Word> words = hex_words(g.sections.at("hex"));
    ASSERT_FALSE(words.empty());

    EXPECT_EQ(ptosim::linx::to_hex(assemble(text)), g.sections.at("hex")) << "text -> words";
    EXPECT_EQ(disassemble(words), text) << "words -> text";
    if (g.sections.count("raw")) {
        EXPECT_EQ(ptosim::linx::to_hex(assemble(g.sections.at("raw"))), g.sections.at("hex"))
            << "raw -> words";
        EXPECT_EQ(disassemble(words, true), g.sections.at("raw")) << "words -> raw";
    }
    if (g.sections.count("input")) {
        EXPECT_EQ(ptosim::linx::to_hex(assemble(g.sections.at("input"))), g.sections.at("hex"))
            << "input -> words";
    }

    // Bytes: little-endian, and they split back into the same words.
    const std::vector<uint8_t> bytes = ptosim::linx::to_bytes(words);
    const auto split = ptosim::linx::split_words(bytes);
    ASSERT_TRUE(split.ok());
    EXPECT_EQ(split.value, words);
}

INSTANTIATE_TEST_SUITE_P(Asm, GoldenCorpus, ::testing::ValuesIn(golden_names()),
                         [](const auto& p) { return p.param; });

// The corpus covers every seed instruction and a representative of every Mode of the selector table.
TEST(GoldenCorpus, CoversSeedsAndModes) {
    std::set<std::string> ops;
    std::set<unsigned> modes;
    for (const std::string& name : golden_names()) {
        const Golden g = load(source_path("tests/asm/golden/" + name + ".golden"));
        auto r = ptosim::linx::decode(hex_words(g.sections.at("hex")));
        ASSERT_TRUE(r.ok()) << describe(r.diags);
        for (const auto& b : r.value) {
            if (!b.op)
                continue;
            ops.insert(std::string(b.op->name) +
                       (b.op->src_min != b.op->src_max && b.srcs.size() == 1 ? "/1" : ""));
            modes.insert(b.op->mode());
        }
    }
    for (const char* op : {"THISTOGRAM", "TCMP", "TCMPS", "TINTERLEAVE", "TDEINTERLEAVE", "TDEINTERLEAVE/1"})
        EXPECT_TRUE(ops.count(op)) << op;
    EXPECT_EQ(modes, (std::set<unsigned>{0, 1, 2, 3}));
}

// Little-endian byte order of the seed's first word, spelled out.
TEST(GoldenCorpus, BytesAreLittleEndian) {
    const auto words =
        assemble("THISTOGRAM <LB0:64, LB1:4, LB2:64, u32, u32, Byte1>, T#3.reuse, U#1, ->T<4KB>\n");
    ASSERT_FALSE(words.empty());
    EXPECT_EQ(words[0].bits, 0xce819181u);
    const auto bytes = ptosim::linx::to_bytes(words);
    EXPECT_EQ(bytes[0], 0x81);
    EXPECT_EQ(bytes[1], 0x91);
    EXPECT_EQ(bytes[2], 0x81);
    EXPECT_EQ(bytes[3], 0xce);
}

}  // namespace
