// Reference TQUANT (INT8) and TDEQUANT. TDEQUANT: per row, the row's scale and offset, then each element
// converted (exactly: int8 and int16 fit in float), less the offset, times the scale. TQUANT: each element
// times the row's scale (plus its offset), rounded to the nearest integer and clamped, NaN to 0.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "ptosim/ops/quant.hpp"

namespace ptosim::ref {

namespace {

template <typename S>
void run(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        float s = 0, o = 0;
        std::memcpy(&s, scale.at(r, 0), sizeof s);
        std::memcpy(&o, offset.at(r, 0), sizeof o);
        const S* in = src.row<S>(r);
        float* out = dst.row<float>(r);
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            const float shifted = static_cast<float>(in[c]) - o;  // rounded to float, then
            out[c] = shifted * s;                                 // the product rounded again
        }
    }
}

}  // namespace

void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    if (src.dtype == DType::S8)
        run<int8_t>(dst, src, scale, offset);
    else
        run<int16_t>(dst, src, scale, offset);
}

void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset) {
    const bool asym = offset != nullptr;
    const float lo = asym ? 0.0f : -128.0f, hi = asym ? 255.0f : 127.0f;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        float s = 0, o = 0;
        std::memcpy(&s, scale.at(r, 0), sizeof s);
        if (asym)
            std::memcpy(&o, offset->at(r, 0), sizeof o);
        const float* in = src.row<float>(r);
        auto* out = reinterpret_cast<uint8_t*>(dst.row<std::byte>(r));
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            float v = in[c] * s;  // rounded to float, then
            if (asym)
                v = v + o;  // the sum rounded again (never fused)
            // Clamped before rounding: equal to clamping after, since the limits are integers.
            const float q = v != v ? 0.0f : std::nearbyint(std::fmin(std::fmax(v, lo), hi));
            out[c] = static_cast<uint8_t>(static_cast<int32_t>(q));
        }
    }
}

}  // namespace ptosim::ref
