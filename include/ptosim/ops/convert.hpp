// TCVT: element-type conversion of a tile (docs/isa/TCVT.md; the element rules: ptosim/core/convert.hpp).
#pragma once

#include "ptosim/core/convert.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry point: dst(r, c) = convert(src(r, c)) over dst's valid region, which src's valid region must
// cover. The mode and saturation are pto-isa's (the pair's defaults applied here); canon: a NaN result
// becomes the destination's canonical quiet NaN. Tiles of any plain layout (row- or column-major); dst may be
// src itself when both have one element size and layout, and must not overlap it otherwise.
void tcvt(const TileView& dst, const TileView& src, convert::RoundMode mode,
          convert::SatMode sat = convert::SatMode::Default, bool canon = false);
}  // namespace ops

// The kernels take the resolved rounding direction and saturation; operands must already be valid.
namespace ref {
void tcvt(const TileView& dst, const TileView& src, convert::Rounding r, convert::Saturation sat, bool canon);
}  // namespace ref

namespace simd {
// False when there is no fast kernel for the pair, direction or layout (the reference kernel runs).
bool tcvt(const TileView& dst, const TileView& src, convert::Rounding r, convert::Saturation sat, bool canon);
}  // namespace simd

}  // namespace ptosim
