// Input data of tiles, and tiles as readable tables: what `.tile`/`.arg` directives and `--dump` produce.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/machine/machine.hpp"
#include "ptosim/pto_as/ast.hpp"

namespace ptosim::machine {

// The bytes of `count` elements of type t, row-major, little-endian, made as the spec says (docs/machine.md):
//   zero; fill V; iota START STEP (element i = START + i * STEP); values V0, V1, ... (the rest zero);
//   random seed=N [min=A] [max=B] (SplitMix64; integers uniform in [A, B], default the type's range; floats
//   uniform in [A, B), default [-100, 100), rounded to the type); file=PATH (exactly count elements; a
//   relative PATH is relative to base_dir).
// On failure *status and *why say why.
std::optional<std::vector<std::byte>> make_data(const pto_as::DataSpec& spec, DType t, std::size_t count,
                                                const std::string& base_dir, pto_as::Status* status,
                                                std::string* why);

// One element as text: decimal (signed for S types), shortest round-trip for floats; hex = the bit pattern.
std::string format_element(const std::byte* p, DType t, bool hex);

struct DumpOptions {
    std::optional<pto_as::Region> region;  // default: the valid region
    bool hex = false;
};

// A table of an entry's valid region (16 elements per line, each line prefixed with [row, col]), after a
// header: "T#1: U32 4x256, valid 4x256, 4KB, written by block 0".
std::string format_tile(std::string_view name, const Entry& e, const DumpOptions& opts);

}  // namespace ptosim::machine
