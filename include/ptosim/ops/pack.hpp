// TPACK (docs/isa/TPACK.md): each element of a tile narrowed to its low bytes (A5's packing stores), and on
// the CPU profile an integer tile widened.
#pragma once

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace ops {
// For src's valid region (dst's valid shape must equal it; both row-major): when src's element is wider,
// dst(r, c) = the low dtype_size(dst) bytes of src(r, c) (A5: 4 -> 2, 4 -> 1 or 2 -> 1 bytes, whatever the
// types); when dst's is wider (the CPU profile's integer pairs), src(r, c) sign- or zero-extended by src's
// signedness.
void tpack(const TileView& dst, const TileView& src);
}  // namespace ops

namespace ref {
void tpack(const TileView& dst, const TileView& src);
}  // namespace ref

}  // namespace ptosim
