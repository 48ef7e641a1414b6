// PTO-AS text -> Program, and the program directives of Linx text.
//
// PTO-AS (docs/machine.md has the grammar): one statement per line (or separated by ';'), comments '//' or
// '#'.
//   .arg %x : TYPE [DATA]              an input tile (DATA: zero, fill V, iota [START [STEP]], values V, ...,
//                                      random seed=N [min=A] [max=B], file=PATH)
//   .const %s = NUMBER : TYPE          a scalar (f32, i32, ..., index)
//   .dump %x[ROWS, COLS] [hex]         print a tile after the run
//   %t = pto.alloc_tile [addr = A] : TYPE
//   tassign %t, A [: TYPE, index]      (also pto.tassign ..., pto.tassign ins(...))
//   %d = tcmp %a, %b {cmpMode = #pto<cmp gt>} : T -> R                        synchronous
//   %d = pto.tcmp %a, %b {cmpMode = #pto<cmp gt>} : (T, T) -> R               SSA
//   pto.tcmp ins(%a, %b {cmpMode = #pto<cmp gt>} : T, T) outs(%d : R)         DPS
// Every operation of the instruction table parses (lower-case mnemonic, `pto.` prefix at the SSA and DPS
// levels); operands are the source tiles, then the scalars.
#pragma once

#include <string_view>

#include "ptosim/pto_as/ast.hpp"
#include "ptosim/pto_as/status.hpp"

namespace ptosim::pto_as {

struct ParseOptions {
    std::size_t max_errors = 50;
};

// Parse a whole text. Parsing continues after an error at the next statement, so one run reports every
// independent error. Never throws.
Result<Program> parse(std::string_view text, const ParseOptions& opts = {});

// A directive of Linx text: .tile, .reg or .dump.
struct Directive {
    enum class Kind : uint8_t { Tile, Reg, Dump };
    Kind kind = Kind::Tile;
    TileDecl tile;
    RegInit reg;
    DumpSpec dump;
};

// True for a line whose first non-blank character is '.' followed by a letter (a directive, not an
// instruction: Linx mnemonics never start with '.').
bool is_directive_line(std::string_view line);

// One directive line of Linx text; lineno is its line number (diagnostics carry it).
Result<Directive> parse_linx_directive(std::string_view line, uint32_t lineno);

}  // namespace ptosim::pto_as
