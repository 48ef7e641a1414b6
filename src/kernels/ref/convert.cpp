// Reference TCVT: element by element over dst's valid region, through the one conversion function
// (ptosim::convert::convert_bits), whatever the layouts.
#include <bit>
#include <cstring>

#include "ptosim/ops/convert.hpp"

static_assert(std::endian::native == std::endian::little, "ref TCVT: element bits are the low bytes");

namespace ptosim::ref {

namespace {

// An element's bits at element offset i of a tile (a 4-bit element: its nibble).
uint64_t load_bits(const TileView& t, std::size_t i) {
    if (dtype_is_twin(t.dtype)) {
        const auto byte = std::to_integer<uint8_t>(t.data[i / 2]);
        return (byte >> ((i % 2) * 4)) & 0xFu;
    }
    uint64_t v = 0;
    std::memcpy(&v, t.data + i * t.elem_size(), t.elem_size());
    return v;
}

void store_bits(const TileView& t, std::size_t i, uint64_t v) {
    if (dtype_is_twin(t.dtype)) {
        std::byte& b = t.data[i / 2];
        const unsigned shift = (i % 2) * 4;
        b = (b & std::byte(~(0xFu << shift))) | std::byte((v & 0xFu) << shift);
        return;
    }
    std::memcpy(t.data + i * t.elem_size(), &v, t.elem_size());
}

}  // namespace

void tcvt(const TileView& dst, const TileView& src, convert::Rounding r, convert::Saturation sat,
          bool canon) {
    for (int32_t row = 0; row < dst.valid_rows; ++row) {
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            uint64_t v = convert::convert_bits(src.dtype, dst.dtype,
                                               load_bits(src, src.layout.offset(row, c)), r, sat);
            if (canon)
                v = convert::canonicalize(dst.dtype, v);
            store_bits(dst, dst.layout.offset(row, c), v);
        }
    }
}

}  // namespace ptosim::ref
