// docs/machine.md cannot drift from the code: its fault table and its PTO-AS status table must equal the ones
// generated from fault.def and status.def.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "ptosim/machine/machine.hpp"
#include "ptosim/pto_as/status.hpp"

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string section(const std::string& doc, const std::string& name) {
    const std::string begin = "<!-- BEGIN " + name + " -->\n", end = "<!-- END " + name + " -->";
    const auto b = doc.find(begin);
    const auto e = doc.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b)
        return "(markers for " + name + " missing)";
    return doc.substr(b + begin.size(), e - b - begin.size());
}

const std::string kDoc = std::string(PTOSIM_SOURCE_DIR) + "/docs/machine.md";

TEST(Docs, FaultTableMatchesTheCode) {
    std::string t = "| Fault | Message |\n|---|---|\n";
    for (auto k : ptosim::machine::kAllFaults)
        t += "| `" + std::string(ptosim::machine::status_name(k)) + "` | " +
             std::string(ptosim::machine::status_message(k)) + " |\n";
    EXPECT_EQ(section(read_file(kDoc), "faults"), t)
        << "docs/machine.md is out of date; the table should read:\n"
        << t;
}

TEST(Docs, PtoAsStatusTableMatchesTheCode) {
    std::string t = "| Status | Message |\n|---|---|\n";
    for (auto s : ptosim::pto_as::kAllStatuses)
        t += "| `" + std::string(ptosim::pto_as::status_name(s)) + "` | " +
             std::string(ptosim::pto_as::status_message(s)) + " |\n";
    EXPECT_EQ(section(read_file(kDoc), "pto_as_statuses"), t)
        << "docs/machine.md is out of date; the table should read:\n"
        << t;
}

}  // namespace
