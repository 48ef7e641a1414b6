// The element-wise instructions whose operands differ in element type, with kernels of their own.
#pragma once

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// TADDDEQRELU: dst (half) = ReLU(float(src0 + src1) * scale), src0 and src1 int32_t (the sum wraps), the
// product rounded to float, then converted to half saturating at 65504 (round to nearest even).
void tadddeqrelu(const TileView& dst, const TileView& src0, const TileView& src1, float scale);
}  // namespace ops

namespace ref {
void tadddeqrelu(const TileView& dst, const TileView& src0, const TileView& src1, float scale);
}  // namespace ref

}  // namespace ptosim
