#include "pad.hpp"

#include <cstring>
#include <limits>

namespace ptosim::kernels {

void pad_value_bytes(DType t, Pad pad, std::byte* out) {
    std::memset(out, 0, dtype_size(t));
    if (pad == Pad::Null || pad == Pad::Zero)
        return;
    const bool max = pad == Pad::Max;
    visit_dtype(t, [&](auto v) {
        using T = decltype(v);
        T value;
        if constexpr (std::numeric_limits<T>::has_infinity) {
            value = max ? std::numeric_limits<T>::infinity() : T(-std::numeric_limits<T>::infinity());
        } else {
            value = max ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
        }
        std::memcpy(out, &value, sizeof(T));
    });
}

void fill_outside_valid(const TileView& t, Pad pad) {
    if (pad == Pad::Null)
        return;
    std::byte value[8];
    pad_value_bytes(t.dtype, pad, value);
    const std::size_t es = t.elem_size();
    auto fill = [&](std::size_t offset, int32_t, int32_t count, int64_t step) {
        for (int32_t k = 0; k < count; ++k)
            std::memcpy(t.data + (offset + k * step) * es, value, es);
    };
    for (int32_t r = 0; r < t.layout.rows; ++r) {
        const int32_t first = r < t.valid_rows ? t.valid_cols : 0;
        t.layout.for_each_row_span(r, first, t.layout.cols - first, fill);
    }
}

}  // namespace ptosim::kernels
