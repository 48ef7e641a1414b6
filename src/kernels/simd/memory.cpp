// Fast TLOAD / TSTORE: walk the tile in its contiguous direction and copy each piece that is contiguous on
// both sides with one memcpy (or one strided loop when the global tensor or the layout is strided). No
// per-element index arithmetic: offsets are computed once per piece.
#include <algorithm>

#include "../common/copy_run.hpp"
#include "../common/pad.hpp"
#include "ptosim/ops/memory.hpp"

namespace ptosim::simd {

namespace {

enum class Direction { Load, Store };

template <Direction D>
void transfer(const TileView& tile, const GlobalView& g) {
    const std::size_t es = tile.elem_size();
    const auto ies = static_cast<int64_t>(es);
    auto move = [&](std::size_t tile_offset, int64_t tile_step, int64_t g_offset, int64_t g_step, int64_t n) {
        std::byte* t = tile.data + tile_offset * es;
        std::byte* gp = g.data + g_offset * ies;
        if constexpr (D == Direction::Load) {
            kernels::copy_run(t, tile_step, gp, g_step, n, es);
        } else {
            kernels::copy_run(gp, g_step, t, tile_step, n, es);
        }
    };
    if (tile.layout.row_step() == 1) {
        // Rows are contiguous in the tile: walk rows, splitting at global column runs.
        for (int32_t r = 0; r < tile.valid_rows; ++r) {
            tile.layout.for_each_row_span(
                r, 0, tile.valid_cols, [&](std::size_t off, int32_t c, int32_t n, int64_t ts) {
                    while (n > 0) {
                        const auto run = static_cast<int32_t>(std::min<int64_t>(n, g.col_run(c)));
                        move(off, ts, g.offset(r, c), g.col_step(), run);
                        off += static_cast<std::size_t>(run * ts);
                        c += run;
                        n -= run;
                    }
                });
        }
    } else {
        // Columns are contiguous in the tile: walk columns, splitting at global row runs.
        for (int32_t c = 0; c < tile.valid_cols; ++c) {
            tile.layout.for_each_col_span(
                c, 0, tile.valid_rows, [&](std::size_t off, int32_t r, int32_t n, int64_t ts) {
                    while (n > 0) {
                        const auto run = static_cast<int32_t>(std::min<int64_t>(n, g.row_run(r)));
                        move(off, ts, g.offset(r, c), g.row_step(), run);
                        off += static_cast<std::size_t>(run * ts);
                        r += run;
                        n -= run;
                    }
                });
        }
    }
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    if (dtype_is_twin(dst.dtype))  // nibble moves: the reference kernel is the fast one too
        return ref::tload(dst, src, pad);
    transfer<Direction::Load>(dst, src);
    kernels::fill_outside_valid(dst, pad);
}

void tstore(const GlobalView& dst, const TileView& src) {
    if (dtype_is_twin(src.dtype))
        return ref::tstore(dst, src);
    transfer<Direction::Store>(src, dst);
}

}  // namespace ptosim::simd
