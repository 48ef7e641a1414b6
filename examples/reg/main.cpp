// Runs the register-level row softmax (softmax.hpp) on random rows and compares every element with a plain
// C++ softmax computed in double: prints the largest deviation in float ulps and "MISMATCH" above 64 ulps (the
// kernel sums in float: a row of n elements may lose up to about log2(n) roundings in the sum, and every
// element of the row shares that error; a wrong maximum, mask or tail is off by far more).
//   ptosim-reg-softmax [rows] [cols]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

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
    const uint32_t rows = argc > 1 ? static_cast<uint32_t>(std::atoi(argv[1])) : 16;
    const uint32_t cols = argc > 2 ? static_cast<uint32_t>(std::atoi(argv[2])) : 200;
    if (rows == 0 || cols == 0 || rows > 4096 || cols > 65536) {
        std::fprintf(stderr, "error: rows in 1..4096 and cols in 1..65536\n");
        return 2;
    }
    const uint32_t stride = (cols + 63) / 64 * 64;
    const std::size_t blocks = static_cast<std::size_t>(rows) * stride / 64;
    std::vector<Block> src(blocks), dst(blocks), scratch(stride / 64);
    float* x = src[0].v;
    float* y = dst[0].v;
    std::mt19937 rng(7);
    std::normal_distribution<float> dist(0.0f, 3.0f);
    for (std::size_t i = 0; i < blocks * 64; ++i)
        x[i] = dist(rng);

    reg_example::softmax_rows(y, x, scratch[0].v, rows, cols, stride);

    double worst = 0;
    for (uint32_t r = 0; r < rows; ++r) {
        const float* in = x + static_cast<std::size_t>(r) * stride;
        double mx = -INFINITY, sum = 0;
        for (uint32_t c = 0; c < cols; ++c)
            mx = std::fmax(mx, in[c]);
        for (uint32_t c = 0; c < cols; ++c)
            sum += std::exp(static_cast<double>(in[c]) - mx);
        for (uint32_t c = 0; c < cols; ++c) {
            const double want = std::exp(static_cast<double>(in[c]) - mx) / sum;
            worst = std::fmax(worst, ulps(y[static_cast<std::size_t>(r) * stride + c], want));
        }
    }
    std::printf("register-level row softmax, %u x %u: largest deviation from the double-precision softmax %.2f ulp%s\n", rows, cols, worst,
                worst > 64 ? " MISMATCH" : "");
    return worst > 64 ? 1 : 0;
}
