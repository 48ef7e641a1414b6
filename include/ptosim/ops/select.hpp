// TSEL: per-element choice between two tiles under a packed predicate mask (docs/isa/TSEL.md). The mask has
// TCMP's layout: the bit of (r, c) is bit (c mod W) of word floor(c / W) of mask row r, least-significant bit
// first, W = 8 for a uint8_t mask and 32 for a uint32_t mask.
#pragma once

#include <cstdint>

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// Checked entry point: dst[r, c] = bit(mask, r, c) ? src0[r, c] : src1[r, c] over dst's valid region. dst may
// be src0 or src1 itself (the same tile); any other overlap is an error.
void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1);
// TSELS: dst[r, c] = bit(mask, r, c) ? src[r, c] : scalar (the bits of one element).
void tsels(const TileView& dst, const TileView& mask, const TileView& src, uint64_t scalar);
}  // namespace ops

namespace ref {
void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1);
void tsels(const TileView& dst, const TileView& mask, const TileView& src, uint64_t scalar);
}  // namespace ref

namespace simd {
void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1);
}  // namespace simd

}  // namespace ptosim
