// Checked TLOAD / TSTORE.
#include "ptosim/ops/memory.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

void check_global(const TileView& tile, const GlobalView& g, const char* instr) {
    validate::tile(tile, instr, "tile");
    validate::global(g, instr, "global tensor");
    PTOSIM_CHECK(dtype_size(g.dtype) == tile.elem_size(), instr,
                 "tile and global tensor element sizes must match", {"tile", dtype_cpp_name(tile.dtype)},
                 {"global", dtype_cpp_name(g.dtype)});
    // The global view may be larger than the region moved (dst[r0 + i, c0 + j] = src[i, j]); a smaller one
    // would make the transfer reach past it.
    PTOSIM_CHECK(
        g.rows() >= tile.valid_rows && g.cols() >= tile.valid_cols, instr,
        g.layout == GlobalLayout::ND
            ? "global shape must hold the tile's valid shape (ND: dims 0..3 = rows, dim 4 = columns)"
        : g.layout == GlobalLayout::DN
            ? "global shape must hold the tile's valid shape (DN: dim 3 = rows, dims 0,1,2,4 = columns)"
            : "global shape must hold the tile's valid shape (NZ: dims 2,3 = rows, dims 0,1,4 = columns)",
        {"global.rows", g.rows()}, {"global.cols", g.cols()}, {"tile.validRow", tile.valid_rows},
        {"tile.validCol", tile.valid_cols});
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    check_global(dst, src, "TLOAD");
    if (pad != Pad::Null)
        validate::whole_tile(dst, "TLOAD", "tile");  // the pad value fills the rest of the tile
    if (active_backend() == Backend::Ref) {
        ref::tload(dst, src, pad);
    } else {
        simd::tload(dst, src, pad);
    }
}

void tstore(const GlobalView& dst, const TileView& src) {
    check_global(src, dst, "TSTORE");
    if (active_backend() == Backend::Ref) {
        ref::tstore(dst, src);
    } else {
        simd::tstore(dst, src);
    }
}

}  // namespace ptosim::ops
