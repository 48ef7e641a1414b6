// Reference TINTERLEAVE / TDEINTERLEAVE, written as the stream definitions of shared semantics.md. Elements
// are moved as raw bytes, so NaN payloads and signed zeros pass through untouched.
#include <cstring>

#include "ptosim/ops/interleave.hpp"

namespace ptosim::ref {

namespace {

// Element (r, c) of a row-major tile.
std::byte* element(const TileView& t, int32_t r, int32_t c) {
    return t.data + (static_cast<std::size_t>(r) * t.cols() + static_cast<std::size_t>(c)) * t.elem_size();
}

void copy_element(const TileView& to, int32_t to_col, const TileView& from, int32_t from_col, int32_t r) {
    std::memcpy(element(to, r, to_col), element(from, r, from_col), to.elem_size());
}

}  // namespace

void tinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    const int32_t n = dst0.valid_cols;
    for (int32_t r = 0; r < dst0.valid_rows; ++r) {
        // Position j of the stream src0[0], src1[0], src0[1], src1[1], ... goes to dst0[j] or dst1[j - n].
        for (int32_t j = 0; j < 2 * n; ++j) {
            const TileView& from = j % 2 == 0 ? src0 : src1;
            if (j < n)
                copy_element(dst0, j, from, j / 2, r);
            else
                copy_element(dst1, j - n, from, j / 2, r);
        }
    }
}

void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    const int32_t n = dst0.valid_cols;
    for (int32_t r = 0; r < dst0.valid_rows; ++r) {
        // Position j of the stream "src0 row, then src1 row" goes to dst0[j / 2] (even j) or dst1[j / 2].
        for (int32_t j = 0; j < 2 * n; ++j) {
            const TileView& to = j % 2 == 0 ? dst0 : dst1;
            if (j < n)
                copy_element(to, j / 2, src0, j, r);
            else
                copy_element(to, j / 2, src1, j - n, r);
        }
    }
}

void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src) {
    for (int32_t r = 0; r < dst0.valid_rows; ++r) {
        for (int32_t k = 0; k < dst0.valid_cols; ++k) {
            copy_element(dst0, k, src, 2 * k, r);
            copy_element(dst1, k, src, 2 * k + 1, r);
        }
    }
}

}  // namespace ptosim::ref
