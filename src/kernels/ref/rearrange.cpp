// Reference TFILLPAD and TTRANS: element by element through both layouts.
#include <cstring>

#include "../common/element_bits.hpp"
#include "ptosim/ops/rearrange.hpp"

namespace ptosim::ref {

void tfillpad(const TileView& dst, const TileView& src, const FillPadSpec& s) {
    if (dtype_is_twin(dst.dtype)) {  // two elements a byte: one nibble at a time
        for (int32_t r = 0; r < s.fill_rows; ++r) {
            for (int32_t c = 0; c < s.fill_cols; ++c) {
                const std::size_t o = dst.layout.offset(r, c);
                if (r >= s.keep_rows || c >= s.keep_cols)
                    kernels::store_bits(dst, o, s.pad);
                else if (s.copy)
                    kernels::store_bits(dst, o, kernels::load_bits(src, src.layout.offset(r, c)));
            }
        }
        return;
    }
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
