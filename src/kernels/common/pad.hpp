// The bytes of a TLOAD pad value for an element type, and nibble access for the 4-bit types.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptosim/core/dtype.hpp"
#include "ptosim/ops/memory.hpp"

namespace ptosim::kernels {

// Element i of an array of a 4-bit type: the low nibble of byte i / 2 when i is even, the high nibble when
// odd.
inline uint8_t get_nibble(const std::byte* base, std::size_t i) {
    return static_cast<uint8_t>((static_cast<unsigned>(base[i / 2]) >> ((i % 2) * 4)) & 0xFu);
}
inline void set_nibble(std::byte* base, std::size_t i, uint8_t code) {
    const unsigned shift = (i % 2) * 4;
    const unsigned kept = static_cast<unsigned>(base[i / 2]) & ~(0xFu << shift);
    base[i / 2] = static_cast<std::byte>(kept | ((code & 0xFu) << shift));
}

// Writes dtype_size(t) bytes: 0 for Zero/Null, +inf (floats) or the largest value (integers) for Max, -inf or
// the lowest value for Min.
void pad_value_bytes(DType t, Pad pad, std::byte* out);

// Fill every element of the tile outside its valid region with the pad value (nothing for Pad::Null).
void fill_outside_valid(const TileView& t, Pad pad);

}  // namespace ptosim::kernels
