// Reference TCI and TTRI: each element from its position, one at a time.
#include <cstring>

#include "ptosim/core/dtype.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/ops/generate.hpp"

namespace ptosim::ref {

void tci(const TileView& dst, uint64_t start, bool descending) {
    visit_dtype(dst.dtype, [&](auto tag) {
        using T = decltype(tag);
        const T s = scalar_from_bits<T>(start);
        for (int32_t j = 0; j < dst.valid_cols; ++j) {
            T v;
            if constexpr (std::is_integral_v<T>) {
                // Modulo 2^bits, in the unsigned type of the same width (signed overflow is undefined).
                using U = std::make_unsigned_t<T>;
                const U step = static_cast<U>(j);
                v = static_cast<T>(descending ? static_cast<U>(static_cast<U>(s) - step)
                                              : static_cast<U>(static_cast<U>(s) + step));
            } else {
                const double d = static_cast<double>(static_cast<float>(s));
                v = static_cast<T>(static_cast<float>(descending ? d - j : d + j));
            }
            std::memcpy(dst.at(0, j), &v, sizeof(T));
        }
    });
}

void ttri(const TileView& dst, int32_t diagonal, bool upper) {
    visit_dtype(dst.dtype, [&](auto tag) {
        using T = decltype(tag);
        const T one = static_cast<T>(1.0f), zero = static_cast<T>(0.0f);
        for (int32_t r = 0; r < dst.valid_rows; ++r) {
            for (int32_t c = 0; c < dst.valid_cols; ++c) {
                const int64_t edge = static_cast<int64_t>(r) + diagonal;
                const bool is_one = upper ? c >= edge : c <= edge;
                std::memcpy(dst.at(r, c), is_one ? &one : &zero, sizeof(T));
            }
        }
    });
}

}  // namespace ptosim::ref
