// Flash attention forward (flash_attention.hpp) on generated Q, K, V: each result is checked against a
// double-precision softmax(Q K^T / sqrt(D)) V with the bound printed on its line, and timed against the plain
// C++ loops of the same computation in the same run.
// Usage: ptosim-flash-attention [s_q s_kv d dtype causal blocks reps]
//   dtype float | half | both, causal 0 | 1 | both; default 1024 1024 128 both both 1 3.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../common/host.hpp"
#include "flash_attention.hpp"

namespace {

using examples::best_seconds;
template <typename T>
using Device = examples::DeviceBuffer<T>;
namespace fa = examples::flash_attention;

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

template <typename T>
bool check_one(const fa::Params& p, int reps, std::mt19937_64& rng) {
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
    const double b = bound<T>(p, st);
    const bool ok = worst <= b;
    const double gflop = fa::flops(p) * 1e-9;
    char size[64];
    if (p.s_q == p.s_kv)
        std::snprintf(size, sizeof size, "S=%d D=%d", p.s_q, d);
    else
        std::snprintf(size, sizeof size, "Sq=%d Skv=%d D=%d", p.s_q, p.s_kv, d);
    std::printf(
        "flash attention  %-5s  %-6s  %s  %s (max err %.1e <= %.1e; plain C++ %.1e)  "
        "%.2f GFLOP/s  plain %.2f GFLOP/s  ratio %.2f\n",
        std::is_same_v<T, half> ? "half" : "float", p.causal ? "causal" : "full", size,
        ok ? "verified" : "MISMATCH", worst, b, worst_plain, gflop / kernel_s, gflop / plain_s,
        plain_s / kernel_s);
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    fa::Params p;
    p.s_q = argc > 1 ? std::atoi(argv[1]) : 1024;
    p.s_kv = argc > 2 ? std::atoi(argv[2]) : 1024;
    p.d = argc > 3 ? std::atoi(argv[3]) : 128;
    const std::string dtype = argc > 4 ? argv[4] : "both";
    const std::string causal = argc > 5 ? argv[5] : "both";
    p.blocks = static_cast<unsigned>(argc > 6 ? std::atoi(argv[6]) : 1);
    const int reps = argc > 7 ? std::atoi(argv[7]) : 3;
    fa::Params probe = p;
    probe.causal = causal != "0";
    try {
        fa::check(probe);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    if (reps < 1 || (dtype != "float" && dtype != "half" && dtype != "both") ||
        (causal != "0" && causal != "1" && causal != "both")) {
        std::fprintf(
            stderr,
            "usage: ptosim-flash-attention [s_q s_kv d (64|128) float|half|both 0|1|both blocks reps]\n");
        return 2;
    }
    aclInit(nullptr);
    aclrtSetDevice(0);
    std::mt19937_64 rng(7);
    bool ok = true;
    for (const bool is_causal : {false, true}) {
        if ((is_causal && causal == "0") || (!is_causal && causal == "1"))
            continue;
        p.causal = is_causal;
        if (dtype != "half")
            ok &= check_one<float>(p, reps, rng);
        if (dtype != "float")
            ok &= check_one<half>(p, reps, rng);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
