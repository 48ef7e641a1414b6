// Reference TMATMUL_MX: the operands and scales are decoded to doubles once (every 8- and 4-bit float and
// every E8M0 power of two is exact there), then per output the k-ordered chain
// s = float(double(s) + a * b * (scale_a * scale_b)) from 0.0f, the old accumulator or the bias added after.
#include <bit>
#include <cstring>
#include <vector>

#include "../common/element_bits.hpp"
#include "ptosim/core/pre_quant.hpp"
#include "ptosim/ops/matmul.hpp"

namespace ptosim::ref {

namespace {

double value(const TileView& t, int32_t r, int32_t c) {
    return std::bit_cast<double>(
        prequant::cast_bits(t.dtype, DType::F64, kernels::load_bits(t, t.layout.offset(r, c))));
}

// rows x cols of t as doubles, row-major.
std::vector<double> decode(const TileView& t, int32_t rows, int32_t cols) {
    std::vector<double> out(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
    for (int32_t r = 0; r < rows; ++r)
        for (int32_t c = 0; c < cols; ++c)
            out[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)] =
                value(t, r, c);
    return out;
}

float get_f32(const TileView& t, int32_t r, int32_t c) {
    float v;
    std::memcpy(&v, t.at(r, c), sizeof v);
    return v;
}

}  // namespace

void tmatmul_mx(const TileView& c, const TileView& a, const TileView& a_scale, const TileView& b,
                const TileView& b_scale, const TileView* acc_in, const TileView* bias) {
    const int32_t m = a.valid_rows, k = a.valid_cols, n = b.valid_cols, blocks = (k + 31) / 32;
    const std::vector<double> av = decode(a, m, k), bv = decode(b, k, n);
    const std::vector<double> sa = decode(a_scale, m, blocks), sb = decode(b_scale, blocks, n);
    const auto at = [](const std::vector<double>& v, int32_t cols, int32_t r, int32_t col) {
        return v[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                 static_cast<std::size_t>(col)];
    };
    for (int32_t i = 0; i < m; ++i) {
        for (int32_t j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int32_t x = 0; x < k; ++x) {
                const double scale = at(sa, blocks, i, x / 32) * at(sb, n, x / 32, j);
                s = static_cast<float>(static_cast<double>(s) + at(av, k, i, x) * at(bv, n, x, j) * scale);
            }
            float out = s;
            if (acc_in != nullptr)
                out = get_f32(*acc_in, i, j) + s;
            else if (bias != nullptr)
                out = s + get_f32(*bias, 0, j);
            std::memcpy(c.at(i, j), &out, sizeof out);
        }
    }
}

}  // namespace ptosim::ref
