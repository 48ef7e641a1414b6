// Tile layouts as objects: a shape plus the rule that maps (row, col) to an element offset.
//
// Kernels never recompute offsets per element: they ask a layout for contiguous spans (for_each_row_span) or,
// for row-major tiles, for a row pointer. Plain layouts are one span per row; boxed ("fractal") layouts are
// one span per box.
//
// Box layouts are named like pto-isa: the first letter is the order of the boxes (Z = row-major boxes, N =
// column-major boxes), the second the order inside a box (z = row-major, n = column-major).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ptosim {

struct Layout {
    enum class Kind : uint8_t { RowMajor, ColMajor, Zz, Zn, Nz, Nn };

    Kind kind = Kind::RowMajor;
    int32_t rows = 0;        // physical rows
    int32_t cols = 0;        // physical columns
    int32_t inner_rows = 1;  // box shape; 1x1 for the plain layouts
    int32_t inner_cols = 1;

    static constexpr Layout row_major(int32_t r, int32_t c) { return {Kind::RowMajor, r, c, 1, 1}; }
    static constexpr Layout col_major(int32_t r, int32_t c) { return {Kind::ColMajor, r, c, 1, 1}; }
    static constexpr Layout boxed(Kind k, int32_t r, int32_t c, int32_t ir, int32_t ic) {
        return {k, r, c, ir, ic};
    }

    constexpr bool is_row_major() const { return kind == Kind::RowMajor; }
    constexpr bool is_col_major() const { return kind == Kind::ColMajor; }
    constexpr bool is_boxed() const { return kind != Kind::RowMajor && kind != Kind::ColMajor; }
    constexpr bool boxes_row_major() const { return kind == Kind::Zz || kind == Kind::Zn; }
    constexpr bool inner_row_major() const { return kind == Kind::Zz || kind == Kind::Nz; }

    constexpr std::size_t size() const {
        return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
    }

    // Element offset of (r, c).
    constexpr std::size_t offset(int64_t r, int64_t c) const {
        switch (kind) {
            case Kind::RowMajor:
                return static_cast<std::size_t>(r * cols + c);
            case Kind::ColMajor:
                return static_cast<std::size_t>(c * rows + r);
            default:
                break;
        }
        const int64_t br = r / inner_rows, ir = r % inner_rows;
        const int64_t bc = c / inner_cols, ic = c % inner_cols;
        const int64_t box = int64_t{inner_rows} * inner_cols;
        // A row of boxes spans all the columns (Z), a column of boxes all the rows (N), also when the tile
        // has fewer rows than a box (pto-isa allows it for a one-row cube tile and for Vec tiles).
        const int64_t outer = boxes_row_major() ? br * int64_t{cols} * inner_rows + bc * box
                                                : bc * int64_t{rows} * inner_cols + br * box;
        const int64_t inner = inner_row_major() ? ir * inner_cols + ic : ic * inner_rows + ir;
        return static_cast<std::size_t>(outer + inner);
    }

    // Distance in elements between (r, c) and (r, c + 1) inside one span.
    constexpr int64_t row_step() const {
        switch (kind) {
            case Kind::RowMajor:
                return 1;
            case Kind::ColMajor:
                return rows;
            default:
                return inner_row_major() ? 1 : inner_rows;
        }
    }
    // Distance in elements between (r, c) and (r + 1, c) inside one span.
    constexpr int64_t col_step() const {
        switch (kind) {
            case Kind::RowMajor:
                return cols;
            case Kind::ColMajor:
                return 1;
            default:
                return inner_row_major() ? inner_cols : 1;
        }
    }

    // Calls f(offset, first_col, count, step) for the pieces of row r over columns [c0, c0 + n): inside a
    // piece, element k sits at offset + k * step.
    template <typename F>
    constexpr void for_each_row_span(int32_t r, int32_t c0, int32_t n, F&& f) const {
        if (n <= 0)
            return;
        if (!is_boxed()) {
            f(offset(r, c0), c0, n, row_step());
            return;
        }
        const int32_t end = c0 + n;
        for (int32_t c = c0; c < end;) {
            const int32_t box_end = (c / inner_cols + 1) * inner_cols;
            const int32_t stop = box_end < end ? box_end : end;
            f(offset(r, c), c, stop - c, row_step());
            c = stop;
        }
    }

    // Calls f(offset, first_row, count, step) for the pieces of column c over rows [r0, r0 + n).
    template <typename F>
    constexpr void for_each_col_span(int32_t c, int32_t r0, int32_t n, F&& f) const {
        if (n <= 0)
            return;
        if (!is_boxed()) {
            f(offset(r0, c), r0, n, col_step());
            return;
        }
        const int32_t end = r0 + n;
        for (int32_t r = r0; r < end;) {
            const int32_t box_end = (r / inner_rows + 1) * inner_rows;
            const int32_t stop = box_end < end ? box_end : end;
            f(offset(r, c), r, stop - r, col_step());
            r = stop;
        }
    }

    friend constexpr bool operator==(const Layout&, const Layout&) = default;
};

// A tile's layout from pto-isa's tile configuration: BLayout (row- or column-major), SLayout (0 NoneBox, 1
// RowMajor, 2 ColMajor: the order inside a box; NoneBox: not boxed) and the fractal size (512: 32-byte-wide
// boxes of 16 rows or 16 columns; 1024: 16 x 16 boxes; 32: the MX scales' 16 x 2 / 2 x 16 boxes). The C++
// Tile and the PTO-AS module form both take their layout from here.
constexpr Layout tile_layout(bool row_major, int slayout, int fractal, int32_t rows, int32_t cols,
                             int32_t elem_size) {
    if (slayout == 0)
        return row_major ? Layout::row_major(rows, cols) : Layout::col_major(rows, cols);
    const bool inner_row_major = slayout == 1;
    int32_t ir = 16, ic = 16;
    if (fractal == 32) {
        ir = inner_row_major ? 16 : 2;
        ic = inner_row_major ? 2 : 16;
    } else if (fractal != 1024) {
        ir = inner_row_major ? 16 : 32 / elem_size;
        ic = inner_row_major ? 32 / elem_size : 16;
    }
    const Layout::Kind k = row_major ? (inner_row_major ? Layout::Kind::Zz : Layout::Kind::Zn)
                                     : (inner_row_major ? Layout::Kind::Nz : Layout::Kind::Nn);
    return Layout::boxed(k, rows, cols, ir, ic);
}

std::string_view layout_kind_name(Layout::Kind k);

}  // namespace ptosim
