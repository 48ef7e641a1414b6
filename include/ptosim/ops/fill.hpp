// TEXPANDS: broadcast one scalar into every valid element of a tile (docs/isa/TEXPANDS.md).
#pragma once

#include <cstdint>

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry point. scalar: the bit pattern of one dst element (ptosim::scalar_bits), so that every front
// end hands the kernel the same thing.
void texpands(const TileView& dst, uint64_t scalar);
}  // namespace ops

namespace ref {
void texpands(const TileView& dst, uint64_t scalar);
}  // namespace ref

namespace simd {
void texpands(const TileView& dst, uint64_t scalar);
}  // namespace simd

}  // namespace ptosim
