// Fast TEXPANDS: one typed fill per row, which the compiler turns into wide stores.
#include <algorithm>
#include <cstdint>

#include "ptosim/ops/fill.hpp"

namespace ptosim::simd {

namespace {

template <typename T>
void fill_rows(const TileView& dst, uint64_t scalar) {
    const auto v = static_cast<T>(scalar);
    for (int32_t r = 0; r < dst.valid_rows; ++r)
        std::fill_n(dst.row<T>(r), dst.valid_cols, v);
}

}  // namespace

void texpands(const TileView& dst, uint64_t scalar) {
    switch (dst.elem_size()) {
        case 1:
            return fill_rows<uint8_t>(dst, scalar);
        case 2:
            return fill_rows<uint16_t>(dst, scalar);
        case 4:
            return fill_rows<uint32_t>(dst, scalar);
        default:
            return fill_rows<uint64_t>(dst, scalar);
    }
}

}  // namespace ptosim::simd
