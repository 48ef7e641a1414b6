// The bytes of a TLOAD pad value for an element type.
#pragma once

#include <cstddef>

#include "ptosim/core/dtype.hpp"
#include "ptosim/ops/memory.hpp"

namespace ptosim::kernels {

// Writes dtype_size(t) bytes: 0 for Zero/Null, +inf (floats) or the largest value (integers) for Max, -inf or
// the lowest value for Min.
void pad_value_bytes(DType t, Pad pad, std::byte* out);

// Fill every element of the tile outside its valid region with the pad value (nothing for Pad::Null).
void fill_outside_valid(const TileView& t, Pad pad);

}  // namespace ptosim::kernels
