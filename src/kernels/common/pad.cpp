#include "pad.hpp"

#include <cstring>
#include <limits>
#include <optional>

namespace ptosim::kernels {

namespace {

// Max: +infinity where the type has one, else its largest value; Min: -infinity, else its lowest.
template <typename T>
T extreme(bool max) {
    if constexpr (std::numeric_limits<T>::has_infinity)
        return max ? std::numeric_limits<T>::infinity() : T(-std::numeric_limits<T>::infinity());
    else
        return max ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
}

// The 8- and 4-bit float types: one code (a 4-bit code in the low nibble).
std::optional<uint8_t> narrow_extreme(DType t, bool max) {
    using narrow::Format;
    switch (t) {
        case DType::E4M3:
            return extreme<NarrowFloat<Format::E4M3>>(max).RawData();
        case DType::E5M2:
            return extreme<NarrowFloat<Format::E5M2>>(max).RawData();
        case DType::E8M0:
            return extreme<NarrowFloat<Format::E8M0>>(max).RawData();
        case DType::HIF8:
            return extreme<NarrowFloat<Format::HiF8>>(max).RawData();
        case DType::E2M1X2:
            return extreme<NarrowFloat<Format::E2M1>>(max).RawData();
        case DType::E1M2X2:
            return extreme<NarrowFloat<Format::E1M2>>(max).RawData();
        default:
            return std::nullopt;
    }
}

}  // namespace

void pad_value_bytes(DType t, Pad pad, std::byte* out) {
    std::memset(out, 0, dtype_size(t));
    if (pad == Pad::Null || pad == Pad::Zero)
        return;
    const bool max = pad == Pad::Max;
    if (auto code = narrow_extreme(t, max)) {
        out[0] = static_cast<std::byte>(*code);
        return;
    }
    visit_dtype(t, [&](auto v) {
        using T = decltype(v);
        const T value = extreme<T>(max);
        std::memcpy(out, &value, sizeof(T));
    });
}

void fill_outside_valid(const TileView& t, Pad pad) {
    if (pad == Pad::Null)
        return;
    std::byte value[8];
    pad_value_bytes(t.dtype, pad, value);
    if (dtype_is_twin(t.dtype)) {  // element offsets count nibbles
        const auto code = static_cast<uint8_t>(value[0]) & 0xFu;
        for (int32_t r = 0; r < t.layout.rows; ++r)
            for (int32_t c = r < t.valid_rows ? t.valid_cols : 0; c < t.layout.cols; ++c)
                set_nibble(t.data, t.layout.offset(r, c), code);
        return;
    }
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
