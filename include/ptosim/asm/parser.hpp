// Linx assembly text -> blocks.
//
// A line is blank, a comment, one raw block-header instruction (BSTART.TEPL, B.DATR, B.DIM, C.B.DIMI,
// C.B.DIM, B.IOT, B.IOR, BSTOP, C.BSTOP, BSTART.TMA, BSTART.CUBE, BSTART DIRECT/COND) or one folded macro (a
// whole tile-op block: THISTOGRAM <...>, ..., TCMP.GT <...>, ...). Mnemonics, types and keywords are
// case-insensitive. The grammar is in docs/asm.md.
#pragma once

#include <cstddef>
#include <string_view>

#include "ptosim/asm/block.hpp"
#include "ptosim/asm/status.hpp"
#include "ptosim/core/arch.hpp"

namespace ptosim::linx {

struct AsmOptions {
    Arch arch = Arch::A5;         // profile for the element-type rules
    std::size_t max_errors = 50;  // stop collecting diagnostics after this many
};

// Parse a whole text. Every diagnostic has line and col; parsing continues after an error at the next line
// (the block with the error is dropped), so one run reports all independent errors. Never throws.
Result<Program> parse(std::string_view text, const AsmOptions& opts = {});

}  // namespace ptosim::linx
