// Operand checks shared by the checked entry points (ptosim::ops).
#pragma once

#include <cstdint>
#include <string_view>

#include "ptosim/core/check.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::validate {

// A tile view is usable: it has storage, a positive physical shape and a valid region inside it.
inline void tile(const TileView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(t.data != nullptr, instr, "tile has no storage", {"operand", operand});
    PTOSIM_CHECK(t.layout.rows > 0 && t.layout.cols > 0, instr, "tile shape must be positive",
                 {"operand", operand}, {"Rows", t.layout.rows}, {"Cols", t.layout.cols});
    PTOSIM_CHECK(t.valid_rows >= 0 && t.valid_rows <= t.layout.rows, instr, "valid rows must be in 0..Rows",
                 {"operand", operand}, {"validRow", t.valid_rows}, {"Rows", t.layout.rows});
    PTOSIM_CHECK(t.valid_cols >= 0 && t.valid_cols <= t.layout.cols, instr,
                 "valid columns must be in 0..Cols", {"operand", operand}, {"validCol", t.valid_cols},
                 {"Cols", t.layout.cols});
}

// The tile is row-major: the vector instructions walk whole rows.
inline void row_major(const TileView& t, const char* instr, const char* operand) {
    PTOSIM_CHECK(t.layout.is_row_major(), instr, "tile must be row-major", {"operand", operand},
                 {"layout", layout_kind_name(t.layout.kind)});
}

// The storage of two tiles (their whole physical extents) does not overlap: a destination that overlaps
// another operand would make the result depend on the order in which elements are visited.
inline void disjoint(const TileView& a, const char* a_name, const TileView& b, const char* b_name,
                     const char* instr) {
    const auto a0 = reinterpret_cast<std::uintptr_t>(a.data), b0 = reinterpret_cast<std::uintptr_t>(b.data);
    const bool overlap = a0 < b0 + b.bytes() && b0 < a0 + a.bytes();
    PTOSIM_CHECK(!overlap, instr, "a destination tile must not overlap another operand", {"dst", a_name},
                 {"other", b_name});
}

}  // namespace ptosim::validate
