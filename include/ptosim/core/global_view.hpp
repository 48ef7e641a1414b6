// The run-time view of a tensor in global memory: pointer, element type, five extents and five strides (in
// elements), and how tile rows and columns map onto the five dimensions.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptosim/core/dtype.hpp"

namespace ptosim {

enum class GlobalLayout : uint8_t {
    ND,  // tile row -> dims 0..3 (dim 3 fastest), tile column -> dim 4
    DN,  // tile row -> dim 3, tile column -> dims 0, 1, 2, 4 (dim 4 fastest)
    NZ,  // the cube's fractal order: tile row -> dims 2, 3 (16-row blocks), tile column -> dims 0, 1, 4
         // (C0-wide column blocks, dim 4 fastest)
};

struct GlobalView {
    std::byte* data = nullptr;
    DType dtype = DType::U8;
    int64_t shape[5] = {1, 1, 1, 1, 1};
    int64_t stride[5] = {1, 1, 1, 1, 1};
    GlobalLayout layout = GlobalLayout::ND;

    // Rows and columns of the 2-D matrix this tensor presents to a tile.
    int64_t rows() const {
        switch (layout) {
            case GlobalLayout::ND:
                return shape[0] * shape[1] * shape[2] * shape[3];
            case GlobalLayout::DN:
                return shape[3];
            default:
                return shape[2] * shape[3];
        }
    }
    int64_t cols() const {
        switch (layout) {
            case GlobalLayout::ND:
                return shape[4];
            case GlobalLayout::DN:
                return shape[0] * shape[1] * shape[2] * shape[4];
            default:
                return shape[0] * shape[1] * shape[4];
        }
    }

    // Element offset of the matrix position (r, c).
    int64_t offset(int64_t r, int64_t c) const {
        int64_t i[5];
        if (layout == GlobalLayout::ND) {
            i[4] = c;
            i[3] = r % shape[3];
            r /= shape[3];
            i[2] = r % shape[2];
            r /= shape[2];
            i[1] = r % shape[1];
            i[0] = r / shape[1];
        } else if (layout == GlobalLayout::DN) {
            i[3] = r;
            i[4] = c % shape[4];
            c /= shape[4];
            i[2] = c % shape[2];
            c /= shape[2];
            i[1] = c % shape[1];
            i[0] = c / shape[1];
        } else {
            i[3] = r % shape[3];
            i[2] = r / shape[3];
            i[4] = c % shape[4];
            c /= shape[4];
            i[1] = c % shape[1];
            i[0] = c / shape[1];
        }
        return i[0] * stride[0] + i[1] * stride[1] + i[2] * stride[2] + i[3] * stride[3] + i[4] * stride[4];
    }
    // Distance in elements between matrix positions (r, c) and (r, c + 1) when both lie in the same run of
    // the fastest column dimension, and between (r, c) and (r + 1, c) in the same run of the fastest row
    // dimension.
    int64_t col_step() const { return stride[4]; }
    int64_t row_step() const { return stride[3]; }
    // Length of the run of columns starting at column c that share one outer index (the fastest column dim).
    int64_t col_run(int64_t c) const {
        return layout == GlobalLayout::ND ? shape[4] - c : shape[4] - c % shape[4];
    }
    // Length of the run of rows starting at row r that share one outer index (the fastest row dim).
    int64_t row_run(int64_t r) const {
        return layout == GlobalLayout::DN ? shape[3] - r : shape[3] - r % shape[3];
    }
};

}  // namespace ptosim
