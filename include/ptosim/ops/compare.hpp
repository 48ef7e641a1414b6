// TCMP / TCMPS: compare a tile with a tile or with a scalar and write a packed predicate mask (shared
// semantics.md): bit (c mod W) of word floor(c / W) of dst row r, least-significant bit first, W = 8 for a
// uint8_t mask and 32 for a uint32_t mask.
#pragma once

#include <cstdint>

#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry points: validate every operand, then run the kernel. The whole destination tile (every
// physical element) is zeroed before the mask bits are written.
void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
// scalar: the bits of one src0 element (scalar_bits).
void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode);
// The tile form: compares with src1[0, 0].
void tcmps(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
}  // namespace ops

namespace ref {
// Reference kernels; operands must already be valid.
void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode);
}  // namespace ref

namespace simd {
// Fast kernels (src/kernels/simd/compare.cpp); bit-identical to the reference kernels.
void tcmp(const TileView& dst, const TileView& src0, const TileView& src1, CmpMode mode);
void tcmps(const TileView& dst, const TileView& src0, uint64_t scalar, CmpMode mode);
}  // namespace simd

}  // namespace ptosim
