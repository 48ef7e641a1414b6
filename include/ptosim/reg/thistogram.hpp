// THISTOGRAM composed of AscendC register operations only, the way the A5 vector unit runs it; a second
// implementation of the tile instruction beside ref::thistogram, proving the register layer can express it.
// The walk-through is in docs/reg/Histograms.md.
#pragma once

#include "ptosim/core/tile_view.hpp"
#include "ptosim/ops/histogram.hpp"

namespace ptosim::reg {

// Bit-identical to ref::thistogram for every operand set ops::thistogram accepts, with one more precondition
// the hardware's algorithm brings: the source is read in whole chunks of 256 elements (512 bytes of a
// uint16_t row, 1024 of a uint32_t row), also past the last valid column, so the source must lie in the
// simulated Unified Buffer and each row's last chunk must end inside it (a failed check otherwise; the tail
// is masked, so what lies there never matters). Operands are not validated beyond that: run ops::thistogram's
// checks first.
void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte);

}  // namespace ptosim::reg
