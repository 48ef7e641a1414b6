// Text from blocks: the folded macro form (default) or raw block-header lines.
//
// The folded form is printed only for a block whose words are canonical (is_canonical); any other block
// prints as raw lines, so that the text always assembles back to the same words.
#pragma once

#include <string>

#include "ptosim/asm/block.hpp"
#include "ptosim/asm/insn.hpp"

namespace ptosim::linx {

struct PrintOptions {
    bool raw = false;  // raw lines for every block
};

std::string print(const Program& p, const PrintOptions& opts = {});
// One block, each line ending in '\n'.
std::string print_block(const Block& b, const PrintOptions& opts = {});
// One raw line (no newline). op is the block's tile operation (nullptr for other blocks): it decides how
// B.DATR[28:27] and B.IOR print.
std::string print_insn(const Insn& insn, const isa::OpInfo* op);
// The folded macro line of a tile-op block (no newline). Precondition: b.op != nullptr.
std::string print_folded(const Block& b);

}  // namespace ptosim::linx
