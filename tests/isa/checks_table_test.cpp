// docs/checks.md cannot drift from the source: every rule message of a PTOSIM_STATIC_CHECK, PTOSIM_CHECK or
// PTOSIM_STRICT_CHECK under include/, src/, tools/ and python/src/ has its row in the table.
//
// The scan is textual, as the preprocessor splits a macro's arguments: the third argument (after the
// condition and the instruction name) is the rule. Its string literals, adjacent ones joined, are the
// message's fragments (a run-time message may have several: the branches of a `?:`, the text around an
// inserted value); each must occur in docs/checks.md. PTOSIM_AVAILABLE_RULE and PTOSIM_TYPE_RULE
// (pto/instr/checks.hpp) are expanded first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Rules passed in a variable: the callers' messages are listed in docs/checks.md ("Messages passed to a
// shared check"); the scan cannot see them, so these sites are named here. Add a site only with its callers'
// rows.
const std::set<std::pair<std::string, std::string>> kRulesFromCallers = {
    {"src/ops/conv.cpp", "rule"},      // conv_copy_map's `mismatch` and conv TTRANS's `shapes` lambdas
    {"src/ops/gather.cpp", "what"},    // the index forms' `indices` helper
    {"src/ops/validate.hpp", "rule"},  // validate::one_index_per_row and validate::indices_in_range
};

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string squeeze(const std::string& s) {
    std::string out;
    bool space = false;
    for (const char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = true;
            continue;
        }
        if (space && !out.empty())
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Skips a string or character literal starting at text[i]; returns the index past it.
std::size_t skip_literal(const std::string& text, std::size_t i) {
    const char quote = text[i];
    for (++i; i < text.size() && text[i] != quote; ++i)
        if (text[i] == '\\')
            ++i;
    return i + 1;
}

// The arguments of the macro call whose '(' is at text[open], split at top-level commas; empty on a parse
// failure.
std::vector<std::string> macro_args(const std::string& text, std::size_t open) {
    std::vector<std::string> args;
    std::string cur;
    int depth = 0;
    for (std::size_t i = open; i < text.size();) {
        const char c = text[i];
        if (c == '"' || c == '\'') {
            const std::size_t end = skip_literal(text, i);
            cur.append(text, i, end - i);
            i = end;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            i = text.find('\n', i);
            if (i == std::string::npos)
                return {};
            continue;
        }
        if (c == '(') {
            if (++depth == 1) {
                ++i;
                continue;
            }
        } else if (c == ')') {
            if (--depth == 0) {
                args.push_back(cur);
                return args;
            }
        } else if (c == ',' && depth == 1) {
            args.push_back(cur);
            cur.clear();
            ++i;
            continue;
        }
        cur += c;
        ++i;
    }
    return {};
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n\\");
    const auto e = s.find_last_not_of(" \t\r\n\\");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// PTOSIM_AVAILABLE_RULE and PTOSIM_TYPE_RULE(INSTR, WHAT) as their definitions in pto/instr/checks.hpp.
std::string expand_rule_macros(std::string rule) {
    const std::string avail = "PTOSIM_AVAILABLE_RULE";
    for (std::size_t p; (p = rule.find(avail)) != std::string::npos;)
        rule.replace(p, avail.size(), "\"not available on the compiled architecture profile\"");
    const std::string type = "PTOSIM_TYPE_RULE";
    for (std::size_t p; (p = rule.find(type)) != std::string::npos;) {
        const std::size_t open = rule.find('(', p);
        const std::vector<std::string> a = macro_args(rule, open);
        if (a.size() != 2)
            break;
        std::size_t close = open;
        for (int depth = 0; close < rule.size(); ++close) {
            if (rule[close] == '"') {
                close = skip_literal(rule, close) - 1;
                continue;
            }
            if (rule[close] == '(')
                ++depth;
            else if (rule[close] == ')' && --depth == 0)
                break;
        }
        rule.replace(p, close + 1 - p,
                     trim(a[1]) + " \" not supported on the compiled architecture profile (docs/isa/\" " +
                         trim(a[0]) + " \".md lists the types per profile)\"");
    }
    return rule;
}

// The rule's fragments: runs of adjacent string literals, whitespace squeezed; fragments shorter than three
// characters are ignored.
std::vector<std::string> fragments(const std::string& rule_arg) {
    const std::string rule = expand_rule_macros(rule_arg);
    std::vector<std::string> out;
    std::string cur;
    bool in_run = false;
    const auto flush = [&] {
        const std::string f = squeeze(cur);
        if (in_run && f.size() >= 3)
            out.push_back(f);
        cur.clear();
        in_run = false;
    };
    for (std::size_t i = 0; i < rule.size();) {
        const char c = rule[i];
        if (c == '"') {
            const std::size_t end = skip_literal(rule, i);
            for (std::size_t k = i + 1; k + 1 < end; ++k) {
                if (rule[k] == '\\' && k + 2 < end)
                    ++k;
                cur += rule[k];
            }
            in_run = true;
            i = end;
            continue;
        }
        if (!std::isspace(static_cast<unsigned char>(c)) && c != '\\')
            flush();
        ++i;
    }
    flush();
    return out;
}

struct Site {
    std::string file;
    int line = 0;
    std::string rule;
};

std::vector<Site> scan(const fs::path& root) {
    static const char* const kMacros[] = {"PTOSIM_STATIC_CHECK", "PTOSIM_STRICT_CHECK", "PTOSIM_CHECK"};
    std::vector<Site> sites;
    for (const char* dir : {"include", "src", "tools", "python/src"}) {
        if (!fs::exists(root / dir))
            continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
            const std::string ext = entry.path().extension().string();
            if (!entry.is_regular_file() ||
                (ext != ".hpp" && ext != ".cpp" && ext != ".h" && ext != ".def" && ext != ".inc"))
                continue;
            const std::string rel = fs::relative(entry.path(), root).generic_string();
            if (rel == "include/ptosim/core/check.hpp")  // the definitions
                continue;
            const std::string text = read_file(entry.path());
            for (const char* macro : kMacros) {
                const std::string name = macro;
                for (std::size_t p = text.find(name); p != std::string::npos; p = text.find(name, p + 1)) {
                    if ((p > 0 && ident_char(text[p - 1])) || ident_char(text[p + name.size()]))
                        continue;
                    std::size_t open = p + name.size();
                    while (open < text.size() && std::isspace(static_cast<unsigned char>(text[open])))
                        ++open;
                    if (open >= text.size() || text[open] != '(')
                        continue;
                    const std::size_t bol =
                        text.rfind('\n', p) == std::string::npos ? 0 : text.rfind('\n', p) + 1;
                    const std::string before = text.substr(bol, p - bol);
                    if (before.find("//") != std::string::npos || trim(before).rfind("#define", 0) == 0)
                        continue;
                    const std::vector<std::string> args = macro_args(text, open);
                    Site s;
                    s.file = rel;
                    s.line = static_cast<int>(std::count(text.begin(), text.begin() + p, '\n')) + 1;
                    s.rule = args.size() >= 3 ? args[2] : std::string();
                    sites.push_back(s);
                }
            }
        }
    }
    return sites;
}

TEST(ChecksTable, FragmentsOfARule) {
    EXPECT_EQ(fragments(" \"a b\"  \"c\" "), (std::vector<std::string>{"a bc"}));
    EXPECT_EQ(fragments("odd ? \"one rule\" : \"another rule\""),
              (std::vector<std::string>{"one rule", "another rule"}));
    EXPECT_EQ(fragments("std::string(operand) + \" has no address\""),
              (std::vector<std::string>{"has no address"}));
    EXPECT_EQ(fragments("PTOSIM_TYPE_RULE(\"TCMP\", \"dst element type\")"),
              (std::vector<std::string>{"dst element type not supported on the compiled architecture profile "
                                        "(docs/isa/TCMP.md lists the types per profile)"}));
    EXPECT_EQ(
        fragments("\"the compare form is \" PTOSIM_AVAILABLE_RULE"),
        (std::vector<std::string>{"the compare form is not available on the compiled architecture profile"}));
    EXPECT_TRUE(fragments("rule").empty());
}

TEST(ChecksTable, EveryRuleHasItsRow) {
    const fs::path root(PTOSIM_SOURCE_DIR);
    const std::string table = squeeze(read_file(root / "docs" / "checks.md"));
    ASSERT_FALSE(table.empty()) << "docs/checks.md is missing";
    const std::vector<Site> sites = scan(root);
    EXPECT_GT(sites.size(), 800u) << "the scan found too few checks: has the macro syntax changed?";
    int missing = 0;
    for (const Site& s : sites) {
        const std::vector<std::string> frags = fragments(s.rule);
        if (frags.empty()) {
            EXPECT_TRUE(kRulesFromCallers.count({s.file, trim(s.rule)}) != 0)
                << s.file << ":" << s.line << ": the rule `" << trim(s.rule)
                << "` has no string literal: list its callers' messages in docs/checks.md and the site in "
                   "kRulesFromCallers";
            continue;
        }
        for (const std::string& f : frags) {
            if (table.find(f) == std::string::npos) {
                ++missing;
                ADD_FAILURE()
                    << s.file << ":" << s.line << ": rule \"" << f
                    << "\" has no row in docs/checks.md (add one: the rule, the device code or manual "
                       "page that rejects the same thing, or \"ptosim only\" and why)";
            }
        }
    }
    EXPECT_EQ(missing, 0);
}

}  // namespace
