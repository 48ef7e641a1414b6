// What `ptoas run` and `ptoas check` share: the program file and the options that add to its initial state.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ptosim/core/arch.hpp"
#include "ptosim/machine/program.hpp"

namespace ptoas {

struct ProgramArgs {
    std::string input;
    ptosim::Arch arch = ptosim::Arch::A5;
    bool binary = false, pto = false, linx = false;  // force the input kind (default: detect_kind)
    std::vector<std::string> tiles;                  // --tile 'T#1 u32 4x64 random seed=1'
    std::vector<std::string> regs;                   // --reg 'a0 = 64'
    std::vector<std::string> dumps;                  // --dump 'T#1[0:2, :] hex'
};

// FILE, --arch, --binary/--pto/--linx, --tile, --reg.
void add_program_options(CLI::App& cmd, ProgramArgs& a);

struct LoadedFile {
    std::string name;    // for diagnostics ("<stdin>" for '-')
    std::string source;  // the file's bytes
    ptosim::machine::LoadOptions opts;
    ptosim::machine::Loaded program;
};

// Read (unless the caller has: data), detect, load and apply --tile/--reg/--dump. Prints every error
// (file:line:col and a caret for text) and returns nullopt when there was one.
std::optional<LoadedFile> load_file(const ProgramArgs& a, const std::string* data = nullptr);

// A fault, located like the input errors.
void print_fault(const LoadedFile& f, const ptosim::machine::Fault& fault);

}  // namespace ptoas
