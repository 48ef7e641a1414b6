// The run-time view of a tile that every kernel works from: base pointer, element type, layout (physical
// shape) and valid region. The C++ intrinsics build one from a pto::Tile; the ISA model builds one from a
// tile register.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptosim/core/dtype.hpp"
#include "ptosim/core/layout.hpp"

namespace ptosim {

struct TileView {
    std::byte* data = nullptr;
    DType dtype = DType::U8;
    Layout layout;
    int32_t valid_rows = 0;
    int32_t valid_cols = 0;
    // Bytes addressable from `data` (to the end of the buffer the tile is bound to). A tile whose physical
    // shape runs past its buffer (a window of a larger tile) may only touch its valid region.
    std::size_t capacity = SIZE_MAX;

    std::size_t elem_size() const { return dtype_size(dtype); }
    std::size_t bytes() const { return dtype_bytes(dtype, layout.size()); }
    // Bytes from `data` to the end of the last valid element: in every layout that element has the highest
    // offset of the valid region.
    std::size_t valid_bytes() const {
        if (valid_rows <= 0 || valid_cols <= 0)
            return 0;
        return dtype_bytes(dtype, layout.offset(valid_rows - 1, valid_cols - 1) + 1);
    }
    int32_t rows() const { return layout.rows; }
    int32_t cols() const { return layout.cols; }

    template <typename T>
    T* ptr() const {
        return reinterpret_cast<T*>(data);
    }
    // Row r of a row-major tile (the layout every vector instruction uses).
    template <typename T>
    T* row(int64_t r) const {
        return reinterpret_cast<T*>(data) + r * layout.cols;
    }
    std::byte* at(int64_t r, int64_t c) const { return data + layout.offset(r, c) * elem_size(); }

    // The same tile restricted to rows [r0, r0 + n) of its valid region; for splitting work across threads.
    // Supported for row- and column-major layouts (the offsets of the remaining rows are unchanged).
    TileView slice_rows(int32_t r0, int32_t n) const {
        TileView v = *this;
        if (layout.is_row_major()) {
            v.data = data + static_cast<std::size_t>(r0) * layout.cols * elem_size();
        } else {
            v.data = data + static_cast<std::size_t>(r0) * elem_size();
        }
        v.valid_rows = n;
        return v;
    }
};

}  // namespace ptosim
