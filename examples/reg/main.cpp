// Runs the register-level kernels (softmax.hpp, layernorm.hpp) on random rows and compares every element with
// a plain C++ version computed in double: prints the largest deviation in float ulps and "MISMATCH" above 64
// ulps (the kernels sum in float: a row of n elements may lose up to about log2(n) roundings in a sum, and
// every element of the row shares that error; a wrong maximum, mean, mask or tail is off by far more).
//   ptosim-reg-kernels softmax|layernorm [rows] [cols]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "layernorm.hpp"
#include "softmax.hpp"

namespace {

// 64 floats, 256-byte aligned: the rows start where LoadAlign can read them.
struct alignas(256) Block {
    float v[64];
};

double ulps(float got, double want) {
    const float w = static_cast<float>(want);
    const float spacing = std::nextafter(std::fabs(w), INFINITY) - std::fabs(w);
    return std::fabs(static_cast<double>(got) - want) / static_cast<double>(spacing);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string kernel = argc > 1 ? argv[1] : "softmax";
    const uint32_t rows = argc > 2 ? static_cast<uint32_t>(std::atoi(argv[2])) : 16;
    const uint32_t cols = argc > 3 ? static_cast<uint32_t>(std::atoi(argv[3])) : 200;
    if ((kernel != "softmax" && kernel != "layernorm") || rows == 0 || cols == 0 || rows > 4096 ||
        cols > 65536) {
        std::fprintf(stderr, "usage: ptosim-reg-kernels softmax|layernorm [rows 1..4096] [cols 1..65536]\n");
        return 2;
    }
    const uint32_t stride = (cols + 63) / 64 * 64;
    const std::size_t blocks = static_cast<std::size_t>(rows) * stride / 64;
    std::vector<Block> src(blocks), dst(blocks), scratch(stride / 64), gamma(stride / 64), beta(stride / 64);
    float* x = src[0].v;
    float* y = dst[0].v;
    std::mt19937 rng(7);
    std::normal_distribution<float> dist(0.5f, 3.0f);
    for (std::size_t i = 0; i < blocks * 64; ++i)
        x[i] = dist(rng);
    for (uint32_t c = 0; c < stride; ++c) {
        gamma[0].v[c] = 1.0f + 0.01f * static_cast<float>(c % 17);
        beta[0].v[c] = -0.5f + 0.02f * static_cast<float>(c % 13);
    }
    constexpr float kEps = 1e-5f;
    if (kernel == "softmax")
        reg_example::softmax_rows(y, x, scratch[0].v, rows, cols, stride);
    else
        reg_example::layernorm_rows(y, x, gamma[0].v, beta[0].v, rows, cols, stride, kEps);

    double worst = 0;
    for (uint32_t r = 0; r < rows; ++r) {
        const float* in = x + static_cast<std::size_t>(r) * stride;
        const float* out = y + static_cast<std::size_t>(r) * stride;
        if (kernel == "softmax") {
            double mx = -INFINITY, sum = 0;
            for (uint32_t c = 0; c < cols; ++c)
                mx = std::fmax(mx, in[c]);
            for (uint32_t c = 0; c < cols; ++c)
                sum += std::exp(static_cast<double>(in[c]) - mx);
            for (uint32_t c = 0; c < cols; ++c)
                worst = std::fmax(worst, ulps(out[c], std::exp(static_cast<double>(in[c]) - mx) / sum));
        } else {
            double mean = 0, var = 0;
            for (uint32_t c = 0; c < cols; ++c)
                mean += in[c];
            mean /= cols;
            for (uint32_t c = 0; c < cols; ++c)
                var += (in[c] - mean) * (in[c] - mean);
            var /= cols;
            const double inv = 1.0 / std::sqrt(var + kEps);
            for (uint32_t c = 0; c < cols; ++c) {
                const double want = (in[c] - mean) * inv * gamma[0].v[c] + beta[0].v[c];
                // Near zero an ulp is tiny: measure against the row's scale (an ulp of 1).
                const double scale_ulp = std::fmax(std::fabs(want), 1.0);
                worst = std::fmax(worst, std::fabs(out[c] - want) / (scale_ulp * 0x1p-23));
            }
        }
    }
    std::printf("register-level %s, %u x %u: largest deviation from the double-precision result %.2f ulp%s\n",
                kernel.c_str(), rows, cols, worst, worst > 64 ? " MISMATCH" : "");
    return worst > 64 ? 1 : 0;
}
