// The convolution side of the cube (docs/isa/TLOAD_CONV.md, TSTORE_CONV.md, TEXTRACT_CONV.md, TTRANS_CONV.md,
// TIMG2COL.md): moving conv tiles between global memory and the L1, taking a Right operand out of a FRACTAL_Z
// weight tile, converting between the feature-map and weight layouts, and img2col into a Left operand.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptosim/core/conv_view.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// A conv tile against a strided global tensor, both read as one six-dimensional index space: tile element
// (i0, ..., i5) is the dense row-major position over `extent`, its global element is sum(i_k * stride[k]).
struct ConvCopyMap {
    int64_t extent[kConvMaxRank] = {1, 1, 1, 1, 1, 1};
    int64_t stride[kConvMaxRank] = {0, 0, 0, 0, 0, 0};
};

// What TIMG2COL reads: the feature-map register (size and pads), the pad-value register and the source
// tile's filter, stride and dilation.
struct Img2colSpec {
    int64_t fmap_h = 0, fmap_w = 0;
    int64_t pad_left = 0, pad_right = 0, pad_top = 0, pad_bottom = 0;
    int64_t stride_h = 1, stride_w = 1;
    int64_t dilation_h = 1, dilation_w = 1;
    int64_t filter_h = 1, filter_w = 1;
    uint32_t pad_bits = 0;  // the pad element's bits (its low dtype_size bytes)

    int64_t out_h() const {
        return (fmap_h + pad_top + pad_bottom - dilation_h * (filter_h - 1) - 1) / stride_h + 1;
    }
    int64_t out_w() const {
        return (fmap_w + pad_left + pad_right - dilation_w * (filter_w - 1) - 1) / stride_w + 1;
    }
};

namespace ops {
// Checked entry points: validate every operand, then run the kernel. `global_layout` is the global tensor's
// pto::Layout, which must be the tile's (NC1HWC0, NDC1HWC0 or FRACTAL_Z).
void tload_conv(const ConvView& dst, const GlobalView& src, ConvLayout global_layout);
void tstore_conv(const GlobalView& dst, ConvLayout global_layout, const ConvView& src);
// dst (a Zn Right tile) takes whole 16 x C0 fractals of the K x N matrix a FRACTAL_Z tile holds, from
// (index_row, index_col).
void textract_conv(const TileView& dst, const ConvView& src, int32_t index_row, int32_t index_col);
void ttrans_conv(const ConvView& dst, const ConvView& src);
void timg2col(const TileView& dst, const ConvView& src, const Img2colSpec& spec, int32_t pos_m,
              int32_t pos_k);

// How a conv tile and a global tensor of the given layout line up (the map the copy kernels take); reports a
// shape mismatch through PTOSIM_CHECK naming `instr`.
ConvCopyMap conv_copy_map(const ConvView& tile, const GlobalView& g, ConvLayout global_layout,
                          const char* instr);
}  // namespace ops

namespace ref {
// Element-by-element reference kernels; operands must already be valid.
void conv_copy(const ConvView& tile, const GlobalView& g, const ConvCopyMap& map, bool load);
void ttrans_conv(const ConvView& dst, const ConvView& src);
void timg2col(const TileView& dst, const ConvView& src, const Img2colSpec& spec, int32_t pos_m,
              int32_t pos_k);
}  // namespace ref

}  // namespace ptosim
