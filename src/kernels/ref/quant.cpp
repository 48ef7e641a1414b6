// Reference TQUANT (INT8) and TDEQUANT. TDEQUANT: per row, the row's scale and offset, then each element
// converted (exactly: int8 and int16 fit in float), less the offset, times the scale. TQUANT: each element
// times the row's scale (plus its offset), rounded to the nearest integer and clamped, NaN to 0.
#include <cstdint>

#include "kernels/common/quant_element.hpp"
#include "ptosim/ops/quant.hpp"

namespace ptosim::ref {

namespace {

template <typename S>
void run(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const float s = kernels::row_param(scale, r), o = kernels::row_param(offset, r);
        const S* in = src.row<S>(r);
        float* out = dst.row<float>(r);
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            out[c] = kernels::dequant_element(static_cast<float>(in[c]), s, o);
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
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const float s = kernels::row_param(scale, r), o = asym ? kernels::row_param(*offset, r) : 0.0f;
        const float* in = src.row<float>(r);
        auto* out = reinterpret_cast<uint8_t*>(dst.row<std::byte>(r));
        for (int32_t c = 0; c < dst.valid_cols; ++c)
            out[c] = kernels::quant_element(in[c], s, o, asym);
    }
}

}  // namespace ptosim::ref
