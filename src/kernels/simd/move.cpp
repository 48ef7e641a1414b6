// Fast TMOV / TEXTRACT / TINSERT: walk the window in the direction contiguous in the destination (rows, or
// columns for column-major layouts), split each row (column) at the box edges of both layouts, and move each
// piece with one memcpy or strided loop (same element type) or one call of the fast TCVT kernel on a 1 x n
// view (a conversion, when the piece is contiguous on both sides). Offsets are computed once per piece.
#include "ptosim/ops/move.hpp"
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

}  // namespace

bool tmove(const TileView& dst, const TileView& src, const MoveSpec& s) {
    if (s.mode != prequant::Mode::NoQuant || s.relu != prequant::Relu::None || dtype_is_twin(src.dtype) ||
        dtype_is_twin(dst.dtype))
        return false;
    const bool by_rows = dst.layout.row_step() == 1 || src.layout.row_step() == 1;
    const int32_t lines = by_rows ? s.rows : s.cols;
    if (src.dtype == dst.dtype) {
        const std::size_t es = dst.elem_size();
        for (int32_t k = 0; k < lines; ++k) {
            for_each_piece(dst, src, s, by_rows, k,
                           [&](std::size_t doff, std::size_t soff, int32_t n, int64_t dstep, int64_t sstep) {
                               kernels::copy_run(dst.data + doff * es, dstep, src.data + soff * es, sstep, n,
                                                 es);
                           });
        }
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
