// Operand checks shared by the checked entry points (ptosim::ops).
#pragma once

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

}  // namespace ptosim::validate
