// Fast TDEQUANT and TQUANT (INT8). TDEQUANT: per row, int8 / int16 lanes widened to int32 and converted to
// float (exact), then the row's offset subtracted and scale multiplied as two separate rounded operations, as
// the reference kernel does. TQUANT: the product (and sum) in float, clamped to the destination's range,
// rounded to the nearest even integer by adding and subtracting 1.5 * 2^23 (exact for |v| < 2^22; Highway's
// Round and NearestInt emulations round 0.5 - 2^-25 up), NaN lanes zeroed, then narrowed.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/quant.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstdint>

#include "kernels/common/quant_element.hpp"
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
    for (; c < n; ++c)
        out[c] = kernels::dequant_element(static_cast<float>(in[c]), scale, offset);
}

void DeQuant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const float s = kernels::row_param(scale, r), o = kernels::row_param(offset, r);
        if (src.dtype == DType::S8)
            DeQuantRow(dst.row<float>(r), src.row<int8_t>(r), s, o, dst.valid_cols);
        else
            DeQuantRow(dst.row<float>(r), src.row<int16_t>(r), s, o, dst.valid_cols);
    }
}

template <typename D8>
void QuantRow(uint8_t* HWY_RESTRICT out, const float* HWY_RESTRICT in, float scale, const float* offset,
              int32_t n) {
    using T8 = hn::TFromD<D8>;
    const hn::ScalableTag<float> df;
    const hn::RebindToSigned<decltype(df)> di;
    const hn::Rebind<T8, decltype(di)> d8;
    const float lo = offset != nullptr ? 0.0f : -128.0f, hi = offset != nullptr ? 255.0f : 127.0f;
    const auto vs = hn::Set(df, scale), vo = hn::Set(df, offset != nullptr ? *offset : 0.0f);
    const auto vlo = hn::Set(df, lo), vhi = hn::Set(df, hi), magic = hn::Set(df, 12582912.0f);
    const auto lanes = static_cast<int32_t>(hn::Lanes(df));
    auto* dst = reinterpret_cast<T8*>(out);
    int32_t c = 0;
    for (; c + lanes <= n; c += lanes) {
        auto v = hn::Mul(hn::LoadU(df, in + c), vs);
        if (offset != nullptr)
            v = hn::Add(v, vo);
        const auto nan = hn::IsNaN(v);
        const auto clamped = hn::Min(hn::Max(v, vlo), vhi);
        const auto rounded = hn::Sub(hn::Add(clamped, magic), magic);
        const auto q = hn::IfThenZeroElse(nan, rounded);
        hn::StoreU(hn::DemoteTo(d8, hn::ConvertTo(di, q)), d8, dst + c);
    }
    for (; c < n; ++c)
        out[c] = kernels::quant_element(in[c], scale, offset != nullptr ? *offset : 0.0f, offset != nullptr);
}

void Quant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset) {
    const hn::ScalableTag<float> df;
    const hn::RebindToSigned<decltype(df)> di;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const float s = kernels::row_param(scale, r);
        const float o = offset != nullptr ? kernels::row_param(*offset, r) : 0.0f;
        auto* out = reinterpret_cast<uint8_t*>(dst.row<std::byte>(r));
        if (offset != nullptr)
            QuantRow<hn::Rebind<uint8_t, decltype(di)>>(out, src.row<float>(r), s, &o, dst.valid_cols);
        else
            QuantRow<hn::Rebind<int8_t, decltype(di)>>(out, src.row<float>(r), s, nullptr, dst.valid_cols);
    }
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(DeQuant);
HWY_EXPORT(Quant);

void tquant(const TileView& dst, const TileView& src, const TileView& scale, const TileView* offset) {
    HWY_DYNAMIC_DISPATCH(Quant)(dst, src, scale, offset);
}

void tdequant(const TileView& dst, const TileView& src, const TileView& scale, const TileView& offset) {
    HWY_DYNAMIC_DISPATCH(DeQuant)(dst, src, scale, offset);
}
}  // namespace ptosim::simd
#endif
