// TLOAD / TSTORE: move the valid region of a tile between global memory and the tile.
#pragma once

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// What TLOAD writes into the part of the tile outside the valid region (C++ PadValue numbering).
enum class Pad : uint8_t { Null = 0, Zero = 1, Max = 2, Min = 3 };

namespace ops {
// Checked entry points: validate the operands (ptosim::check), then run the selected kernel.
void tload(const TileView& dst, const GlobalView& src, Pad pad = Pad::Null);
void tstore(const GlobalView& dst, const TileView& src);
}  // namespace ops

namespace ref {
// Element-by-element reference kernels; operands must already be valid.
void tload(const TileView& dst, const GlobalView& src, Pad pad);
void tstore(const GlobalView& dst, const TileView& src);
}  // namespace ref

namespace simd {
// Span-copy kernels: one memcpy per contiguous run of the valid region.
void tload(const TileView& dst, const GlobalView& src, Pad pad);
void tstore(const GlobalView& dst, const TileView& src);
}  // namespace simd

}  // namespace ptosim
