// TPREFETCH: a hint that global data will be loaded soon, with the tile as the device's scratch buffer
// (docs/isa/TPREFETCH.md).
#pragma once

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::ops {

// Reads the global tensor (checked like TLOAD's source) and overwrites the start of the tile as pto-isa's
// device code does: each 2-D slice (dims 3 x 4) packed row after row, in chunks of at most the tile's shape
// when a slice is larger; the tile ends up holding the last chunk. Kernels must not rely on the contents.
void tprefetch(const TileView& scratch, const GlobalView& src);

// pto-isa's CPU simulation also takes a tile as the source: the valid region of dst is copied from src at
// the same positions (row-major tiles of one element type; src's valid region must hold dst's).
void tprefetch(const TileView& dst, const TileView& src);

}  // namespace ptosim::ops
