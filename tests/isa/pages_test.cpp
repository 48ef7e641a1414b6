// The instruction pages (docs/isa/) cannot drift from the descriptors: every instruction with a kernel has a
// page, the index lists it, and each page's element-type table equals the one generated here from ops.def.
//
// After changing a row, `PTOSIM_UPDATE_DOCS=1 ctest -R IsaPages` rewrites the generated sections in place
// (the test still fails that run, so the change is reviewed).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "ptosim/isa/micro.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"

namespace {

namespace isa = ptosim::isa;
using ptosim::Arch;

std::string page_dir() {
    return std::string(PTOSIM_SOURCE_DIR) + "/docs/isa/";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool update_requested() {
    const char* v = std::getenv("PTOSIM_UPDATE_DOCS");
    return v != nullptr && std::string(v) == "1";
}

std::string cpp_types(isa::DTypeSet s) {
    std::string out;
    const std::string names = isa::dtype_set_text(s, true);
    // "a, b, c" -> "`a`, `b`, `c`"
    std::size_t start = 0;
    while (start < names.size()) {
        std::size_t end = names.find(", ", start);
        if (end == std::string::npos)
            end = names.size();
        out += (out.empty() ? "`" : ", `") + names.substr(start, end - start) + "`";
        start = end + 2;
    }
    return out;
}

// A conversion's table: per source type, the destination types of each device profile.
std::string pairs_table(const isa::OpInfo& op) {
    static constexpr Arch kDevices[] = {Arch::A5, Arch::A2A3, Arch::KIRIN9030};
    std::string t =
        "| source | A5 destinations | A2A3 destinations | KIRIN9030 destinations |\n|---|---|---|---|\n";
    for (unsigned code = 0; code < 32; ++code) {
        const auto src = static_cast<ptosim::DType>(code);
        if (!op.types.any().contains(src))
            continue;
        t += "| " + cpp_types(isa::DTypeSet{src});
        for (const Arch a : kDevices) {
            const isa::DTypeSet d = op.pairs->dsts(a, src);
            t += " | " + (d.empty() ? std::string("-") : cpp_types(d));
        }
        t += " |\n";
    }
    t += "\nThe CPU profile (pto-isa's CPU simulation, selected by `__CPU_SIM` without an `PTO_NPU_ARCH_*`) "
         "converts between every two of " +
         cpp_types(op.cpu_extra) + ".\n";
    return t;
}

// The generated element-type table of one instruction: per profile, the element type (the first data
// source's) and the destination's when it may differ.
std::string types_table(const isa::OpInfo& op) {
    if (op.pairs != nullptr)
        return pairs_table(op);
    struct Profile {
        Arch arch;
        const char* name;
    };
    static constexpr Profile kProfiles[] = {{Arch::A5, "A5"},
                                            {Arch::A2A3, "A2A3"},
                                            {Arch::KIRIN9030, "KIRIN9030"},
                                            {Arch::CPU, "CPU (`__CPU_SIM`)"}};
    const bool dst_differs = !op.dst_types.any().empty();
    std::string t = dst_differs ? "| profile | element type | destination |\n|---|---|---|\n"
                                : "| profile | element type |\n|---|---|\n";
    for (const Profile& p : kProfiles) {
        std::string types;
        if (!op.available(p.arch))
            types = "not available";
        else if (p.arch == Arch::CPU && op.types_for(Arch::CPU) == op.types.any() &&
                 op.types.any() == op.types.a5)
            types = "as A5";
        else
            types = cpp_types(op.types_for(p.arch));
        t += std::string("| ") + p.name + " | " + types;
        if (dst_differs) {
            const isa::DTypeSet d = p.arch == Arch::CPU ? op.dst_types.any() : op.dst_types_for(p.arch);
            t += " | " + (op.available(p.arch) ? cpp_types(d) : std::string("-"));
        }
        t += " |\n";
    }
    if (!op.cpu_extra.empty())
        t += "\nThe CPU profile (pto-isa's CPU simulation, selected by `__CPU_SIM` without an "
             "`PTO_NPU_ARCH_*`) "
             "also accepts " +
             cpp_types(op.cpu_extra) + ".\n";
    return t;
}

struct Section {
    std::size_t begin = std::string::npos, end = std::string::npos;  // the text between the markers
};

Section find_section(const std::string& doc, const std::string& name) {
    const std::string begin = "<!-- BEGIN " + name + " -->\n", end = "<!-- END " + name + " -->";
    Section s;
    const auto b = doc.find(begin);
    if (b == std::string::npos)
        return s;
    const auto e = doc.find(end, b);
    if (e == std::string::npos)
        return s;
    s.begin = b + begin.size();
    s.end = e;
    return s;
}

// The page of an instruction: its own, or the page of the instruction it is the mirror form of.
std::string page_of(const isa::OpInfo& op) {
    if (op.name == "TRDIVS")
        return "TDIVS";
    return std::string(op.name);
}

TEST(IsaPages, EveryInstructionWithAKernelHasAPageAndAnIndexRow) {
    const std::string index = read_file(page_dir() + "README.md");
    for (const isa::OpInfo& op : isa::kOps) {
        if (!ptosim::ops::has_kernel(op.op))
            continue;
        const std::string page = page_of(op);
        EXPECT_TRUE(std::filesystem::exists(page_dir() + page + ".md"))
            << "docs/isa/" << page << ".md missing";
        EXPECT_NE(index.find("| " + std::string(op.name) + " |"), std::string::npos)
            << "docs/isa/README.md has no row for " << op.name;
    }
}

// A generated section of a page against what the descriptors give; PTOSIM_UPDATE_DOCS=1 rewrites it.
void check_section(const std::string& path, std::string& doc, const Section& s, const std::string& want) {
    const std::string have = doc.substr(s.begin, s.end - s.begin);
    EXPECT_EQ(have, want) << path << " is out of date (PTOSIM_UPDATE_DOCS=1 rewrites it); it should read:\n"
                          << want;
    if (update_requested() && have != want) {
        doc.replace(s.begin, s.end - s.begin, want);
        std::ofstream(path, std::ios::binary) << doc;
    }
}

// A page's section that must exist.
void check_required_section(const std::string& path, const std::string& name, const std::string& want) {
    std::string doc = read_file(path);
    const Section s = find_section(doc, name);
    ASSERT_NE(s.begin, std::string::npos) << path << ": markers <!-- BEGIN " << name << " --> missing";
    check_section(path, doc, s, want);
}

TEST(IsaPages, ElementTypeTablesMatchTheDescriptors) {
    for (const isa::OpInfo& op : isa::kOps) {
        // Every instruction with a kernel has the table; a page may carry one for a row run elsewhere
        // (MSCATTER).
        const std::string path = page_dir() + page_of(op) + ".md";
        std::string doc = read_file(path);
        const std::string name = "types " + std::string(op.name);
        const Section s = find_section(doc, name);
        if (s.begin == std::string::npos) {
            EXPECT_FALSE(ptosim::ops::has_kernel(op.op))
                << path << ": markers <!-- BEGIN " << name << " --> missing";
            continue;
        }
        check_section(path, doc, s, types_table(op));
    }
}

// docs/isa/micro.md: one row per micro-instruction of isa/micro.def.
std::string micro_table() {
    std::string t =
        "| instruction | family | element types | predicate modes | pto-isa page |\n|---|---|---|---|---|\n";
    for (const isa::MicroInfo& m : isa::kMicroOps) {
        const bool zeroing = m.modes & isa::kZeroing, merging = m.modes & isa::kMerging;
        t += "| `" + std::string(m.name) + "` | " + std::string(isa::micro_family_name(m.family)) + " | " +
             (m.types.empty() ? std::string("(predicates)") : cpp_types(m.types)) + " | " +
             (zeroing && merging ? "zeroing, merging"
              : zeroing          ? "zeroing"
                                 : "merging") +
             " | `" + std::string(m.page) + "` |\n";
    }
    return t;
}

TEST(IsaPages, MicroTableMatchesTheDescriptors) {
    check_required_section(page_dir() + "micro.md", "micro ops", micro_table());
}

// docs/isa/micro.md: one row per distribution of isa/micro_dist.def.
std::string dist_table() {
    std::string t =
        "| instruction | distribution | element | reads / writes | alignment | rule |\n"
        "|---|---|---|---|---|---|\n";
    for (const isa::DistInfo& d : isa::kMicroDists) {
        const bool runs = d.shape != isa::DistShape::Unmodelled;
        t += "| `" + std::string(isa::micro_info(d.op).name) + "` | `" + std::string(d.spelling) + "` | " +
             (d.size == 0 ? std::string("any") : "b" + std::to_string(8 * d.size)) + " | " +
             (runs ? std::to_string(isa::dist_bytes(d, d.size == 0 ? 4 : d.size)) + " B" : std::string("-")) +
             " | " + (d.align == 0 ? std::string("element") : std::to_string(d.align) + " B") + " | " +
             std::string(d.rule) + " |\n";
    }
    return t;
}

TEST(IsaPages, MicroDistributionTableMatchesTheDescriptors) {
    check_required_section(page_dir() + "micro.md", "micro dists", dist_table());
}

}  // namespace
