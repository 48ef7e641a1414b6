// TINTERLEAVE / TDEINTERLEAVE: bit-exact element shuffles between two (or one) source rows and two
// destination rows (shared semantics.md). Operand order is pto-isa's: destinations first, "1" before "0".
#pragma once

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry points: validate every operand, then run the kernel.
// Per row, s = src0[0], src1[0], src0[1], src1[1], ...; dst0 = s[0, C), dst1 = s[C, 2C).
void tinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0);
// Per row, s = src0 row followed by src1 row; dst0 = even positions of s, dst1 = odd positions.
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0);
// Per row, dst0 = even columns of src, dst1 = odd columns.
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src);
}  // namespace ops

namespace ref {
// Reference kernels; operands must already be valid.
void tinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0);
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0);
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src);
}  // namespace ref

namespace simd {
// Fast kernels (src/kernels/simd/interleave.cpp); bit-identical to the reference kernels.
void tinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0);
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0);
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src);
}  // namespace simd

}  // namespace ptosim
