// TPARTARGMAX / TPARTARGMIN: partial element-wise max (min) of two value tiles that carries each value's
// index along (docs/isa/TPARTARGMAX.md).
#pragma once

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {

enum class ArgPick : uint8_t { Max, Min };
// Which source an unordered pair (a NaN on either side) takes: A5 compares src1 > src0 (src1 < src0) and so
// keeps src0; A2A3 compares src0 >= src1 (src0 <= src1) and so takes src1.
enum class Unordered : uint8_t { Src0, Src1 };

// Checked entry point. Values are half or float, indices int16/uint16 (half values only) or int32/uint32;
// each index tile has its value tile's valid shape. One value source has dst's valid shape, the other fits
// inside it; on the common region dst takes src1's value and index when src1's value is strictly larger
// (Max) or smaller (Min), else src0's (ties to src0); elsewhere the larger source's. Row-major tiles; a
// destination may be the larger source of its kind itself and must not overlap any other operand.
void tpartarg(ArgPick pick, const TileView& dst_val, const TileView& dst_idx, const TileView& src0_val,
              const TileView& src1_val, const TileView& src0_idx, const TileView& src1_idx,
              Unordered unordered = Unordered::Src0);

}  // namespace ops

namespace ref {
// The reference kernel; operands must already be valid. big: 0 when src0 has dst's valid shape, else 1.
void tpartarg(ops::ArgPick pick, ops::Unordered unordered, int big, const TileView& dst_val,
              const TileView& dst_idx, const TileView& src0_val, const TileView& src1_val,
              const TileView& src0_idx, const TileView& src1_idx);
}  // namespace ref

}  // namespace ptosim
