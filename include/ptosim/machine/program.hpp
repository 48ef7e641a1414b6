// Programs as the ISA model runs them: blocks plus the initial state (input tiles, registers) and the dumps
// to print, loaded from Linx text with directives, a Linx binary, or PTO-AS (lowered to Linx blocks).
//
//   LoadResult r = load_program(text, detect_kind(path, text), {.arch = Arch::A5, .base_dir = "."});
//   Machine m({.arch = Arch::A5});
//   init(m, r.value);
//   RunResult run = m.run();
//   std::optional<linx::TileRef> t = resolve(r.value, "%dst", &why);   // or "T#1"
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/asm/block.hpp"
#include "ptosim/machine/machine.hpp"
#include "ptosim/pto_as/ast.hpp"
#include "ptosim/pto_as/parser.hpp"

namespace ptosim::machine {

enum class SourceKind : uint8_t { LinxText, LinxBinary, PtoAs };
std::string_view source_kind_name(SourceKind k);  // "Linx text", "Linx binary", "PTO-AS"

// *.pto is PTO-AS and *.bin a Linx binary. Otherwise data with control bytes (other than blanks) is binary,
// and text is PTO-AS when its first statement (skipping comments and the .tile/.reg/.dump directives) starts
// with
// '%', 'pto.', '.arg' or '.const'; else it is Linx text.
SourceKind detect_kind(std::string_view path, std::string_view data);

// An input error or a fault, located: text line:col (1-based), or a binary's byte offset and word index.
struct Problem {
    std::string message;
    linx::Loc loc;
};

// An entry of the initial state.
struct TileInit {
    Hand hand = Hand::T;
    uint8_t index = 1;  // its name at the start of the program
    TileShape shape;
    uint32_t size = 0;  // bytes: a size class
    std::vector<std::byte> bytes;
    pto_as::DataSpec data;  // how the bytes were made (for printing)
    std::string name;       // the PTO-AS value it holds, or ""
    linx::Loc loc;          // its .arg line (PTO-AS): where the hazard checker places its load
};

// Where a PTO-AS value is at the end of the run.
struct NamedTile {
    std::string name;  // "%x"
    Hand hand = Hand::T;
    uint8_t index = 1;
};

struct Loaded {
    SourceKind kind = SourceKind::LinxText;
    linx::Program blocks;
    std::vector<TileInit> tiles;
    std::vector<pto_as::RegInit> regs;
    std::vector<pto_as::DumpSpec> dumps;
    std::vector<NamedTile> names;  // PTO-AS only
    // PTO-AS only: the loads of the inputs (first, in declaration order), then the synchronisation
    // statements, each before the block that follows it (machine.hpp, Step).
    std::vector<Step> steps;
    pto_as::Program pto;  // PTO-AS only: the program as parsed
};

struct LoadOptions {
    Arch arch = Arch::A5;
    std::string base_dir;  // where the relative paths of file= data are
};

struct LoadResult {
    Loaded value;
    std::vector<Problem> problems;
    bool ok() const { return problems.empty(); }
};

LoadResult load_program(std::string_view data, SourceKind kind, const LoadOptions& opts);

// PTO-AS -> Linx blocks and the initial state (docs/machine.md: values live in queue entries; the lowering
// picks a queue for each new value and names it relatively at each use; a source gets `.reuse` when its value
// is read again later).
LoadResult lower(const pto_as::Program& p, const LoadOptions& opts);

// Add a directive (.tile, .reg or .dump: from the text, or from the command line) to a loaded program.
std::vector<Problem> apply_directive(Loaded& p, const pto_as::Directive& d, const LoadOptions& opts);

// Put the machine in the program's initial state and load its blocks.
void init(Machine& m, const Loaded& p);

// The entry a dump name means after the run: "T#1" as it is; "%x" through the PTO-AS names. nullopt (*why)
// when there is no such name.
std::optional<linx::TileRef> resolve(const Loaded& p, std::string_view name, std::string* why);

// Linx text with directives that runs as p does (ptoas check --lower).
std::string print_linx(const Loaded& p);

}  // namespace ptosim::machine
