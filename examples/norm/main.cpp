// Row softmax and layer normalisation (norm.hpp) on generated rows: each result is checked against a
// double-precision computation with the bound printed on its line, and timed against a plain C++ loop of the
// same computation in the same run. Usage: ptosim-norm [rows cols blocks reps] (default 4096 256 1 3).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "../common/host.hpp"
#include "norm.hpp"

namespace {

using examples::best_seconds;
using Device = examples::DeviceBuffer<float>;
constexpr double kU = 0x1p-24;  // the unit roundoff of float

void report(const char* what, int64_t rows, int cols, bool ok, double worst, double kernel_s,
            double plain_s) {
    const double bytes = 2.0 * static_cast<double>(rows) * cols * 4;  // read x, write y
    std::printf(
        "%-10s %lld x %d float: %s (worst deviation %.2f of the bound), %.2f GB/s, plain C++ %.2f GB/s, "
        "ratio %.2f\n",
        what, static_cast<long long>(rows), cols, ok ? "verified" : "MISMATCH", worst,
        bytes / kernel_s * 1e-9, bytes / plain_s * 1e-9, plain_s / kernel_s);
}

// Softmax. Per element: x - m rounds once (|x - m| <= 16 here, so exp's argument is off by <= 16u), exp
// rounds once more (17u relative), the row sum of C positive terms adds at most (C - 1)u relative, the
// division u: the result is within (C + 40)u of the exact value, relative (first order; the slack covers the
// second).
bool softmax(int64_t rows, int cols, unsigned blocks, int reps, std::mt19937_64& rng) {
    const auto n = static_cast<std::size_t>(rows) * cols;
    std::vector<float> x(n), y(n), plain(n);
    std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
    for (auto& v : x)
        v = dist(rng);
    Device dx(n), dy(n);
    dx.put(x);
    const double kernel_s =
        best_seconds(reps, [&] { ptosim::launch(blocks, norm::RowSoftmax, dy.p, dx.p, rows, cols); });
    dy.get(y);
    const double plain_s = best_seconds(reps, [&] {
        for (int64_t r = 0; r < rows; ++r) {
            const float* in = x.data() + r * cols;
            float* out = plain.data() + r * cols;
            const float m = *std::max_element(in, in + cols);
            float s = 0;
            for (int c = 0; c < cols; ++c)
                s += out[c] = std::exp(in[c] - m);
            for (int c = 0; c < cols; ++c)
                out[c] /= s;
        }
    });
    const double bound = (cols + 40) * kU;
    double worst = 0;
    for (int64_t r = 0; r < rows; ++r) {
        const float* in = x.data() + r * cols;
        double m = in[0], s = 0;
        for (int c = 0; c < cols; ++c)
            m = std::max(m, static_cast<double>(in[c]));
        for (int c = 0; c < cols; ++c)
            s += std::exp(in[c] - m);
        for (int c = 0; c < cols; ++c) {
            const double want = std::exp(in[c] - m) / s;
            worst = std::max(worst, std::abs(y[r * cols + c] - want) / want / bound);
        }
    }
    const bool ok = worst <= 1.0;
    report("softmax", rows, cols, ok, worst, kernel_s, plain_s);
    return ok;
}

// Layer norm. The mean of C values within |x| <= A is off by at most (C + 1)uA; d = x - mean adds u|d|; the
// variance (C + 4)u relative plus the mean's share; rsqrt u and the three products 3u. So the normalised
// value x^ = d / sigma is within (2C + 32)u (A / sigma + |x^|), and y = x^ gamma + beta within that times
// |gamma| plus 2u |y|.
bool layer_norm(int64_t rows, int cols, unsigned blocks, int reps, std::mt19937_64& rng) {
    const auto n = static_cast<std::size_t>(rows) * cols;
    std::vector<float> x(n), y(n), plain(n), gamma(static_cast<std::size_t>(cols)), beta(gamma.size());
    std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
    for (int64_t r = 0; r < rows; ++r) {
        const float shift = dist(rng), spread = 0.5f + std::abs(dist(rng));
        for (int c = 0; c < cols; ++c)
            x[r * cols + c] = shift + spread * dist(rng);
    }
    for (int c = 0; c < cols; ++c) {
        gamma[c] = 1.0f + 0.25f * dist(rng);
        beta[c] = 0.5f * dist(rng);
    }
    const float eps = 1e-5f;
    Device dx(n), dy(n), dg(gamma.size()), db(beta.size());
    dx.put(x);
    dg.put(gamma);
    db.put(beta);
    const double kernel_s = best_seconds(
        reps, [&] { ptosim::launch(blocks, norm::LayerNorm, dy.p, dx.p, dg.p, db.p, rows, cols, eps); });
    dy.get(y);
    const double plain_s = best_seconds(reps, [&] {
        for (int64_t r = 0; r < rows; ++r) {
            const float* in = x.data() + r * cols;
            float* out = plain.data() + r * cols;
            float s = 0, q = 0;
            for (int c = 0; c < cols; ++c)
                s += in[c];
            const float mean = s / static_cast<float>(cols);
            for (int c = 0; c < cols; ++c)
                q += (in[c] - mean) * (in[c] - mean);
            const float rs = 1.0f / std::sqrt(q / static_cast<float>(cols) + eps);
            for (int c = 0; c < cols; ++c)
                out[c] = (in[c] - mean) * rs * gamma[c] + beta[c];
        }
    });
    double worst = 0;
    for (int64_t r = 0; r < rows; ++r) {
        const float* in = x.data() + r * cols;
        double mean = 0, var = 0, a = 0;
        for (int c = 0; c < cols; ++c) {
            mean += in[c];
            a = std::max(a, std::abs(static_cast<double>(in[c])));
        }
        mean /= cols;
        for (int c = 0; c < cols; ++c)
            var += (in[c] - mean) * (in[c] - mean);
        const double sigma = std::sqrt(var / cols + eps);
        for (int c = 0; c < cols; ++c) {
            const double xh = (in[c] - mean) / sigma, want = xh * gamma[c] + beta[c];
            const double bound = (2.0 * cols + 32) * kU * (a / sigma + std::abs(xh)) * std::abs(gamma[c]) +
                                 2 * kU * std::abs(want);
            worst = std::max(worst, std::abs(y[r * cols + c] - want) / bound);
        }
    }
    const bool ok = worst <= 1.0;
    report("layernorm", rows, cols, ok, worst, kernel_s, plain_s);
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 4096;
    const int cols = argc > 2 ? std::atoi(argv[2]) : 256;
    const auto blocks = static_cast<unsigned>(argc > 3 ? std::atoi(argv[3]) : 1);
    const int reps = argc > 4 ? std::atoi(argv[4]) : 3;
    if (rows < 1 || cols < 1 || cols > norm::kMaxC || blocks < 1 || reps < 1) {
        std::fprintf(stderr, "usage: ptosim-norm [rows cols (<= %d) blocks reps]\n", norm::kMaxC);
        return 2;
    }
    aclInit(nullptr);
    aclrtSetDevice(0);
    std::mt19937_64 rng(3);
    bool ok = softmax(rows, cols, blocks, reps, rng);
    ok &= layer_norm(rows, cols, blocks, reps, rng);
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
