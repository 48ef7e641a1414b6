// Reference TFILLPAD and TTRANS: element by element through both layouts.
#include <cstring>

#include "ptosim/ops/rearrange.hpp"

namespace ptosim::ref {

void tfillpad(const TileView& dst, const TileView& src, const FillPadSpec& s) {
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < s.fill_rows; ++r) {
        for (int32_t c = 0; c < s.fill_cols; ++c) {
            if (r < s.keep_rows && c < s.keep_cols) {
                if (s.copy)
                    std::memmove(dst.at(r, c), src.at(r, c), es);
            } else {
                std::memcpy(dst.at(r, c), &s.pad, es);
            }
        }
    }
}

void ttrans(const TileView& dst, const TileView& src) {
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int32_t c = 0; c < src.valid_cols; ++c)
            std::memcpy(dst.at(c, r), src.at(r, c), es);
    }
}

}  // namespace ptosim::ref
