// Reference TCVT: element by element over dst's valid region, through the one conversion function
// (ptosim::convert::convert_bits), whatever the layouts.
#include "ptosim/ops/convert.hpp"
#include "../common/element_bits.hpp"

namespace ptosim::ref {

void tcvt(const TileView& dst, const TileView& src, convert::Rounding r, convert::Saturation sat,
          bool canon) {
    const auto one = [&](int32_t row, int32_t c) {
        uint64_t v = convert::convert_bits(src.dtype, dst.dtype,
                                           kernels::load_bits(src, src.layout.offset(row, c)), r, sat);
        if (canon)
            v = convert::canonicalize(dst.dtype, v);
        kernels::store_bits(dst, dst.layout.offset(row, c), v);
    };
    // In memory order (a column-major destination column by column): an in-place conversion reads every
    // element before a write reaches it (ops::tcvt's aliasing rule).
    if (dst.layout.is_col_major()) {
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            for (int32_t row = 0; row < dst.valid_rows; ++row)
                one(row, c);
        return;
    }
    for (int32_t row = 0; row < dst.valid_rows; ++row)
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            one(row, c);
}

}  // namespace ptosim::ref
