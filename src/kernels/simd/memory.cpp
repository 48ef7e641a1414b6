// Fast TLOAD / TSTORE: walk the tile in its contiguous direction and copy each piece that is contiguous on
// both sides with one memcpy (or one strided loop when the global tensor or the layout is strided). No
// per-element index arithmetic: offsets are computed once per piece.
#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

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

// The cube's Mat and Acc tiles (Nz, and Zz) are boxes whose rows are row-major inside: each (row, box) piece
// of the tile is inner_cols elements (32 bytes for a Mat tile) contiguous on both sides when the tensor's
// rows are contiguous. The general walk above pays a lambda, a tensor offset and a copy of run-time length
// per piece; here the tensor's row addresses and the tile's box offsets are tables made once per transfer,
// and a full 32-byte piece is one fixed-size copy. Returns false (nothing moved) when the shapes do not fit.
template <Direction D>
bool transfer_row_boxes(const TileView& tile, const GlobalView& g) {
    const Layout& l = tile.layout;
    if (!l.is_boxed() || !l.inner_row_major() || g.col_step() != 1 || g.col_run(0) < tile.valid_cols ||
        tile.valid_rows <= 0 || tile.valid_cols <= 0)
        return false;
    const std::size_t es = tile.elem_size();
    // Row addresses: one tensor offset per run of the fastest row dimension (usually one), then steps.
    thread_local std::vector<std::byte*> rows;
    rows.resize(static_cast<std::size_t>(tile.valid_rows));
    const auto ies = static_cast<int64_t>(es);
    for (int32_t r = 0; r < tile.valid_rows;) {
        std::byte* p = g.data + g.offset(r, 0) * ies;
        const auto run =
            static_cast<int32_t>(std::max<int64_t>(1, std::min<int64_t>(g.row_run(r), tile.valid_rows - r)));
        for (int32_t k = 0; k < run; ++k, p += g.row_step() * ies)
            rows[static_cast<std::size_t>(r + k)] = p;
        r += run;
    }
    // Box offsets are separable, offset(r0, c0) = offset(r0, 0) + offset(0, c0): one column table per
    // transfer.
    thread_local std::vector<std::size_t> box_cols;
    box_cols.clear();
    for (int32_t c0 = 0; c0 < tile.valid_cols; c0 += l.inner_cols)
        box_cols.push_back(l.offset(0, c0) * es);
    const std::size_t piece = static_cast<std::size_t>(l.inner_cols) * es;
    // A band of one box's rows at a time, box by box across it: the band's tensor rows stay in the L1 cache
    // even when their stride is a multiple of 4 KiB (a 1024-float matrix), which walking a whole column of
    // boxes first would evict (three times slower).
    for (int32_t r0 = 0; r0 < tile.valid_rows; r0 += l.inner_rows) {
        const int32_t n = std::min(l.inner_rows, tile.valid_rows - r0);
        std::byte* const* row = rows.data() + r0;
        std::byte* const band = tile.data + l.offset(r0, 0) * es;
        for (int32_t c0 = 0, b = 0; c0 < tile.valid_cols; c0 += l.inner_cols, ++b) {
            const std::size_t bytes =
                static_cast<std::size_t>(std::min(l.inner_cols, tile.valid_cols - c0)) * es;
            const std::size_t col_byte = static_cast<std::size_t>(c0) * es;
            std::byte* box = band + box_cols[static_cast<std::size_t>(b)];
            auto copy = [&](auto size) {
                for (int32_t i = 0; i < n; ++i) {
                    std::byte* t = box + static_cast<std::size_t>(i) * piece;
                    std::byte* gp = row[i] + col_byte;
                    if constexpr (D == Direction::Load)
                        std::memcpy(t, gp, size);
                    else
                        std::memcpy(gp, t, size);
                }
            };
            if (bytes == 32)
                copy(std::integral_constant<std::size_t, 32>{});
            else
                copy(bytes);
        }
    }
    return true;
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    if (dtype_is_twin(dst.dtype))  // nibble moves: the reference kernel is the fast one too
        return ref::tload(dst, src, pad);
    if (!transfer_row_boxes<Direction::Load>(dst, src))
        transfer<Direction::Load>(dst, src);
    kernels::fill_outside_valid(dst, pad);
}

void tstore(const GlobalView& dst, const TileView& src) {
    if (dtype_is_twin(src.dtype))
        return ref::tstore(dst, src);
    if (!transfer_row_boxes<Direction::Store>(src, dst))
        transfer<Direction::Store>(src, dst);
}

}  // namespace ptosim::simd
