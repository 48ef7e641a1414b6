// docs/asm.md cannot drift from the code: its instruction table and its status table must equal the ones
// generated here from ops.def and status.def, and every ```asm example in it must assemble.
#include <gtest/gtest.h>

#include "asm_test_util.hpp"

namespace {

using namespace asm_test;
namespace isa = ptosim::isa;

std::string attrs_text(const isa::OpInfo& op) {
    static const std::pair<isa::Attr, const char*> kNames[] = {
        {isa::kDstType, "DstType"}, {isa::kByteId, "ByteId"}, {isa::kPad, "PadValue"}, {isa::kCMode, "CMode"},
        {isa::kRMode, "RMode"},     {isa::kSat, "SAT"},       {isa::kCanon, "CANON"}};
    std::string s;
    for (const auto& [a, name] : kNames)
        if (op.has(a))
            s += (s.empty() ? "" : ", ") + std::string(name);
    return s.empty() ? "-" : s;
}

std::string types_text(isa::DTypeSet s) {
    return s.empty() ? "(not on A5)" : isa::dtype_set_text(s);
}

std::string ops_table() {
    std::string t =
        "| Mnemonic | Id | Mode | Fn | Family | Sources | Dsts | Scalars | B.DATR fields | Element types "
        "(A5) | "
        "Since |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n";
    char id[8];
    for (const isa::OpInfo& op : isa::kOps) {
        if (!op.has_linx_id())
            continue;
        std::snprintf(id, sizeof id, "0x%02X", op.id);
        const std::string srcs = op.src_min == op.src_max
                                     ? std::to_string(op.src_min)
                                     : std::to_string(op.src_min) + "-" + std::to_string(op.src_max);
        t += "| " + std::string(op.name) + " | " + id + " | " + std::to_string(op.mode()) + " | " +
             std::to_string(op.function()) + " | " + std::string(isa::family_name(op.family)) + " | " + srcs +
             " | " + std::to_string(op.dsts) + " | " + std::to_string(op.scalars) + " | " + attrs_text(op) +
             " | " + types_text(op.types.a5) + " | " + std::string(op.since) + " |\n";
    }
    return t;
}

std::string status_table() {
    std::string t = "| Status | Message |\n|---|---|\n";
    for (auto s : ptosim::linx::kAllStatuses)
        t += "| `" + std::string(ptosim::linx::status_name(s)) + "` | " +
             std::string(ptosim::linx::status_message(s)) + " |\n";
    return t;
}

// The lines between "<!-- BEGIN name -->" and "<!-- END name -->".
std::string section(const std::string& doc, const std::string& name) {
    const std::string begin = "<!-- BEGIN " + name + " -->\n", end = "<!-- END " + name + " -->";
    const auto b = doc.find(begin);
    const auto e = doc.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b)
        return "(markers for " + name + " missing)";
    return doc.substr(b + begin.size(), e - b - begin.size());
}

TEST(Docs, InstructionTableMatchesTheIsaTable) {
    const std::string doc = read_file(source_path("docs/asm.md"));
    EXPECT_EQ(section(doc, "ops"), ops_table()) << "docs/asm.md is out of date; the table should read:\n"
                                                << ops_table();
}

TEST(Docs, StatusTableMatchesTheStatuses) {
    const std::string doc = read_file(source_path("docs/asm.md"));
    EXPECT_EQ(section(doc, "statuses"), status_table())
        << "docs/asm.md is out of date; the table should read:\n"
        << status_table();
}

TEST(Docs, ExamplesAssemble) {
    const std::string doc = read_file(source_path("docs/asm.md"));
    int examples = 0;
    for (std::size_t pos = doc.find("```asm\n"); pos != std::string::npos; pos = doc.find("```asm\n", pos)) {
        pos += 7;
        const std::size_t end = doc.find("```", pos);
        ASSERT_NE(end, std::string::npos);
        const std::string text = doc.substr(pos, end - pos);
        const auto r = ptosim::linx::parse(text);
        EXPECT_TRUE(r.ok()) << describe(r.diags) << "in example:\n" << text;
        ++examples;
        pos = end + 3;
    }
    EXPECT_GE(examples, 3);
}

}  // namespace
