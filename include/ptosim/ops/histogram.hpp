// THISTOGRAM: per source row, the inclusive prefix counts of one byte of every element that passes the
// cascaded high-byte filter (shared semantics.md).
#pragma once

#include <cstdint>

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// The byte THISTOGRAM counts: Byte0 = bits 7..0 (LSB) ... Byte3 = bits 31..24 (MSB). Same values as
// pto::HistByte and as the Linx B.DATR ByteId field.
enum class HistByte : uint8_t { Byte0 = 0, Byte1 = 1, Byte2 = 2, Byte3 = 3 };

namespace ops {
// Checked entry point: validates every operand, then runs the kernel. For u16 BYTE_1 and u32 BYTE_3 the idx
// tile is a placeholder: it is neither read nor checked.
void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte);
}  // namespace ops

namespace ref {
// Reference kernel; operands must already be valid.
void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte);
}  // namespace ref

namespace simd {
// Fast kernel (src/kernels/simd/histogram.cpp); bit-identical to ref::thistogram.
void thistogram(const TileView& dst, const TileView& src, const TileView& idx, HistByte byte);
}  // namespace simd

}  // namespace ptosim
