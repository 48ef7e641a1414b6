// `ptoas check` and `ptoas run` on a PTO-AS module (PTOAS's form: `module { func.func ... }`), as
// docs/pto-as-module.md describes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "program_io.hpp"

namespace ptoas {

struct ModuleArgs {
    std::string entry;              // --entry NAME
    std::vector<std::string> args;  // --arg %a=SPEC
    std::vector<std::string> outs;  // --out %a=PATH
    uint32_t blocks = 1;            // --blocks N
    uint64_t max_steps = 0;         // --max-steps N (0: the runner's default)
    bool hex = false;
    bool hazards = false;
    std::string timeline;
};

// The input, read once: a module or (is_module false) another kind of program for load_file. nullopt when
// it cannot be read (the error is printed).
struct ModuleInput {
    std::string name, source, base_dir;
    bool is_module = false;
};
std::optional<ModuleInput> read_program(const ProgramArgs& a);

int check_module(const ModuleInput& in, const ProgramArgs& a, const ModuleArgs& m);
int run_module(const ModuleInput& in, const ProgramArgs& a, const ModuleArgs& m);

}  // namespace ptoas
