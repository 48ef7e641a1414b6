// Fast TMOV / TEXTRACT / TINSERT: walk the window in the direction contiguous in the destination (rows, or
// columns for column-major layouts), split each row (column) at the box edges of both layouts, and move each
// piece with one memcpy or strided loop (same element type) or one call of the fast TCVT kernel on a 1 x n
// view (a conversion, when the piece is contiguous on both sides). Offsets are computed once per piece.
#include "ptosim/ops/move.hpp"
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../common/copy_run.hpp"
#include "ptosim/ops/convert.hpp"

namespace ptosim::simd {

namespace {

// Calls f(dst_offset, src_offset, n, dst_step, src_step) for the pieces of the window's line k (a row when
// by_rows, else a column) that are runs on both sides.
template <typename F>
void for_each_piece(const TileView& dst, const TileView& src, const MoveSpec& s, bool by_rows, int32_t k,
                    F&& f) {
    if (by_rows) {
        dst.layout.for_each_row_span(
            s.dst_row + k, s.dst_col, s.cols, [&](std::size_t doff, int32_t c, int32_t n, int64_t dstep) {
                src.layout.for_each_row_span(s.src_row + k, s.src_col + (c - s.dst_col), n,
                                             [&](std::size_t soff, int32_t sc, int32_t m, int64_t sstep) {
                                                 const int64_t skip = sc - (s.src_col + (c - s.dst_col));
                                                 f(doff + static_cast<std::size_t>(skip * dstep), soff, m,
                                                   dstep, sstep);
                                             });
            });
    } else {
        dst.layout.for_each_col_span(
            s.dst_col + k, s.dst_row, s.rows, [&](std::size_t doff, int32_t r, int32_t n, int64_t dstep) {
                src.layout.for_each_col_span(s.src_col + k, s.src_row + (r - s.dst_row), n,
                                             [&](std::size_t soff, int32_t sr, int32_t m, int64_t sstep) {
                                                 const int64_t skip = sr - (s.src_row + (r - s.dst_row));
                                                 f(doff + static_cast<std::size_t>(skip * dstep), soff, m,
                                                   dstep, sstep);
                                             });
            });
    }
}

// Same element type, piece by piece.
void copy_pieces(const TileView& dst, const TileView& src, const MoveSpec& s, bool by_rows) {
    if (s.rows <= 0 || s.cols <= 0)
        return;
    const std::size_t es = dst.elem_size();
    const int32_t lines = by_rows ? s.rows : s.cols;
    for (int32_t k = 0; k < lines; ++k) {
        for_each_piece(dst, src, s, by_rows, k,
                       [&](std::size_t doff, std::size_t soff, int32_t n, int64_t dstep, int64_t sstep) {
                           kernels::copy_run(dst.data + doff * es, dstep, src.data + soff * es, sstep, n, es);
                       });
    }
}

void copy_strips(const TileView& dst, const TileView& src, const MoveSpec& s, bool by_rows, int32_t full_rows,
                 int32_t full_cols);

// Same element type and the same box shape and inner order on both sides, the window starting on box
// corners: every whole box is one contiguous block on both sides, and consecutive boxes that are adjacent on
// both sides merge into one memcpy (a Nz -> Nz move of whole columns of boxes is one memcpy per column, or
// one for the whole tile). The partial boxes at the window's bottom and right edges go piece by piece.
bool copy_boxes(const TileView& dst, const TileView& src, const MoveSpec& s, bool by_rows) {
    const Layout &dl = dst.layout, &sl = src.layout;
    const int32_t ir = dl.inner_rows, ic = dl.inner_cols;
    if (!dl.is_boxed() || !sl.is_boxed() || sl.inner_rows != ir || sl.inner_cols != ic ||
        sl.inner_row_major() != dl.inner_row_major() || s.src_row % ir != 0 || s.dst_row % ir != 0 ||
        s.src_col % ic != 0 || s.dst_col % ic != 0)
        return false;
    const std::size_t es = dst.elem_size();
    const std::size_t box = static_cast<std::size_t>(ir) * static_cast<std::size_t>(ic);
    const int32_t full_rows = s.rows / ir * ir, full_cols = s.cols / ic * ic;
    std::size_t run_d = 0, run_s = 0, run_n = 0;  // the pending memcpy, in elements
    const auto flush = [&] {
        if (run_n != 0)
            std::memcpy(dst.data + run_d * es, src.data + run_s * es, run_n * es);
        run_n = 0;
    };
    const auto add_box = [&](int32_t r, int32_t c) {
        const std::size_t d = dl.offset(s.dst_row + r, s.dst_col + c),
                          x = sl.offset(s.src_row + r, s.src_col + c);
        if (run_n != 0 && d == run_d + run_n && x == run_s + run_n) {
            run_n += box;
            return;
        }
        flush();
        run_d = d;
        run_s = x;
        run_n = box;
    };
    // Visit boxes in the destination's box order, so that its adjacent boxes come one after the other.
    if (dl.boxes_row_major()) {
        for (int32_t r = 0; r < full_rows; r += ir)
            for (int32_t c = 0; c < full_cols; c += ic)
                add_box(r, c);
    } else {
        for (int32_t c = 0; c < full_cols; c += ic)
            for (int32_t r = 0; r < full_rows; r += ir)
                add_box(r, c);
    }
    flush();
    copy_strips(dst, src, s, by_rows, full_rows, full_cols);
    return true;
}

// The strips a fast walk over the window's first full_rows x full_cols leaves: rows [full_rows, rows) of
// every column, and columns [full_cols, cols) of the first full_rows rows, piece by piece.
void copy_strips(const TileView& dst, const TileView& src, const MoveSpec& s, bool by_rows, int32_t full_rows,
                 int32_t full_cols) {
    MoveSpec bottom = s;
    bottom.rows = s.rows - full_rows;
    bottom.src_row += full_rows;
    bottom.dst_row += full_rows;
    copy_pieces(dst, src, bottom, by_rows);
    MoveSpec right = s;
    right.rows = full_rows;
    right.cols = s.cols - full_cols;
    right.src_col += full_cols;
    right.dst_col += full_cols;
    copy_pieces(dst, src, right, by_rows);
}

// One B x B block: rows of the source (ss elements apart) become columns of the destination (ds apart).
template <typename T, int B>
void transpose_block(std::byte* d, int64_t ds, const std::byte* s, int64_t ss) {
    T in[B][B];
    for (int i = 0; i < B; ++i)
        std::memcpy(in[i], s + static_cast<std::size_t>(i * ss) * sizeof(T), sizeof(T) * B);
    T out[B][B];
    for (int j = 0; j < B; ++j)
        for (int i = 0; i < B; ++i)
            out[j][i] = in[i][j];
    for (int j = 0; j < B; ++j)
        std::memcpy(d + static_cast<std::size_t>(j * ds) * sizeof(T), out[j], sizeof(T) * B);
}

// Same element type, from boxes that are row-major inside (Nz, Zz) into boxes that are column-major inside
// (Zn, Nn): the cube's Mat -> Right move. With B the source box's row length or the destination box's column
// length, whichever is shorter (8 floats, 16 halves, 16 bytes), every B x B block of the window lies inside
// one box on each side, where it is B rows of B contiguous elements on one side and B columns of them on the
// other: a block transpose with fixed sizes. Offsets are separable, so the blocks' offsets come from one
// table per direction. The window's corners must sit on multiples of B; what is left of its bottom and right
// edges goes piece by piece.
template <typename T, int B>
void transpose_boxes_as(const TileView& dst, const TileView& src, const MoveSpec& s, int32_t full_rows,
                        int32_t full_cols) {
    const Layout &dl = dst.layout, &sl = src.layout;
    thread_local std::vector<std::size_t> src_rows, src_cols, dst_rows, dst_cols;
    src_rows.clear();
    dst_rows.clear();
    src_cols.clear();
    dst_cols.clear();
    for (int32_t r = 0; r < full_rows; r += B) {
        src_rows.push_back(sl.offset(s.src_row + r, 0) * sizeof(T));
        dst_rows.push_back(dl.offset(s.dst_row + r, 0) * sizeof(T));
    }
    for (int32_t c = 0; c < full_cols; c += B) {
        src_cols.push_back(sl.offset(0, s.src_col + c) * sizeof(T));
        dst_cols.push_back(dl.offset(0, s.dst_col + c) * sizeof(T));
    }
    for (std::size_t c = 0; c < dst_cols.size(); ++c)
        for (std::size_t r = 0; r < dst_rows.size(); ++r)
            transpose_block<T, B>(dst.data + dst_rows[r] + dst_cols[c], dl.inner_rows,
                                  src.data + src_rows[r] + src_cols[c], sl.inner_cols);
}

bool transpose_boxes(const TileView& dst, const TileView& src, const MoveSpec& s, bool by_rows) {
    const Layout &dl = dst.layout, &sl = src.layout;
    if (!dl.is_boxed() || !sl.is_boxed() || !sl.inner_row_major() || dl.inner_row_major())
        return false;
    const std::size_t es = dst.elem_size();
    // Bytes go in 16 x 16 blocks: their boxes are 32 wide one way and 16 the other.
    const int32_t b = es == 1 ? 16 : std::min(sl.inner_cols, dl.inner_rows);
    const bool shape =
        (es == 4 && b == 8) || (es == 2 && b == 16) || (es == 1 && b == 16) || (es == 8 && b == 4);
    if (!shape || sl.inner_rows % b != 0 || sl.inner_cols % b != 0 || dl.inner_rows % b != 0 ||
        dl.inner_cols % b != 0 || s.src_row % b != 0 || s.src_col % b != 0 || s.dst_row % b != 0 ||
        s.dst_col % b != 0 || s.rows < b || s.cols < b)
        return false;
    const int32_t full_rows = s.rows / b * b, full_cols = s.cols / b * b;
    switch (es) {
        case 1:
            transpose_boxes_as<uint8_t, 16>(dst, src, s, full_rows, full_cols);
            break;
        case 2:
            transpose_boxes_as<uint16_t, 16>(dst, src, s, full_rows, full_cols);
            break;
        case 4:
            transpose_boxes_as<uint32_t, 8>(dst, src, s, full_rows, full_cols);
            break;
        default:
            transpose_boxes_as<uint64_t, 4>(dst, src, s, full_rows, full_cols);
            break;
    }
    copy_strips(dst, src, s, by_rows, full_rows, full_cols);
    return true;
}

}  // namespace

bool tmove(const TileView& dst, const TileView& src, const MoveSpec& s) {
    if (s.mode != prequant::Mode::NoQuant || s.relu != prequant::Relu::None || dtype_is_twin(src.dtype) ||
        dtype_is_twin(dst.dtype))
        return false;
    const bool by_rows = dst.layout.row_step() == 1 || src.layout.row_step() == 1;
    const int32_t lines = by_rows ? s.rows : s.cols;
    if (src.dtype == dst.dtype) {
        if (!copy_boxes(dst, src, s, by_rows) && !transpose_boxes(dst, src, s, by_rows))
            copy_pieces(dst, src, s, by_rows);
        return true;
    }
    // A conversion: pieces must be contiguous on both sides for the TCVT kernel.
    const bool contiguous = by_rows ? dst.layout.row_step() == 1 && src.layout.row_step() == 1
                                    : dst.layout.col_step() == 1 && src.layout.col_step() == 1;
    if (!contiguous)
        return false;
    const bool truncate = !convert::is_integer(src.dtype) && convert::is_integer(dst.dtype);
    const auto rounding = truncate ? convert::Rounding::Trunc : convert::Rounding::Rint;
    bool fast = true;
    for (int32_t k = 0; k < lines && fast; ++k) {
        for_each_piece(
            dst, src, s, by_rows, k, [&](std::size_t doff, std::size_t soff, int32_t n, int64_t, int64_t) {
                if (!fast)
                    return;
                TileView d{dst.data + dtype_bytes(dst.dtype, doff), dst.dtype, Layout::row_major(1, n), 1, n};
                TileView x{src.data + dtype_bytes(src.dtype, soff), src.dtype, Layout::row_major(1, n), 1, n};
                // The pair and rounding are the same for every piece, so the first one
                // decides; when it declines, nothing has been written and the reference runs.
                fast = tcvt(d, x, rounding, convert::Saturation::Off, false);
            });
    }
    return fast;
}

}  // namespace ptosim::simd
