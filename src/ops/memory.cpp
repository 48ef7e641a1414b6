// Checked TLOAD / TSTORE.
#include "ptosim/ops/memory.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/kernels/backend.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

constexpr int64_t kMaxExtent = int64_t{1} << 31;

void check_global(const TileView& tile, const GlobalView& g, const char* instr) {
    validate::tile(tile, instr, "tile");
    PTOSIM_CHECK(g.data != nullptr, instr, "global tensor has no address (null pointer)");
    PTOSIM_CHECK(dtype_size(g.dtype) == tile.elem_size(), instr,
                 "tile and global tensor element sizes must match", {"tile", dtype_cpp_name(tile.dtype)},
                 {"global", dtype_cpp_name(g.dtype)});
    for (int i = 0; i < 5; ++i) {
        PTOSIM_CHECK(g.shape[i] >= 1 && g.shape[i] < kMaxExtent, instr,
                     "global shape extents must be in 1..2^31-1", {"dim", i}, {"extent", g.shape[i]});
        PTOSIM_CHECK(g.stride[i] > -kMaxExtent * 64 && g.stride[i] < kMaxExtent * 64, instr,
                     "global stride out of range", {"dim", i}, {"stride", g.stride[i]});
    }
    PTOSIM_CHECK(
        g.rows() == tile.valid_rows && g.cols() == tile.valid_cols, instr,
        g.layout == GlobalLayout::ND
            ? "global shape must match the tile's valid shape (ND: dims 0..3 = valid rows, dim 4 = valid "
              "columns)"
            : "global shape must match the tile's valid shape (DN: dim 3 = valid rows, dims 0,1,2,4 = valid "
              "columns)",
        {"global.rows", g.rows()}, {"global.cols", g.cols()}, {"tile.validRow", tile.valid_rows},
        {"tile.validCol", tile.valid_cols});
    validate::global_in_allocation(g, instr, "global tensor");
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    check_global(dst, src, "TLOAD");
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
