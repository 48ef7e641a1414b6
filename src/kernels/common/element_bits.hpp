// One element's bits at an element offset of a tile, for every element type (a 4-bit element: its nibble in
// the low bits). The reference kernels that convert between types read and write through these.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "ptosim/core/tile_view.hpp"

static_assert(std::endian::native == std::endian::little, "element bits are the low bytes");

namespace ptosim::kernels {

inline uint64_t load_bits(const TileView& t, std::size_t i) {
    if (dtype_is_twin(t.dtype)) {
        const auto byte = std::to_integer<uint8_t>(t.data[i / 2]);
        return (byte >> ((i % 2) * 4)) & 0xFu;
    }
    uint64_t v = 0;
    std::memcpy(&v, t.data + i * t.elem_size(), t.elem_size());
    return v;
}

inline void store_bits(const TileView& t, std::size_t i, uint64_t v) {
    if (dtype_is_twin(t.dtype)) {
        std::byte& b = t.data[i / 2];
        const unsigned shift = (i % 2) * 4;
        b = (b & std::byte(~(0xFu << shift))) | std::byte((v & 0xFu) << shift);
        return;
    }
    std::memcpy(t.data + i * t.elem_size(), &v, t.elem_size());
}

}  // namespace ptosim::kernels
