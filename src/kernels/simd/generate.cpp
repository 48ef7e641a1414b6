// Fast TTRI: each row is two runs (ones and zeros) filled whole, which the compiler turns into wide stores.
#include <algorithm>
#include <cstdint>

#include "ptosim/core/dtype.hpp"
#include "ptosim/ops/generate.hpp"

namespace ptosim::simd {

void ttri(const TileView& dst, int32_t diagonal, bool upper) {
    visit_dtype(dst.dtype, [&](auto tag) {
        using T = decltype(tag);
        const T one = static_cast<T>(1.0f), zero = static_cast<T>(0.0f);
        const int64_t cols = dst.valid_cols;
        for (int32_t r = 0; r < dst.valid_rows; ++r) {
            // Lower: ones in [0, r + diagonal]; upper: zeros in [0, r + diagonal).
            const int64_t edge = static_cast<int64_t>(r) + diagonal + (upper ? 0 : 1);
            const auto split = static_cast<int32_t>(std::clamp<int64_t>(edge, 0, cols));
            T* row = dst.row<T>(r);
            std::fill_n(row, split, upper ? zero : one);
            std::fill_n(row + split, cols - split, upper ? one : zero);
        }
    });
}

}  // namespace ptosim::simd
