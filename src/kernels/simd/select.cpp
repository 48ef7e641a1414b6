// Fast TSEL (dst may be src0 or src1 itself: each vector is loaded before it is stored). Per row, a vector of
// mask bits is loaded straight from the packed mask (its bit order is the lane order) and blends a vector of
// src0 with one of src1. Elements are copied as unsigned integers of their width, so the result is bit-exact
// for every dtype (NaN payloads, signed zeros). Lane counts that are not a multiple of 8 (8-byte lanes,
// 4-lane targets) take the scalar loop.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/select.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <bit>
#include <cstdint>

#include "ptosim/ops/select.hpp"

static_assert(std::endian::native == std::endian::little,
              "simd TSEL: reads uint32_t mask words as a little-endian bit string");

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <typename T>
void SelectRow(T* dst, const uint8_t* HWY_RESTRICT bits, const T* a, const T* b, int32_t n) {
    int32_t c = 0;
#if HWY_TARGET != HWY_SCALAR
    const hn::ScalableTag<T> d;
    const auto lanes = static_cast<int32_t>(hn::Lanes(d));
    if (lanes % 8 == 0) {
        for (; c + lanes <= n; c += lanes) {
            const auto m = hn::LoadMaskBits(d, bits + c / 8);
            hn::StoreU(hn::IfThenElse(m, hn::LoadU(d, a + c), hn::LoadU(d, b + c)), d, dst + c);
        }
    }
#endif
    for (; c < n; ++c)
        dst[c] = ((bits[c / 8] >> (c % 8)) & 1u) ? a[c] : b[c];
}

template <typename T>
void SelectRows(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1) {
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const auto* bits = reinterpret_cast<const uint8_t*>(mask.data) +
                           static_cast<std::size_t>(r) * mask.layout.cols * mask.elem_size();
        SelectRow<T>(dst.row<T>(r), bits, src0.row<T>(r), src1.row<T>(r), dst.valid_cols);
    }
}

void Select(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1) {
    switch (dst.elem_size()) {
        case 1:
            return SelectRows<uint8_t>(dst, mask, src0, src1);
        case 2:
            return SelectRows<uint16_t>(dst, mask, src0, src1);
        case 4:
            return SelectRows<uint32_t>(dst, mask, src0, src1);
        default:
            return SelectRows<uint64_t>(dst, mask, src0, src1);
    }
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(Select);

void tsel(const TileView& dst, const TileView& mask, const TileView& src0, const TileView& src1) {
    HWY_DYNAMIC_DISPATCH(Select)(dst, mask, src0, src1);
}
}  // namespace ptosim::simd
#endif
