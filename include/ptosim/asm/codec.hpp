// The binary side: bytes <-> instruction words <-> blocks.
//
// A program is a little-endian stream of 16- and 32-bit instructions, 16-bit aligned; bit 0 of the first
// half-word says which (encoding.md §1). Hex text lists one instruction per token: 4 hex digits for a 16-bit
// instruction, 8 for a 32-bit one.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/asm/block.hpp"
#include "ptosim/asm/insn.hpp"
#include "ptosim/asm/status.hpp"
#include "ptosim/core/arch.hpp"

namespace ptosim::linx {

struct DecodeOptions {
    Arch arch = Arch::A5;  // profile for the element-type rules
};

// Split a byte stream into instruction words.
Result<std::vector<Word>> split_words(std::span<const uint8_t> bytes);

// Decode words into blocks. Stops at the first error. locs (optional, one per word) gives text positions for
// the diagnostics of hex input; otherwise a diagnostic carries the byte offset and word index.
Result<Program> decode(std::span<const Word> words, const DecodeOptions& opts = {},
                       std::span<const Loc> locs = {});
Result<Program> decode_bytes(std::span<const uint8_t> bytes, const DecodeOptions& opts = {});

std::vector<Word> encode(const Block& b);
std::vector<Word> encode(const Program& p);

std::vector<uint8_t> to_bytes(std::span<const Word> words);
// One word per line: 8 lower-case hex digits for a 32-bit word, 4 for a 16-bit one.
std::string to_hex(std::span<const Word> words);

struct HexWords {
    std::vector<Word> words;
    std::vector<Loc> locs;  // line:col of each token
};
// Parse hex words (whitespace or commas between them, optional 0x, # and // comments).
Result<HexWords> parse_hex(std::string_view text);

}  // namespace ptosim::linx
