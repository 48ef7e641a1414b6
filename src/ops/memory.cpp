// Checked TLOAD / TSTORE.
#include "ptosim/ops/memory.hpp"

#include "ptosim/core/check.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/sync/hazards.hpp"
#include "validate.hpp"

namespace ptosim::ops {

namespace {

// The MX layouts' index maps fix the box and pair sizes (16 and 2) and never index dim 0: a shape that says
// otherwise would describe other elements than the ones the map reaches.
void check_mx_shape(const GlobalView& g, const char* instr) {
    const bool boxed = g.layout == GlobalLayout::MX_A_ZZ || g.layout == GlobalLayout::MX_B_NN;
    PTOSIM_CHECK(g.shape[0] == 1 && g.shape[4] == 2 && (boxed ? g.shape[3] == 16 : g.shape[1] == 1), instr,
                 boxed ? "MX_A_ZZ / MX_B_NN global shape must be [1, n, m, 16, 2]"
                       : "MX_A_ND / MX_A_DN / MX_B_ND / MX_B_DN global shape must be [1, 1, n, m, 2]",
                 {"shape0", g.shape[0]}, {"shape1", g.shape[1]}, {"shape3", g.shape[3]},
                 {"shape4", g.shape[4]});
}

void check_global(const TileView& tile, const GlobalView& g, const char* instr, bool converting = false) {
    validate::tile(tile, instr, "tile");
    validate::global_fields(g, instr, "global tensor");
    if (converting) {
        validate::dtype_in(isa::kConvertible, tile.dtype, instr, "tile");
        validate::dtype_in(isa::kConvertible, g.dtype, instr, "global tensor");
    } else {
        PTOSIM_CHECK(dtype_size(g.dtype) == tile.elem_size(), instr,
                     "tile and global tensor element sizes must match", {"tile", dtype_cpp_name(tile.dtype)},
                     {"global", dtype_cpp_name(g.dtype)});
    }
    if (is_mx_layout(g.layout))
        check_mx_shape(g, instr);
    // The global view may be larger than the region moved (dst[r0 + i, c0 + j] = src[i, j]); a smaller one
    // would make the transfer reach past it.
    PTOSIM_CHECK(
        g.rows() >= tile.valid_rows && g.cols() >= tile.valid_cols, instr,
        is_mx_layout(g.layout)
            ? "global shape must hold the tile's valid shape (MX layouts: docs/isa/TLOAD.md)"
        : g.layout == GlobalLayout::ND
            ? "global shape must hold the tile's valid shape (ND: dims 0..3 = rows, dim 4 = columns)"
        : g.layout == GlobalLayout::DN
            ? "global shape must hold the tile's valid shape (DN: dim 3 = rows, dims 0,1,2,4 = columns)"
            : "global shape must hold the tile's valid shape (NZ: dims 2,3 = rows, dims 0,1,4 = columns)",
        {"global.rows", g.rows()}, {"global.cols", g.cols()}, {"tile.validRow", tile.valid_rows},
        {"tile.validCol", tile.valid_cols});
    validate::global_moved(g, tile.valid_rows, tile.valid_cols, instr, "global tensor");
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    hazards::Scope hz("TLOAD", hazards::Pipe::MTE2);
    if (pad != Pad::Null)
        hz.write_whole(dst);
    else
        hz.write(dst);
    hz.read(src.clipped(dst.valid_rows, dst.valid_cols));
    check_global(dst, src, "TLOAD");
    if (pad != Pad::Null)
        validate::whole_tile(dst, "TLOAD", "tile");  // the pad value fills the rest of the tile
    // A few scales: the reference kernel moves them (the fast kernel's runs would be one element long).
    if (active_backend() == Backend::Ref || is_mx_layout(src.layout)) {
        ref::tload(dst, src, pad);
    } else {
        simd::tload(dst, src, pad);
    }
}

namespace {
// pto-isa stores nothing in the MX layouts (its CPU TSTORE and device code accept ND, DN, NZ and the
// convolution layouts only).
void no_mx_store(const GlobalView& g) {
    PTOSIM_CHECK(!is_mx_layout(g.layout), "TSTORE", "the MX scale layouts are load-only");
}
}  // namespace

void tstore(const GlobalView& dst, const TileView& src) {
    hazards::Scope hz("TSTORE", hazards::move_pipe(src.data, dst.data));
    hz.write(dst.clipped(src.valid_rows, src.valid_cols));
    hz.read(src);
    no_mx_store(dst);
    check_global(src, dst, "TSTORE");
    if (active_backend() == Backend::Ref) {
        ref::tstore(dst, src);
    } else {
        simd::tstore(dst, src);
    }
}

void tstore(const GlobalView& dst, const TileView& src, const StoreSpec& spec) {
    hazards::Scope hz("TSTORE", hazards::move_pipe(src.data, dst.data));
    const GlobalView moved = dst.clipped(src.valid_rows, src.valid_cols);
    if (spec.atomic_add)  // cores may add into the same bytes in any order
        hz.atomic(moved, true);
    else
        hz.write(moved);
    hz.read(src);
    constexpr const char* kInstr = "TSTORE";
    const bool plain =
        !spec.relu && !spec.atomic_add && spec.mode == prequant::Mode::NoQuant && dst.dtype == src.dtype;
    if (plain)
        return tstore(dst, src);
    no_mx_store(dst);
    check_global(src, dst, kInstr, true);
    if (!spec.words.empty()) {
        const int32_t need = spec.words_by_row ? src.valid_rows : src.valid_cols;
        PTOSIM_CHECK(static_cast<std::size_t>(need) <= spec.words.size(), kInstr,
                     spec.words_by_row
                         ? "the quantisation tile needs one word per tile row (a column-major tile)"
                         : "the quantisation tile needs one word per tile column",
                     {"needed", need}, {"words", spec.words.size()});
    }
    ref::tstore(dst, src, spec);
}

}  // namespace ptosim::ops
