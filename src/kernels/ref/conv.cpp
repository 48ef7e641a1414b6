// Reference kernels of the conv instructions: plain loops over the index spaces of docs/isa/TLOAD_CONV.md,
// TTRANS_CONV.md and TIMG2COL.md.
#include <cstring>

#include "ptosim/ops/conv.hpp"

namespace ptosim::ref {

namespace {

// Element i of a dense tensor as raw bits (the 4-bit types: a nibble of byte i / 2, low nibble first).
uint32_t get_bits(const std::byte* base, DType t, int64_t i) {
    if (dtype_is_twin(t)) {
        const auto byte = static_cast<uint8_t>(base[i / 2]);
        return (i % 2 == 0) ? (byte & 0xFu) : (byte >> 4);
    }
    uint32_t v = 0;
    std::memcpy(&v, base + i * static_cast<int64_t>(dtype_size(t)), dtype_size(t));
    return v;
}

void set_bits(std::byte* base, DType t, int64_t i, uint32_t v) {
    if (dtype_is_twin(t)) {
        auto byte = static_cast<uint8_t>(base[i / 2]);
        byte = (i % 2 == 0) ? static_cast<uint8_t>((byte & 0xF0u) | (v & 0xFu))
                            : static_cast<uint8_t>((byte & 0x0Fu) | ((v & 0xFu) << 4));
        base[i / 2] = static_cast<std::byte>(byte);
        return;
    }
    std::memcpy(base + i * static_cast<int64_t>(dtype_size(t)), &v, dtype_size(t));
}

// Copy element `from` of src to element `to` of dst.
void move_element(const ConvView& dst, int64_t to, const ConvView& src, int64_t from) {
    set_bits(dst.data, dst.dtype, to, get_bits(src.data, src.dtype, from));
}

// [G, N, C, H, W] -> [G, N, C1, H, W, C0] (reverse: the other way, channels past C dropped).
void chw_to_c1hwc0(const ConvView& blocked, const ConvView& plain, int64_t g, int64_t n, int64_t c, int64_t h,
                   int64_t w, bool reverse) {
    const int64_t c0 = conv_c0(blocked.dtype);
    const int64_t c1 = (c + c0 - 1) / c0;
    for (int64_t gi = 0; gi < g; ++gi)
        for (int64_t ni = 0; ni < n; ++ni)
            for (int64_t ci = 0; ci < c; ++ci)
                for (int64_t hi = 0; hi < h; ++hi)
                    for (int64_t wi = 0; wi < w; ++wi) {
                        const int64_t p = (((gi * n + ni) * c + ci) * h + hi) * w + wi;
                        const int64_t b =
                            (((((gi * n + ni) * c1 + ci / c0) * h + hi) * w + wi) * c0) + ci % c0;
                        if (reverse)
                            move_element(plain, p, blocked, b);
                        else
                            move_element(blocked, b, plain, p);
                    }
}

void zero(const ConvView& v) {
    std::memset(v.data, 0, v.bytes());
}

}  // namespace

void conv_copy(const ConvView& tile, const GlobalView& g, const ConvCopyMap& m, bool load) {
    const auto es = static_cast<int64_t>(dtype_size(tile.dtype));
    const int64_t* e = m.extent;
    const int64_t* s = m.stride;
    // The innermost extent (C0, or the whole last dimension) is one run of the tile; when the global tensor
    // holds it contiguously too it moves as one block.
    const bool run = s[5] == 1;
    int64_t t = 0;  // dense position in the tile
    for (int64_t i0 = 0; i0 < e[0]; ++i0)
        for (int64_t i1 = 0; i1 < e[1]; ++i1)
            for (int64_t i2 = 0; i2 < e[2]; ++i2)
                for (int64_t i3 = 0; i3 < e[3]; ++i3)
                    for (int64_t i4 = 0; i4 < e[4]; ++i4) {
                        const int64_t base = i0 * s[0] + i1 * s[1] + i2 * s[2] + i3 * s[3] + i4 * s[4];
                        if (run) {
                            std::byte* gp = g.data + base * es;
                            std::byte* tp = tile.data + t * es;
                            const auto bytes = static_cast<std::size_t>(e[5] * es);
                            load ? std::memcpy(tp, gp, bytes) : std::memcpy(gp, tp, bytes);
                            t += e[5];
                            continue;
                        }
                        for (int64_t i5 = 0; i5 < e[5]; ++i5, ++t) {
                            std::byte* gp = g.data + (base + i5 * s[5]) * es;
                            std::byte* tp = tile.data + t * es;
                            load ? std::memcpy(tp, gp, es) : std::memcpy(gp, tp, es);
                        }
                    }
}

void ttrans_conv(const ConvView& dst, const ConvView& src) {
    const int64_t* d = src.dims;
    switch (src.layout) {
        case ConvLayout::NCHW:
            if (dst.layout == ConvLayout::NC1HWC0) {
                zero(dst);
                chw_to_c1hwc0(dst, src, 1, d[0], d[1], d[2], d[3], false);
            }
            return;
        case ConvLayout::GNCHW:
            zero(dst);
            chw_to_c1hwc0(dst, src, d[0], d[1], d[2], d[3], d[4], false);
            return;
        case ConvLayout::NC1HWC0:
            if (dst.layout == ConvLayout::NCHW) {
                chw_to_c1hwc0(src, dst, 1, dst.dims[0], dst.dims[1], dst.dims[2], dst.dims[3], true);
                return;
            }
            [[fallthrough]];
        case ConvLayout::GNC1HWC0: {
            // [G, N, C1, H, W, C0] -> [G * C1 * H * W, N1, N0, C0]: kernel n of group g lands at (n / N0, n %
            // N0) of row g * C1HW + (c1 * H + h) * W + w.
            const bool grouped = src.layout == ConvLayout::GNC1HWC0;
            const int64_t g = grouped ? d[0] : 1;
            const int64_t* s = grouped ? d + 1 : d;  // N, C1, H, W, C0
            const int64_t n = s[0], c1hw = s[1] * s[2] * s[3], c0 = s[4];
            const int64_t n1 = dst.dims[1], n0 = dst.dims[2];
            zero(dst);
            for (int64_t gi = 0; gi < g; ++gi)
                for (int64_t ni = 0; ni < n; ++ni)
                    for (int64_t k = 0; k < c1hw; ++k)
                        for (int64_t ci = 0; ci < c0; ++ci) {
                            const int64_t from = ((gi * n + ni) * c1hw + k) * c0 + ci;
                            const int64_t to = ((((gi * c1hw + k) * n1 + ni / n0) * n0 + ni % n0) * c0) + ci;
                            move_element(dst, to, src, from);
                        }
            return;
        }
        case ConvLayout::NCDHW: {
            // [N, C, D, H, W] -> [D * C1 * H * W, N1, N0, C0]: row (d * C1 + c / C0) * H * W + h * W + w.
            const int64_t n = d[0], c = d[1], dd = d[2], hw = d[3] * d[4];
            const int64_t c0 = conv_c0(dst.dtype), c1 = (c + c0 - 1) / c0;
            const int64_t n1 = dst.dims[1], n0 = dst.dims[2];
            zero(dst);
            for (int64_t ni = 0; ni < n; ++ni)
                for (int64_t ci = 0; ci < c; ++ci)
                    for (int64_t di = 0; di < dd; ++di)
                        for (int64_t p = 0; p < hw; ++p) {
                            const int64_t from = ((ni * c + ci) * dd + di) * hw + p;
                            const int64_t row = (di * c1 + ci / c0) * hw + p;
                            const int64_t to = (((row * n1 + ni / n0) * n0 + ni % n0) * c0) + ci % c0;
                            move_element(dst, to, src, from);
                        }
            return;
        }
        default:
            return;
    }
}

void timg2col(const TileView& dst, const ConvView& src, const Img2colSpec& spec, int32_t pos_m,
              int32_t pos_k) {
    // The source as [N, D, C1, H, W, C0] (NC1HWC0: D = 1; a 4-D NC1HWC0 shape leaves C0 out).
    int64_t n = 0, dd = 1, c1 = 0, h = 0, w = 0;
    const int64_t c0 = conv_c0(src.dtype);
    if (src.layout == ConvLayout::NDC1HWC0) {
        n = src.dims[0], dd = src.dims[1], c1 = src.dims[2], h = src.dims[3], w = src.dims[4];
    } else {
        n = src.dims[0], c1 = src.dims[1], h = src.dims[2], w = src.dims[3];
    }
    const int64_t out_h = spec.out_h(), out_w = spec.out_w();
    const int64_t per_batch = dd * out_h * out_w;
    const int64_t k_per_c1 = spec.filter_h * spec.filter_w * c0;
    const std::size_t es = dtype_size(dst.dtype);
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        // Row m of the img2col matrix: output position (n, d, oh, ow).
        const int64_t m = int64_t{pos_m} + r;
        const int64_t ni = m / per_batch, di = (m % per_batch) / (out_h * out_w);
        const int64_t oh = (m % (out_h * out_w)) / out_w, ow = m % out_w;
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            // Column k: channel block c1, filter tap (kh, kw), channel c0 within the block.
            const int64_t k = int64_t{pos_k} + c;
            const int64_t ci1 = k / k_per_c1, tap = (k % k_per_c1) / c0, ci0 = k % c0;
            const int64_t kh = tap / spec.filter_w, kw = tap % spec.filter_w;
            const int64_t ih = oh * spec.stride_h + kh * spec.dilation_h - spec.pad_top;
            const int64_t iw = ow * spec.stride_w + kw * spec.dilation_w - spec.pad_left;
            uint32_t bits = spec.pad_bits;
            if (ni < n && ci1 < c1 && ih >= 0 && ih < h && iw >= 0 && iw < w) {
                const int64_t at = (((((ni * dd + di) * c1 + ci1) * h + ih) * w + iw) * c0) + ci0;
                bits = get_bits(src.data, src.dtype, at);
            }
            std::memcpy(dst.at(r, c), &bits, es);
        }
    }
}

}  // namespace ptosim::ref
