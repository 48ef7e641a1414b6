// Fast TDEQUANT: per row, int8 / int16 lanes widened to int32 and converted to float (exact), then the row's
// offset subtracted and scale multiplied as two separate rounded operations, as the reference kernel does.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/quant.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstdint>
#include <cstring>

#include "ptosim/ops/quant.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <typename S>
void DeQuantRow(float* HWY_RESTRICT out, const S* HWY_RESTRICT in, float scale, float offset, int32_t n) {
    const hn::ScalableTag<float> df;
    const hn::RebindToSigned<decltype(df)> di;
    const hn::Rebind<S, decltype(di)> ds;
    const auto vs = hn::Set(df, scale), vo = hn::Set(df, offset);
    const auto lanes = static_cast<int32_t>(hn::Lanes(df));
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes) {
        const auto x = hn::ConvertTo(df, hn::PromoteTo(di, hn::LoadU(ds, in + c)));
        hn::StoreU(hn::Mul(hn::Sub(x, vo), vs), df, out + c);
    }
    for (; c < n; ++c) {
        const float shifted = static_cast<float>(in[c]) - offset;
        out[c] = shifted * scale;
    }
}

void DeQuant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        float s = 0, o = 0;
        std::memcpy(&s, scale.at(r, 0), sizeof s);
        std::memcpy(&o, offset.at(r, 0), sizeof o);
        if (src.dtype == DType::S8)
            DeQuantRow(dst.row<float>(r), src.row<int8_t>(r), s, o, dst.valid_cols);
        else
            DeQuantRow(dst.row<float>(r), src.row<int16_t>(r), s, o, dst.valid_cols);
    }
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(DeQuant);

void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    HWY_DYNAMIC_DISPATCH(DeQuant)(dst, src, scale, offset);
}
}  // namespace ptosim::simd
#endif
