// Reference TEXPANDS: every valid element (r, c) of dst gets the scalar's bits.
#include <bit>
#include <cstring>

#include "ptosim/ops/fill.hpp"

static_assert(std::endian::native == std::endian::little, "ref TEXPANDS: copies the scalar's low bytes");

namespace ptosim::ref {

void texpands(const TileView& dst, uint64_t scalar) {
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            std::memcpy(dst.at(r, c), &scalar, es);
    }
}

}  // namespace ptosim::ref
