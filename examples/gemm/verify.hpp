// The checks of the tiled GEMM (gemm.hpp), shared by its program and the showcase: bit for bit against the
// accumulation order the kernel's instructions define, and against a double-precision product with a bound.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

#include "../common/host.hpp"
#include "gemm.hpp"

namespace examples::gemm::verify {

template <typename T>
using Device = DeviceBuffer<T>;
namespace gm = gemm;

constexpr double kU = 0x1p-24;  // the unit roundoff of float

struct Result {
    bool ok = false;
    const char* dtype = "";
    std::size_t checked_rows = 0, differ = 0;  // rows checked; outputs whose bits differ from the model
    double worst_err = 0, worst_fraction = 0, worst_plain = 0;
    double gflop = 0, kernel_s = 0, plain_s = 0;
};

// One run of the kernel and of the plain C++ loops on generated inputs (best of reps each), and the check.
// Checks rows 0, stride, 2 stride, ... and the last row, stride chosen so that about 2^27 multiply-adds are
// checked (every row up to 512^3).
//
// Exact: TMATMUL computes each output of a step as the k-ordered chain of float fused multiply-adds from zero
// and TMATMUL_ACC adds that chain to the accumulator once (docs/isa/TMATMUL.md), so with kBk = 64 per step
//   c = s_0, then c = c + s_t for t = 1 .. K/64 - 1, s_t = fma(a[k], b[k], ...) over k in [64 t, 64 t + 64)
// gives the kernel's bits; this is computed here from that rule with std::fma.
// Bound: each chain rounds at most 64 times and the sum of K/64 steps K/64 - 1 times, every partial sum being
// at most sum_k |a_ik b_kj|, so |c - c_exact| <= (64 + K/64) u sum_k |a_ik b_kj| (first order; + 1 covers the
// second). Half inputs are exact in float, and their products too, so the same bound holds.
template <typename T>
Result measure(const gm::Params& p, int reps, std::mt19937_64& rng) {
    const auto m = static_cast<std::size_t>(p.m), n = static_cast<std::size_t>(p.n),
               k = static_cast<std::size_t>(p.k);
    std::vector<T> a(m * k), b(k * n);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (auto& x : a)
        x = static_cast<T>(dist(rng));
    for (auto& x : b)
        x = static_cast<T>(dist(rng));
    Device<T> da(a.size()), db(b.size());
    Device<float> dc(m * n);
    da.put(a);
    db.put(b);
    const double kernel_s = best_seconds(reps, [&] { gm::run<T>(p, da.p, db.p, dc.p); });
    std::vector<float> c(m * n), plain(m * n);
    dc.get(c);
    const double plain_s = best_seconds(reps, [&] { gm::run_plain<T>(p, a.data(), b.data(), plain.data()); });

    std::vector<float> af(a.size()), bf(b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        af[i] = static_cast<float>(a[i]);
    for (std::size_t i = 0; i < b.size(); ++i)
        bf[i] = static_cast<float>(b[i]);
    const std::size_t stride = std::max<std::size_t>(1, m * n * k >> 27);
    std::vector<double> exact(n), mag(n);
    std::vector<float> model(n), chain(n);
    std::size_t checked = 0, differ = 0;
    double worst = 0;  // the largest error as a fraction of its bound
    double worst_err = 0, worst_plain = 0;
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < m; i += stride)
        rows.push_back(i);
    if (rows.back() != m - 1)
        rows.push_back(m - 1);
    for (const std::size_t i : rows) {
        ++checked;
        std::fill(exact.begin(), exact.end(), 0.0);
        std::fill(mag.begin(), mag.end(), 0.0);
        for (std::size_t kk = 0; kk < k; ++kk) {
            const double x = af[i * k + kk];
            for (std::size_t j = 0; j < n; ++j) {
                exact[j] += x * bf[kk * n + j];
                mag[j] += std::abs(x * bf[kk * n + j]);
            }
        }
        for (std::size_t k0 = 0; k0 < k; k0 += gm::kBk) {
            std::fill(chain.begin(), chain.end(), 0.0f);
            for (std::size_t kk = k0; kk < k0 + gm::kBk; ++kk)
                for (std::size_t j = 0; j < n; ++j)
                    chain[j] = std::fma(af[i * k + kk], bf[kk * n + j], chain[j]);
            for (std::size_t j = 0; j < n; ++j)
                model[j] = k0 == 0 ? chain[j] : model[j] + chain[j];
        }
        const double coef = (gm::kBk + static_cast<double>(k) / gm::kBk + 1) * kU;
        for (std::size_t j = 0; j < n; ++j) {
            const float got = c[i * n + j];
            differ += std::bit_cast<uint32_t>(got) != std::bit_cast<uint32_t>(model[j]);
            const double err = std::abs(got - exact[j]);
            worst_err = std::max(worst_err, std::isnan(got) ? 1e300 : err);
            worst = std::max(worst, std::isnan(got) ? 1e300 : err / (coef * mag[j]));
            worst_plain = std::max(worst_plain, std::abs(plain[i * n + j] - exact[j]));
        }
    }
    Result r;
    r.dtype = std::is_same_v<T, half> ? "half" : "float";
    r.checked_rows = checked;
    r.differ = differ;
    r.worst_err = worst_err;
    r.worst_fraction = worst;
    r.worst_plain = worst_plain;
    r.ok = differ == 0 && worst <= 1.0;
    r.gflop = gm::flops(p) * 1e-9;
    r.kernel_s = kernel_s;
    r.plain_s = plain_s;
    return r;
}

// The program's line for one measurement.
inline void print(const Params& p, const Result& r) {
    std::printf(
        "gemm  %-5s  M=%d N=%d K=%d  %s (%zu of %d rows: %zu bits differ from the k-ordered model; "
        "max err %.1e, %.2f of the bound (64 + K/64 + 1) u sum|a b|; plain C++ %.1e)  "
        "%.2f GFLOP/s  plain %.2f GFLOP/s  ratio %.2f\n",
        r.dtype, p.m, p.n, p.k, r.ok ? "verified" : "MISMATCH", r.checked_rows, p.m, r.differ, r.worst_err,
        r.worst_fraction, r.worst_plain, r.gflop / r.kernel_s, r.gflop / r.plain_s, r.plain_s / r.kernel_s);
}

}  // namespace examples::gemm::verify
