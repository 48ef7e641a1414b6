// Reference TADDDEQRELU: int32 sum (wrapping), to float, times the scale, ReLU, half with saturation.
#include <cmath>
#include <cstdint>

#include "kernels/elementwise/scalar_ops.hpp"
#include "ptosim/ops/elementwise_special.hpp"

namespace ptosim::ref {

void tadddeqrelu(const TileView& dst, const TileView& src0, const TileView& src1, float scale) {
    using F = kernels::ScalarOps<float>;
    for (int32_t r = 0; r < dst.valid_rows; ++r) {
        const int32_t* a = src0.row<int32_t>(r);
        const int32_t* b = src1.row<int32_t>(r);
        float16* out = dst.row<float16>(r);
        for (int32_t c = 0; c < dst.valid_cols; ++c) {
            const auto sum = static_cast<int32_t>(static_cast<uint32_t>(a[c]) + static_cast<uint32_t>(b[c]));
            const float v = F::max(F::mul(static_cast<float>(sum), scale), 0.0f);
            out[c] = std::isnan(v)   ? float16::from_bits(0x7E00)
                     : v >= 65504.0f ? float16(65504.0f)
                                     : float16(v);
        }
    }
}

}  // namespace ptosim::ref
