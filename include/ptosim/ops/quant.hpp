// TQUANT (INT8_SYM / INT8_ASYM) and TDEQUANT: float tiles to int8 / uint8 and integer tiles back to float,
// with a per-row scale and offset (docs/isa/TQUANT.md, docs/isa/TDEQUANT.md).
#pragma once

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry point: dst(r, c) = (float(src(r, c)) - offset(r, 0)) * scale(r, 0) over dst's valid region,
// the subtraction and the product each rounded to float (the devices' vsub then vmul). dst float, src int8 or
// int16 with dst's valid shape, both row-major; scale and offset float tiles of any plain layout ([R, 1]
// column-major as pto-isa's examples load them, or row-major) with dst's valid rows. dst must not overlap any
// other operand.
void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset);

// Checked entry point: dst(r, c) = sat(rint(src(r, c) * scale(r) [+ offset(r)])) over src's valid region; the
// product and the sum each rounded to float, then rounded to the nearest integer (ties to even) and clamped
// to dst's range, NaN giving 0. dst int8_t (INT8_SYM, no offset) or uint8_t (INT8_ASYM, offset required) with
// src's valid shape, src float, both row-major; scale and offset float tiles holding the row's parameter at
// flat element r (column-major [R, 1], as the devices read them) with at least src's valid rows. dst must not
// overlap another operand.
void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset);
}  // namespace ops

// The kernels; operands must already be valid.
namespace ref {
void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset);
void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset);
}  // namespace ref

namespace simd {
void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset);
void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset);
}  // namespace simd

}  // namespace ptosim
