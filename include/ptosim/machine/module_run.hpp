// Running PTO-AS programs in the module form (ptosim/pto_as/module.hpp): a kernel function with pointer and
// scalar arguments, `arith` / `scf` / `func` operations and `pto.*` operations on tiles bound to addresses of
// the simulated core's buffers (docs/pto-as-module.md).
//
// prepare() decodes every operation of the module once: what it reads and writes, its types and attributes.
// Operations ptosim does not execute are listed there by name and place (`ptoas check`), and reported again
// if a run reaches one. run() then interprets the entry function: control flow and index arithmetic in the
// interpreter, every tile instruction through the kernel core's checked entry points (the same ones as the
// C++ intrinsics and the ISA model), synchronisation through the hazard checker's hooks.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ptosim/core/arch.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/pto_as/literal.hpp"
#include "ptosim/pto_as/module.hpp"

namespace ptosim::machine::modrun {

using pto_as::Diag;
using pto_as::Loc;
using pto_as::Status;

struct Options {
    Arch arch = Arch::A5;
    std::string entry;        // the function to run; empty: the one marked `pto.entry`, else the only one
    std::string source_name;  // the file, for hazard reports and trace spans
    std::string base_dir;     // where relative data files are
    uint32_t blocks = 1;      // simulated cores (get_block_idx / get_block_num)
    // Steps a run may take (per block) before it is stopped (Status::StepLimit): each operation and each
    // iteration of a loop, so that an empty body counts.
    uint64_t max_steps = 200'000'000;
};

// A parameter of the entry function, with what the program gives it.
struct Param {
    std::string name;         // "%arg0"
    std::string type;         // its type's text: "!pto.ptr<f32>", "i32", "index"
    bool pointer = false;     // !pto.ptr<T>: a buffer of T
    DType dtype = DType::U8;  // the pointed-to or scalar element type (index: S64)
};

// An argument bound to a parameter: a buffer for a pointer (outputs are read back from it after the run) or
// a scalar.
struct Binding {
    Param param;
    std::vector<std::byte> bytes;  // pointer: the buffer
    int64_t rows = 1, cols = 0;    // pointer: the shape it was given with (for printing), cols = elements
    pto_as::Number scalar;         // scalar parameter
};

struct Prepared;  // the decoded module

struct Check {
    std::shared_ptr<const Prepared> prepared;
    std::vector<Diag> errors;  // operations that cannot mean anything (bad operands, types, attributes)
    std::vector<Diag> not_executable;  // operations ptosim does not execute yet: "pto.tmatmul.mx"
    std::size_t functions = 0, ops = 0;
    std::vector<Param> params;  // the entry function's parameters (empty when there is none)
    std::string entry;          // its name; empty when none was chosen (several functions, none pto.entry)
    std::vector<std::string> function_names;  // every func.func, in order
};

// Decodes every operation of m and chooses the entry function. The module must outlive the result.
Check prepare(const pto_as::mod::Module& m, const Options& opts);

// Binds `%name=SPEC` arguments (or SPEC alone, by position) to the entry's parameters. For a pointer, SPEC
// is `zeros:N`, `fill:V:N`, `iota:START:STEP:N`, `random:N[:seed=S][:min=A][:max=B]` or `file=PATH[:N]`,
// where N is a count (`1024`) or a shape (`32x32`); an element type may be named too and must be the
// pointer's (`random:f32:32x32:seed=1`). For a scalar, SPEC is a number. Every parameter needs an argument.
pto_as::Result<std::vector<Binding>> bind(const Check& c, std::span<const std::string> specs,
                                          const Options& opts);

// Runs the entry function with the bound arguments; on success the pointer arguments hold what the kernel
// stored. A failed run returns where and why (the operation's location).
std::optional<Diag> run(const Check& c, std::vector<Binding>& args, const Options& opts);

}  // namespace ptosim::machine::modrun
