// The run-time view of a tensor in global memory: pointer, element type, five extents and five strides (in
// elements), and how tile rows and columns map onto the five dimensions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <utility>

#include "ptosim/core/dtype.hpp"

namespace ptosim {

enum class GlobalLayout : uint8_t {
    ND,  // tile row -> dims 0..3 (dim 3 fastest), tile column -> dim 4
    DN,  // tile row -> dim 3, tile column -> dims 0, 1, 2, 4 (dim 4 fastest)
    NZ,  // the cube's fractal order: tile row -> dims 2, 3 (16-row blocks), tile column -> dims 0, 1, 4
         // (C0-wide column blocks, dim 4 fastest)
    // The MX scale layouts (pto-isa's Layout::MX_*): a matrix of E8M0 block scales, read through dims 1..4
    // (dim 0's index is always 0). "A" layouts pair adjacent columns, "B" layouts adjacent rows.
    MX_A_ZZ,  // 16 x 2 boxes, row-major inside and between: r -> dims 1 (r / 16), 3; c -> dims 2 (c / 2), 4
    MX_A_ND,  // row-major: r -> dim 2; c -> dims 3 (c / 2), 4
    MX_A_DN,  // column pairs, column-major: r -> dim 3; c -> dims 2 (c / 2), 4
    MX_B_NN,  // 2 x 16 boxes, column-major inside and between: c -> dims 1 (c / 16), 3; r -> dims 2 (r / 2),
              // 4
    MX_B_ND,  // row pairs, row-major: r -> dims 2 (r / 2), 4; c -> dim 3
    MX_B_DN,  // column-major: c -> dim 2; r -> dims 3 (r / 2), 4
};

constexpr bool is_mx_layout(GlobalLayout l) {
    return l >= GlobalLayout::MX_A_ZZ && l <= GlobalLayout::MX_B_DN;
}

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
            case GlobalLayout::NZ:
                return shape[2] * shape[3];
            default:
                return mx_rows_cols().first;
        }
    }
    int64_t cols() const {
        switch (layout) {
            case GlobalLayout::ND:
                return shape[4];
            case GlobalLayout::DN:
                return shape[0] * shape[1] * shape[2] * shape[4];
            case GlobalLayout::NZ:
                return shape[0] * shape[1] * shape[4];
            default:
                return mx_rows_cols().second;
        }
    }

    // Element offset of the matrix position (r, c).
    int64_t offset(int64_t r, int64_t c) const {
        if (is_mx_layout(layout))
            return mx_offset(r, c);
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
    // The MX layouts claim runs of one element: they hold a few scales, which no kernel needs to copy fast.
    int64_t col_run(int64_t c) const {
        if (is_mx_layout(layout))
            return 1;
        return layout == GlobalLayout::ND ? shape[4] - c : shape[4] - c % shape[4];
    }
    // Length of the run of rows starting at row r that share one outer index (the fastest row dim).
    int64_t row_run(int64_t r) const {
        if (is_mx_layout(layout))
            return 1;
        return layout == GlobalLayout::DN ? shape[3] - r : shape[3] - r % shape[3];
    }

    // Offsets are separable: offset(r, c) == offset(r, 0) + offset(0, c) in every layout (each of the five
    // dimensions is driven by the row or by the column alone).

    // The same tensor reduced to the part a transfer of rows x cols touches (its first rows and columns), for
    // footprints: each dimension keeps the indices the transfer reaches (a bounding box, exact whenever the
    // rows or columns end on a boundary of the dimensions they run through, as they do in practice). The
    // kernels keep the full view: the dimensions' extents decide how a row index splits.
    GlobalView clipped(int64_t nrows, int64_t ncols) const {
        GlobalView v = *this;
        if (is_mx_layout(layout) || nrows <= 0 || ncols <= 0)
            return v;
        // Indices [0, n) of a mixed-radix number over dims (fastest first) reach in each dim at most
        // min(extent, ceil(n / product of the faster extents)).
        const auto clip = [&](int64_t n, std::initializer_list<int> dims_fastest_first) {
            int64_t below = 1;
            for (const int d : dims_fastest_first) {
                const int64_t need = (n + below - 1) / below;
                below *= shape[d];
                v.shape[d] = need < shape[d] ? need : shape[d];
            }
        };
        if (layout == GlobalLayout::ND) {
            clip(nrows, {3, 2, 1, 0});
            clip(ncols, {4});
        } else if (layout == GlobalLayout::DN) {
            clip(nrows, {3});
            clip(ncols, {4, 2, 1, 0});
        } else {
            clip(nrows, {3, 2});
            clip(ncols, {4, 1, 0});
        }
        return v;
    }

  private:
    // pto-isa's MX index maps (the pairs are MX_COL_LEN = 2 scales, the boxes MX_ROW_LEN = 16 long).
    std::pair<int64_t, int64_t> mx_rows_cols() const {
        switch (layout) {
            case GlobalLayout::MX_A_ZZ:
                return {shape[1] * shape[3], shape[2] * shape[4]};
            case GlobalLayout::MX_A_ND:
                return {shape[2], shape[3] * shape[4]};
            case GlobalLayout::MX_A_DN:
                return {shape[3], shape[2] * shape[4]};
            case GlobalLayout::MX_B_NN:
                return {shape[2] * shape[4], shape[1] * shape[3]};
            case GlobalLayout::MX_B_ND:
                return {shape[2] * shape[4], shape[3]};
            default:  // MX_B_DN
                return {shape[3] * shape[4], shape[2]};
        }
    }
    int64_t mx_offset(int64_t r, int64_t c) const {
        constexpr int64_t kPair = 2, kBox = 16;
        int64_t i1 = 0, i2 = 0, i3 = 0, i4 = 0;
        switch (layout) {
            case GlobalLayout::MX_A_ZZ:
                i1 = r / kBox, i2 = c / kPair, i3 = r % kBox, i4 = c % kPair;
                break;
            case GlobalLayout::MX_A_ND:
                i2 = r, i3 = c / kPair, i4 = c % kPair;
                break;
            case GlobalLayout::MX_A_DN:
                i2 = c / kPair, i3 = r, i4 = c % kPair;
                break;
            case GlobalLayout::MX_B_NN:
                i1 = c / kBox, i2 = r / kPair, i3 = c % kBox, i4 = r % kPair;
                break;
            case GlobalLayout::MX_B_ND:
                i2 = r / kPair, i3 = c, i4 = r % kPair;
                break;
            default:  // MX_B_DN
                i2 = c, i3 = r / kPair, i4 = r % kPair;
                break;
        }
        return i1 * stride[1] + i2 * stride[2] + i3 * stride[3] + i4 * stride[4];
    }
};

}  // namespace ptosim
