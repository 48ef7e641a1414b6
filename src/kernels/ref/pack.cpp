// Reference TPACK: element by element, as bytes (little-endian: the low bytes come first).
#include <cstdint>
#include <cstring>

#include "ptosim/core/dtype.hpp"
#include "ptosim/ops/pack.hpp"

namespace ptosim::ref {

void tpack(const TileView& dst, const TileView& src) {
    const std::size_t ds = dst.elem_size(), ss = src.elem_size();
    const bool sign_extend = dtype_is_signed_int(src.dtype);
    for (int32_t r = 0; r < src.valid_rows; ++r) {
        for (int32_t c = 0; c < src.valid_cols; ++c) {
            uint64_t v = 0;
            std::memcpy(&v, src.at(r, c), ss);
            if (sign_extend && ss < 8 && (v >> (8 * ss - 1)) != 0)
                v |= ~uint64_t{0} << (8 * ss);  // the sign bit copied into the bytes dst adds
            std::memcpy(dst.at(r, c), &v, ds);  // narrowing keeps the low bytes
        }
    }
}

}  // namespace ptosim::ref
