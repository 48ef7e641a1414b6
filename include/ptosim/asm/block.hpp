// A decoded Linx block: what the ISA model executes, free of text concerns.
//
// A block is one BSTART and the header words that follow it up to BSTOP (or the next BSTART, or the end of
// the program). Block keeps both views: the meaning (operation, types, attributes, loop bounds, tiles,
// scalars), which the ISA model reads, and the exact words (insns), so that words -> decode -> encode
// reproduces every accepted input bit for bit. lower() gives the canonical words of a meaning; a block whose
// words are the canonical ones prints in the folded macro form, any other prints as raw lines.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "ptosim/asm/insn.hpp"
#include "ptosim/asm/status.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/isa/table.hpp"

namespace ptosim::linx {

// A loop-bound register write: LBx = low 16 bits of (GPR[reg] + imm). reg 0 is `zero`.
struct LoopBound {
    uint8_t reg = 0;
    uint32_t imm = 0;  // uimm17
    bool operator==(const LoopBound&) const = default;
};

// Loop-bound roles of a tile operation: LB0 = ValidCol, LB1 = ValidRow, LB2 = Col (row stride in elements).
enum LoopBoundRole : uint8_t { kValidCol = 0, kValidRow = 1, kCol = 2 };

struct Block {
    const isa::OpInfo* op = nullptr;  // BSTART.TEPL blocks; nullptr for the other BSTART forms
    DType type = DType::F64;          // BSTART DataType (source type)
    std::optional<Datr> datr;         // the B.DATR word, when the block has one
    std::array<std::optional<LoopBound>, 3> lb;
    std::vector<TileRef> srcs;     // source tiles, operand order
    std::vector<TileDst> dsts;     // destination tiles, operand order
    std::vector<uint8_t> scalars;  // scalar register codes (B.IOR sources), op->scalars of them
    std::vector<Insn> insns;       // the block's words, BSTART first (and its stop last, if it has one)
    Loc loc;                       // where the block starts

    const Insn& start() const { return insns.front(); }
    // Element type of the destination: B.DATR DataType, else the BSTART type.
    DType dst_type() const { return datr ? datr->type : type; }
    // PadValue of the destination; Null when there is no B.DATR. nullopt for THISTOGRAM (the bits hold
    // ByteId).
    std::optional<LinxPad> pad() const;
    // THISTOGRAM's byte selector 0..3, else -1.
    int byte_id() const;
    // TCMP/TCMPS compare mode (Linx numbering), else nullopt.
    std::optional<LinxCmp> cmp() const;
    RMode rmode() const { return datr ? static_cast<RMode>(datr->rmode) : RMode::Default; }
    bool sat() const { return datr && datr->sat; }
};

using Program = std::vector<Block>;

// Analyse the words of one block (BSTART first; a stop, if any, last): fill in the meaning and check the
// ordering rules, the op's operand schema and its element-type rules for the profile. On failure *where (if
// given) is the index of the offending word.
Expected<Block> make_block(std::span<const Insn> insns, Arch arch, std::size_t* where = nullptr);

// The canonical words of a block's meaning (tile-op blocks): BSTART.TEPL, B.DATR (when present), B.DIM for
// each present LB in order LB0, LB1, LB2 (32-bit form), B.IOT words (sources two per word in order,
// destinations on the trailing words, one each; the final word marked last), B.IOR after them, then BSTOP.
// For a block of another BSTART form the words are returned unchanged.
std::vector<Insn> lower(const Block& b);

// True when the block's words are lower() of its meaning (so the folded form reproduces them).
bool is_canonical(const Block& b);

}  // namespace ptosim::linx
