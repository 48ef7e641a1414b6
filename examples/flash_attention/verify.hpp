// The check of the flash-attention kernel (flash_attention.hpp), shared by its program and the showcase: a
// double-precision softmax(Q K^T / sqrt(D)) V from the same rounded inputs, and a bound on the kernel's
// error.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

#include "../common/host.hpp"
#include "flash_attention.hpp"

namespace examples::flash_attention::verify {

template <typename T>
using Device = DeviceBuffer<T>;
namespace fa = flash_attention;

constexpr double kU = 0x1p-24;   // the unit roundoff of float
constexpr double kUh = 0x1p-11;  // the unit roundoff of half

// The bound on |O - O_exact| (first order in u; the constants are rounded up). With A = max over (i, j) of
// sum_d |q_id k_jd|, smax = max |s_ij|, R = max over visible (i, j) of (rowmax_i - s_ij), V = max |v|:
// - a scaled score is off by at most eps = (D + 2) u A / sqrt(D) + 2u smax (the k-ordered fused chain of D
//   terms, the rounded 1/sqrt(D) and the product);
// - each normalised weight p_ij / l_i then by 2 eps relative (its own score and the sum's), plus (R + 1)u for
//   s - m' and the exp, and per step (R + 3)u for alpha = exp(m - m'), its product with O, and the same for
//   l;
// - the sums add at most kBkv u (P V, relative to sum p |v|) and kBkv u (the row sum), one u per step for
//   O += P V and l += sum, and u for the final division;
// - with half inputs P is rounded to half before P V (l keeps the float P): u_h relative per weight.
// Every error is relative to sum_j p_ij |v_jc| / l_i <= V, so the bound is V times the sum.
struct Result {
    bool ok = false;
    const char* dtype = "";
    double worst = 0, bound = 0, worst_plain = 0;  // max |O - O_exact| of the kernel and of the plain loops
    double gflop = 0, kernel_s = 0, plain_s = 0;
};

struct Stats {
    double a = 0, smax = 0, r = 0, vmax = 0;
};

template <typename T>
double bound(const fa::Params& p, const Stats& st) {
    const double eps = (p.d + 2) * kU * st.a / std::sqrt(static_cast<double>(p.d)) + 2 * kU * st.smax;
    const double steps = static_cast<double>(p.s_kv / fa::kBkv);
    const double rel = 2 * eps + kU * (2 * fa::kBkv + 2 * st.r + 6 + steps * (2 * st.r + 8)) +
                       (std::is_same_v<T, half> ? kUh : 0.0);
    return st.vmax * rel;
}

// One run of the kernel and of the plain C++ loops on generated inputs (best of reps each), and the check.
template <typename T>
Result measure(const fa::Params& p, int reps, std::mt19937_64& rng) {
    const int d = p.d;
    const auto nq = static_cast<std::size_t>(p.s_q) * d, nkv = static_cast<std::size_t>(p.s_kv) * d;
    std::vector<T> q(nq), k(nkv), v(nkv);
    // Scores of standard deviation about 1: softmax weights that differ by e^5 and more within a row.
    std::uniform_real_distribution<float> wide(-3.0f, 3.0f), unit(-1.0f, 1.0f);
    for (auto& x : q)
        x = static_cast<T>(wide(rng));
    for (auto& x : k)
        x = static_cast<T>(unit(rng));
    for (auto& x : v)
        x = static_cast<T>(unit(rng));
    Device<T> dq(nq), dk(nkv), dv(nkv);
    Device<float> dout(nq);
    dq.put(q);
    dk.put(k);
    dv.put(v);
    const double kernel_s = best_seconds(reps, [&] { fa::run<T>(p, dq.p, dk.p, dv.p, dout.p); });
    std::vector<float> out(nq), plain(nq);
    dout.get(out);
    const double plain_s =
        best_seconds(reps, [&] { fa::run_plain<T>(p, q.data(), k.data(), v.data(), plain.data()); });

    // The exact result, in double from the same (rounded) inputs.
    std::vector<double> qd(nq), kd(nkv), vd(nkv), s(static_cast<std::size_t>(p.s_kv)),
        w(static_cast<std::size_t>(p.s_kv)), row(static_cast<std::size_t>(d));
    for (std::size_t i = 0; i < nq; ++i)
        qd[i] = static_cast<double>(static_cast<float>(q[i]));
    for (std::size_t i = 0; i < nkv; ++i) {
        kd[i] = static_cast<double>(static_cast<float>(k[i]));
        vd[i] = static_cast<double>(static_cast<float>(v[i]));
    }
    Stats st;
    for (double x : vd)
        st.vmax = std::max(st.vmax, std::abs(x));
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    double worst = 0, worst_plain = 0;
    for (int64_t i = 0; i < p.s_q; ++i) {
        const int64_t n = fa::visible_keys(p, i);
        double mx = -1e300, sum = 0;
        for (int64_t j = 0; j < n; ++j) {
            double acc = 0, mag = 0;
            for (int c = 0; c < d; ++c) {
                acc += qd[i * d + c] * kd[j * d + c];
                mag += std::abs(qd[i * d + c] * kd[j * d + c]);
            }
            s[j] = acc * scale;
            st.a = std::max(st.a, mag);
            st.smax = std::max(st.smax, std::abs(s[j]));
            mx = std::max(mx, s[j]);
        }
        for (int64_t j = 0; j < n; ++j) {
            st.r = std::max(st.r, mx - s[j]);
            sum += w[j] = std::exp(s[j] - mx);
        }
        std::fill(row.begin(), row.end(), 0.0);
        for (int64_t j = 0; j < n; ++j)
            for (int c = 0; c < d; ++c)
                row[c] += w[j] * vd[j * d + c];
        for (int c = 0; c < d; ++c) {
            const double want = row[c] / sum;
            const double got = out[i * d + c];  // NaN fails the comparison below
            worst = std::max(worst, std::isnan(got) ? 1e300 : std::abs(got - want));
            worst_plain = std::max(worst_plain, std::abs(plain[i * d + c] - want));
        }
    }
    Result r;
    r.dtype = std::is_same_v<T, half> ? "half" : "float";
    r.worst = worst;
    r.bound = bound<T>(p, st);
    r.worst_plain = worst_plain;
    r.ok = worst <= r.bound;
    r.gflop = fa::flops(p) * 1e-9;
    r.kernel_s = kernel_s;
    r.plain_s = plain_s;
    return r;
}

// The program's line for one measurement.
inline void print(const Params& p, const Result& r) {
    char size[64];
    if (p.s_q == p.s_kv)
        std::snprintf(size, sizeof size, "S=%d D=%d", p.s_q, p.d);
    else
        std::snprintf(size, sizeof size, "Sq=%d Skv=%d D=%d", p.s_q, p.s_kv, p.d);
    std::printf(
        "flash attention  %-5s  %-6s  %s  %s (max err %.1e <= %.1e; plain C++ %.1e)  "
        "%.2f GFLOP/s  plain %.2f GFLOP/s  ratio %.2f\n",
        r.dtype, p.causal ? "causal" : "full", size, r.ok ? "verified" : "MISMATCH", r.worst, r.bound,
        r.worst_plain, r.gflop / r.kernel_s, r.gflop / r.plain_s, r.plain_s / r.kernel_s);
}

}  // namespace examples::flash_attention::verify
