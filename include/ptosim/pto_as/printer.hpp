// Canonical PTO-AS text. Each statement keeps its level (synchronous, SSA or DPS); within a level there is
// one spelling: lower-case mnemonics, compact tile types without defaults, `{cmpMode = #pto<cmp gt>}`,
// `{byte = #pto<hist_byte BYTE_1>}`, attributes inside `ins(...)` at the DPS level.
#pragma once

#include <string>

#include "ptosim/pto_as/ast.hpp"
#include "ptosim/pto_as/parser.hpp"

namespace ptosim::pto_as {

std::string print(const Program& p);
// One statement, without a newline.
std::string print_stmt(const Stmt& s);

// The canonical lines of the shared directive pieces.
std::string print_data(const DataSpec& d);         // "" for Zero
std::string print_dump_target(const DumpSpec& d);  // "T#1[0:2, 0:8] hex"
std::string print_directive(const Directive& d);   // ".tile T#3 u32 4x64 random seed=1"

std::string_view cmp_attr_name(CmpMode m);  // "eq", "ne", "lt", "le", "gt", "ge"

}  // namespace ptosim::pto_as
