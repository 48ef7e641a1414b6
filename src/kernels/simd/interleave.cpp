// Fast TINTERLEAVE / TDEINTERLEAVE: Highway's interleaved stores and loads over each row, moving elements as
// unsigned integers of their width (bit-exact: NaN payloads and signed zeros pass through).
// Bit-identical to the reference kernels (tests/kernels/interleave_test.cpp runs both).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd/interleave.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstdint>

#include "ptosim/ops/interleave.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out[2i] = a[i], out[2i + 1] = b[i] for i < n.
template <typename T>
HWY_INLINE void Zip(const T* HWY_RESTRICT a, const T* HWY_RESTRICT b, int32_t n, T* HWY_RESTRICT out) {
    const hn::ScalableTag<T> d;
    const auto lanes = static_cast<int32_t>(hn::Lanes(d));
    int32_t i = 0;
    for (; i + 2 * lanes <= n; i += 2 * lanes) {
        const auto a0 = hn::LoadU(d, a + i), a1 = hn::LoadU(d, a + i + lanes);
        const auto b0 = hn::LoadU(d, b + i), b1 = hn::LoadU(d, b + i + lanes);
        hn::StoreInterleaved2(a0, b0, d, out + 2 * i);
        hn::StoreInterleaved2(a1, b1, d, out + 2 * i + 2 * lanes);
    }
    for (; i + lanes <= n; i += lanes)
        hn::StoreInterleaved2(hn::LoadU(d, a + i), hn::LoadU(d, b + i), d, out + 2 * i);
    for (; i < n; ++i) {
        out[2 * i] = a[i];
        out[2 * i + 1] = b[i];
    }
}

// a[i] = in[2i], b[i] = in[2i + 1] for i < n.
template <typename T>
HWY_INLINE void Unzip(const T* HWY_RESTRICT in, int32_t n, T* HWY_RESTRICT a, T* HWY_RESTRICT b) {
    const hn::ScalableTag<T> d;
    const auto lanes = static_cast<int32_t>(hn::Lanes(d));
    int32_t i = 0;
    for (; i + 2 * lanes <= n; i += 2 * lanes) {
        hn::Vec<decltype(d)> e0, o0, e1, o1;
        hn::LoadInterleaved2(d, in + 2 * i, e0, o0);
        hn::LoadInterleaved2(d, in + 2 * i + 2 * lanes, e1, o1);
        hn::StoreU(e0, d, a + i);
        hn::StoreU(e1, d, a + i + lanes);
        hn::StoreU(o0, d, b + i);
        hn::StoreU(o1, d, b + i + lanes);
    }
    for (; i + lanes <= n; i += lanes) {
        hn::Vec<decltype(d)> even, odd;
        hn::LoadInterleaved2(d, in + 2 * i, even, odd);
        hn::StoreU(even, d, a + i);
        hn::StoreU(odd, d, b + i);
    }
    for (; i < n; ++i) {
        a[i] = in[2 * i];
        b[i] = in[2 * i + 1];
    }
}

// Calls f(T{}) with the unsigned integer type of the element width.
template <typename F>
HWY_INLINE void ByWidth(const TileView& t, F&& f) {
    switch (t.elem_size()) {
        case 1:
            f(uint8_t{});
            break;
        case 2:
            f(uint16_t{});
            break;
        default:
            f(uint32_t{});
            break;
    }
}

void Interleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    ByWidth(dst0, [&](auto zero) {
        using T = decltype(zero);
        const int32_t half = dst0.valid_cols / 2;
        for (int32_t r = 0; r < dst0.valid_rows; ++r) {
            // The stream's first half (dst0) interleaves the first halves of the sources, the second half
            // (dst1) their second halves.
            Zip(src0.row<T>(r), src1.row<T>(r), half, dst0.row<T>(r));
            Zip(src0.row<T>(r) + half, src1.row<T>(r) + half, half, dst1.row<T>(r));
        }
    });
}

void Deinterleave2(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    ByWidth(dst0, [&](auto zero) {
        using T = decltype(zero);
        const int32_t half = dst0.valid_cols / 2;
        for (int32_t r = 0; r < dst0.valid_rows; ++r) {
            // src0 holds stream positions [0, C): the first halves of dst0 and dst1; src1 the second halves.
            Unzip(src0.row<T>(r), half, dst0.row<T>(r), dst1.row<T>(r));
            Unzip(src1.row<T>(r), half, dst0.row<T>(r) + half, dst1.row<T>(r) + half);
        }
    });
}

void Deinterleave1(const TileView& dst1, const TileView& dst0, const TileView& src) {
    ByWidth(dst0, [&](auto zero) {
        using T = decltype(zero);
        for (int32_t r = 0; r < dst0.valid_rows; ++r) {
            Unzip(src.row<T>(r), dst0.valid_cols, dst0.row<T>(r), dst1.row<T>(r));
        }
    });
}

}  // namespace ptosim::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::simd {
HWY_EXPORT(Interleave);
HWY_EXPORT(Deinterleave2);
HWY_EXPORT(Deinterleave1);

void tinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    HWY_DYNAMIC_DISPATCH(Interleave)(dst1, dst0, src1, src0);
}
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src1, const TileView& src0) {
    HWY_DYNAMIC_DISPATCH(Deinterleave2)(dst1, dst0, src1, src0);
}
void tdeinterleave(const TileView& dst1, const TileView& dst0, const TileView& src) {
    HWY_DYNAMIC_DISPATCH(Deinterleave1)(dst1, dst0, src);
}
}  // namespace ptosim::simd
#endif
