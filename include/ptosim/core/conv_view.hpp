// The run-time view of a convolution tile (pto-isa's ConvTile): a dense tensor of up to six dimensions in one
// of the feature-map or weight layouts of the cube side (NC1HWC0, FRACTAL_Z, ...). The innermost dimension is
// fastest; there is no padding between elements.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptosim/core/dtype.hpp"

namespace ptosim {

// The layouts a ConvTile can declare (pto::Layout's conv names; the kernel core never includes pto headers).
enum class ConvLayout : uint8_t {
    NC1HWC0,     // [N, C1, H, W, C0] (C0 may be left out of the shape: it is 32 bytes of elements)
    NDC1HWC0,    // [N, D, C1, H, W, C0]
    GNC1HWC0,    // [G, N, C1, H, W, C0]
    NCHW,        // [N, C, H, W]
    GNCHW,       // [G, N, C, H, W]
    NCDHW,       // [N, C, D, H, W]
    FractalZ,    // [C1*H*W, N1, N0, C0] (4-D) or [C1, H, W, N, C0] (5-D)
    FractalZ3D,  // [D*C1*H*W, N1, N0, C0]
    Other,       // any other pto::Layout: no conv instruction accepts it
};

const char* conv_layout_name(ConvLayout l);

inline constexpr int kConvMaxRank = 6;

struct ConvView {
    std::byte* data = nullptr;
    DType dtype = DType::U8;
    ConvLayout layout = ConvLayout::Other;
    int32_t rank = 0;
    int64_t dims[kConvMaxRank] = {1, 1, 1, 1, 1, 1};
    // Bytes addressable from `data` (SIZE_MAX when the tile was given a host pointer directly).
    std::size_t capacity = SIZE_MAX;

    int64_t elements() const {
        int64_t n = 1;
        for (int i = 0; i < rank; ++i)
            n *= dims[i];
        return n;
    }
    std::size_t bytes() const { return dtype_bytes(dtype, static_cast<std::size_t>(elements())); }
};

// C0: how many elements fill the cube's 32-byte block (64 for the 4-bit types, stored two per byte).
constexpr int64_t conv_c0(DType t) {
    return dtype_is_twin(t) ? 64 : 32 / static_cast<int64_t>(dtype_size(t));
}

}  // namespace ptosim
