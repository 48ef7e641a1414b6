// Reference TLOAD / TSTORE: for every valid position (r, c), copy one element between the tile and the global
// tensor. Reads like the definition; the fast kernels must match it bit for bit.
#include <cstring>

#include "../common/pad.hpp"
#include "ptosim/ops/memory.hpp"

namespace ptosim::ref {

namespace {

// The 4-bit types: offsets on both sides count nibbles.
void move_nibbles(const TileView& tile, const GlobalView& g, bool load) {
    for (int32_t r = 0; r < tile.valid_rows; ++r) {
        for (int32_t c = 0; c < tile.valid_cols; ++c) {
            const std::size_t t = tile.layout.offset(r, c);
            const auto o = static_cast<std::size_t>(g.offset(r, c));
            if (load)
                kernels::set_nibble(tile.data, t, kernels::get_nibble(g.data, o));
            else
                kernels::set_nibble(g.data, o, kernels::get_nibble(tile.data, t));
        }
    }
}

}  // namespace

void tload(const TileView& dst, const GlobalView& src, Pad pad) {
    if (dtype_is_twin(dst.dtype)) {
        move_nibbles(dst, src, true);
        kernels::fill_outside_valid(dst, pad);
        return;
    }
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            std::memcpy(dst.at(r, c), src.data + src.offset(r, c) * static_cast<int64_t>(es), es);
        }
    }
    kernels::fill_outside_valid(dst, pad);
}

void tstore(const GlobalView& dst, const TileView& src) {
    if (dtype_is_twin(src.dtype)) {
        move_nibbles(src, dst, false);
        return;
    }
    const std::size_t es = src.elem_size();
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            std::memcpy(dst.data + dst.offset(r, c) * static_cast<int64_t>(es), src.at(r, c), es);
        }
    }
}

}  // namespace ptosim::ref
