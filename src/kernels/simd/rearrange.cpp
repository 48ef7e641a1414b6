// Fast TFILLPAD (a span copy and a typed fill per row) and TTRANS (a transpose in square blocks that stay in
// the cache), for row-major tiles.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "ptosim/ops/rearrange.hpp"

namespace ptosim::simd {

namespace {

template <typename T>
void fill_pad(const TileView& dst, const TileView& src, const FillPadSpec& s) {
    const auto pad = static_cast<T>(s.pad);
    for (int32_t r = 0; r < s.fill_rows; ++r) {
        T* out = dst.row<T>(r);
        int32_t first = 0;
        if (r < s.keep_rows) {
            if (s.copy && out != src.row<T>(r))
                std::memcpy(out, src.row<T>(r), static_cast<std::size_t>(s.keep_cols) * sizeof(T));
            first = s.keep_cols;
        }
        std::fill(out + first, out + s.fill_cols, pad);
    }
}

template <typename T>
void transpose(const TileView& dst, const TileView& src) {
    constexpr int32_t kBlock = 64 / sizeof(T) > 16 ? 16 : static_cast<int32_t>(64 / sizeof(T));
    const int64_t in_stride = src.layout.cols, out_stride = dst.layout.cols;
    const T* in = src.ptr<T>();
    T* out = dst.ptr<T>();
    for (int32_t r0 = 0; r0 < src.valid_rows; r0 += kBlock) {
        const int32_t r1 = std::min(r0 + kBlock, src.valid_rows);
        for (int32_t c0 = 0; c0 < src.valid_cols; c0 += kBlock) {
            const int32_t c1 = std::min(c0 + kBlock, src.valid_cols);
            for (int32_t c = c0; c < c1; ++c) {
                T* o = out + c * out_stride;
                for (int32_t r = r0; r < r1; ++r)
                    o[r] = in[r * in_stride + c];
            }
        }
    }
}

}  // namespace

bool tfillpad(const TileView& dst, const TileView& src, const FillPadSpec& s) {
    if (!dst.layout.is_row_major() || (s.copy && !src.layout.is_row_major()))
        return false;
    switch (dst.elem_size()) {
        case 1:
            fill_pad<uint8_t>(dst, src, s);
            break;
        case 2:
            fill_pad<uint16_t>(dst, src, s);
            break;
        default:
            fill_pad<uint32_t>(dst, src, s);
            break;
    }
    return true;
}

bool ttrans(const TileView& dst, const TileView& src) {
    if (!dst.layout.is_row_major() || !src.layout.is_row_major())
        return false;
    switch (dst.elem_size()) {
        case 1:
            transpose<uint8_t>(dst, src);
            break;
        case 2:
            transpose<uint16_t>(dst, src);
            break;
        default:
            transpose<uint32_t>(dst, src);
            break;
    }
    return true;
}

}  // namespace ptosim::simd
