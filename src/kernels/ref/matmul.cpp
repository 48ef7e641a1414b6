// Reference TMATMUL: per output element, the k-ordered chain of fused multiply-adds from zero in the
// accumulator type, then the old accumulator or the bias added once. Elements are read through each tile's
// layout, so every fractal layout works.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "ptosim/core/float16.hpp"
#include "ptosim/ops/matmul.hpp"

namespace ptosim::ref {

namespace {

template <typename T>
T get(const TileView& t, int32_t r, int32_t c) {
    T v;
    std::memcpy(&v, t.at(r, c), sizeof v);
    return v;
}

template <typename In, typename Acc>
void run(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
         const TileView* bias) {
    const int32_t m = a.valid_rows, k = a.valid_cols, n = b.valid_cols;
    for (int32_t i = 0; i < m; ++i) {
        for (int32_t j = 0; j < n; ++j) {
            Acc s = 0;
            for (int32_t x = 0; x < k; ++x) {
                const auto av = get<In>(a, i, x);
                const auto bv = get<In>(b, x, j);
                if constexpr (std::is_same_v<Acc, float>) {
                    s = std::fma(static_cast<float>(av), static_cast<float>(bv), s);
                } else {  // int32, wrapping: the products of int8 values are exact
                    s = static_cast<Acc>(
                        static_cast<uint32_t>(s) +
                        static_cast<uint32_t>(static_cast<int32_t>(av) * static_cast<int32_t>(bv)));
                }
            }
            Acc out = s;
            const TileView* add = acc_in != nullptr ? acc_in : bias;
            if (add != nullptr) {
                const Acc v = acc_in != nullptr ? get<Acc>(*acc_in, i, j) : get<Acc>(*bias, 0, j);
                if constexpr (std::is_same_v<Acc, float>)
                    out = acc_in != nullptr ? v + s : s + v;
                else
                    out = static_cast<Acc>(static_cast<uint32_t>(v) + static_cast<uint32_t>(s));
            }
            std::memcpy(c.at(i, j), &out, sizeof out);
        }
    }
}

}  // namespace

void tmatmul(const TileView& c, const TileView& a, const TileView& b, const TileView* acc_in,
             const TileView* bias) {
    switch (a.dtype) {
        case DType::S8:
            run<int8_t, int32_t>(c, a, b, acc_in, bias);
            break;
        case DType::F16:
            run<float16, float>(c, a, b, acc_in, bias);
            break;
        case DType::BF16:
            run<bfloat16, float>(c, a, b, acc_in, bias);
            break;
        default:
            run<float, float>(c, a, b, acc_in, bias);
            break;
    }
}

}  // namespace ptosim::ref
