// Reference TSEL / TSELS: for every valid (r, c) of dst, read the mask bit and copy the element of src0 (bit
// set) or src1 / the scalar (bit clear).
#include <cstdint>
#include <cstring>

#include "ptosim/ops/select.hpp"

namespace ptosim::ref {

namespace {

bool mask_bit(const TileView& mask, int32_t r, int32_t c) {
    if (mask.dtype == DType::U8)
        return (mask.row<uint8_t>(r)[c / 8] >> (c % 8)) & 1u;
    return (mask.row<uint32_t>(r)[c / 32] >> (c % 32)) & 1u;
}

}  // namespace

void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1) {
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            std::memmove(dst.at(r, c), mask_bit(mask, r, c) ? src0.at(r, c) : src1.at(r, c), es);
    }
}

void tsels(const TileView& dst, const TileView& mask, const TileView& src, uint64_t scalar) {
    const std::size_t es = dst.elem_size();
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            if (mask_bit(mask, r, c))
                std::memmove(dst.at(r, c), src.at(r, c), es);
            else
                std::memcpy(dst.at(r, c), &scalar, es);  // the scalar's low bytes (little-endian)
        }
    }
}

}  // namespace ptosim::ref
