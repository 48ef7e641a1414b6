// TPRINT: the text pto-isa's device code prints for a tile or a global tensor (docs/isa/TPRINT.md).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string_view>

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::ops {

// pto-isa's PrintFormat: field width and, for floating-point values, digits after the point.
enum class PrintStyle : uint8_t { Width8Precision4 = 0, Width8Precision2 = 1, Width10Precision6 = 2 };

// Every element of the tile's physical shape, row by row in logical (row, column) order; a '|' after the last
// valid column and a row of dashes after the last valid row. `tile_type` names the TileType ("Vec", ...).
void print_tile(std::FILE* out, const TileView& tile, PrintStyle style, std::string_view tile_type);

// Every element of the tensor: ND and DN as a 2-D matrix (dims 3 x 4) per batch (dims 0..2), NZ as its
// logical matrix. The tensor is checked like TLOAD's source before anything is read.
void print_global(std::FILE* out, const GlobalView& g, PrintStyle style);

// The same two, written to std::cout: pto-isa's CPU simulation prints there, and its tests capture std::cout
// (its rdbuf) to check the text.
void print_tile_to_cout(const TileView& tile, PrintStyle style, std::string_view tile_type);
void print_global_to_cout(const GlobalView& g, PrintStyle style);

// TPRINT's copy of a Mat or Acc tile to its tmp tensor: the tile's Rows x Cols elements in logical order,
// row-major from tmp's address (checked like TSTORE's destination).
void print_copy(const GlobalView& tmp, const TileView& tile);

}  // namespace ptosim::ops
