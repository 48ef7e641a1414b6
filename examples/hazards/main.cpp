// ptosim-hazards: runs each kernel of bugs.hpp and its fixed twin under the hazard checker, prints what the
// checker reports, and (with --check) fails unless every bug is reported as expected and every twin is clean.
//
//   ptosim-hazards                  # every bug, with its reports
//   ptosim-hazards --only acc-reuse # one of them
//   ptosim-hazards --check          # exit status 1 unless every bug and twin behave as kBugs says
#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>

#include "bugs.hpp"
#include "ptosim/runtime/launch.hpp"

namespace {

using examples::hazards::Buffers;
using examples::hazards::Bug;
using ptosim::hazards::Report;

std::vector<Report> run(void (*kernel)(Buffers&)) {
    Buffers buffers;
    ptosim::hazards::clear_reports();
    ptosim::launch(1, kernel, buffers);
    return ptosim::hazards::reports();
}

bool expected(const Report& r, const Bug& b) {
    return r.kind == b.kind && r.first.name == b.first && r.first.pipe == b.first_pipe &&
           r.second.name == b.second && r.second.pipe == b.second_pipe && r.buffer == b.buffer &&
           ptosim::hazards::describe(r.second.where).find("bugs.hpp") != std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Seeded synchronisation bugs and their fixed twins under ptosim's hazard checker"};
    std::string only;
    bool check = false, quiet = false;
    app.add_option("--only", only, "run only the bug with this name");
    app.add_flag("--check", check, "exit with status 1 unless each bug is reported and each twin is clean");
    app.add_flag("--quiet", quiet, "print one line per bug instead of the reports");
    CLI11_PARSE(app, argc, argv);

    ptosim::hazards::enable(true);
    int failures = 0, ran = 0;
    for (const Bug& bug : examples::hazards::kBugs) {
        if (!only.empty() && bug.name != only)
            continue;
        ++ran;
        const auto buggy = run(bug.buggy);
        const auto fixed = run(bug.fixed);
        bool found = false;
        for (const Report& r : buggy)
            found = found || expected(r, bug);
        const bool ok = found && fixed.empty();
        failures += ok ? 0 : 1;
        std::printf("%-28s %s: %zu report%s, fixed twin %s\n", std::string(bug.name).c_str(),
                    found ? "reported" : "NOT REPORTED AS EXPECTED", buggy.size(),
                    buggy.size() == 1 ? "" : "s", fixed.empty() ? "clean" : "NOT CLEAN");
        if (!quiet) {
            std::printf("  (%s)\n", std::string(bug.what).c_str());
            for (const Report& r : buggy)
                std::printf("%s", r.text().c_str());
            for (const Report& r : fixed)
                std::printf("fixed twin: %s", r.text().c_str());
            std::printf("\n");
        }
    }
    if (ran == 0) {
        std::fprintf(stderr, "ptosim-hazards: no bug named '%s'\n", only.c_str());
        return 2;
    }
    std::printf("%d of %d bugs reported as expected with clean twins\n", ran - failures, ran);
    return check && failures > 0 ? 1 : 0;
}
