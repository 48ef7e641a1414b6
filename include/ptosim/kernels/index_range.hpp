// The vectorised index scan that MSCATTER and MGATHER run before every access whose out-of-bounds policy is
// "undefined", and TGATHER / TSCATTER before every index form: one min/max reduction over the index tile, so
// that the common case (every index inside the table) costs little next to the scatter or gather itself.
#pragma once

#include <cstdint>

#include "ptosim/core/tile_view.hpp"

namespace ptosim::simd {
// The smallest and largest index in idx's valid region (16- or 32-bit, signed or unsigned; at least one
// element).
void index_range(const TileView& idx, int64_t& lo, int64_t& hi);
}  // namespace ptosim::simd
