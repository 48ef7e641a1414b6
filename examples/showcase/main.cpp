// The README's main job: radix sorts (uint16_t, uint32_t) and top-k selection written as PTO kernels
// (examples/radix_sort, examples/topk), run on generated data, checked against the standard library and timed
// against it in the same run. One line per run: algorithm, dtype, element count, "verified" (or the first
// mismatch), and the throughput of ptosim, std::sort and a second baseline (Highway's vqsort for uint32_t
// sorts, std::nth_element for top-k).
#include <hwy/contrib/sort/vqsort.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "../flash_attention/verify.hpp"
#include "../gemm/verify.hpp"
#include "../hash_probe/hash_probe.hpp"
#include "../radix_sort/radix_sort.hpp"
#include "../topk/topk.hpp"
#include "../topk/topk_sort.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/runtime/thread_pool.hpp"

namespace {

struct Options {
    std::vector<int64_t> sizes{1 << 20, 1 << 24};
    std::vector<std::string> topk{"131072:2048", "1048576:16384"};
    int64_t probes = 4 << 20;  // hash-probe queries
    int attention = 1024;      // flash attention: S_q = S_kv (D = 128)
    int gemm = 1024;           // GEMM: M = N = K
    unsigned threads = 1;
    int reps = 3;
    uint64_t seed = 1;
};

// Best (shortest) of `reps` runs of f, in seconds; `before` runs untimed ahead of each run.
template <typename F, typename B>
double best_of(int reps, B&& before, F&& f) {
    double best = 1e300;
    for (int r = 0; r < reps; ++r) {
        before();
        const auto t0 = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

// std::sort of 16M keys takes over a second: run the baselines once at that size.
int baseline_reps(const Options& o, int64_t n) {
    return n >= (int64_t{1} << 22) ? 1 : o.reps;
}

double mkeys(int64_t n, double seconds) {
    return static_cast<double>(n) / seconds * 1e-6;
}

template <typename T>
std::string first_mismatch(const std::vector<T>& got, const std::vector<T>& want) {
    for (size_t i = 0; i < want.size(); ++i) {
        if (got[i] != want[i]) {
            char buf[96];
            if constexpr (std::is_floating_point_v<T>)
                std::snprintf(buf, sizeof buf, "MISMATCH at %zu: %g, want %g", i, static_cast<double>(got[i]),
                              static_cast<double>(want[i]));
            else
                std::snprintf(buf, sizeof buf, "MISMATCH at %zu: %lld, want %lld", i,
                              static_cast<long long>(got[i]), static_cast<long long>(want[i]));
            return buf;
        }
    }
    return "verified";
}

void print_row(const char* algorithm, const char* dtype, int64_t n, const std::string& result, double ptosim,
               double std_sort, const char* other_name, double other) {
    std::printf("%-17s %-8s %9" PRId64 "  %-9s %8.1f %10.1f %6.1fx", algorithm, dtype, n, result.c_str(),
                ptosim, std_sort, ptosim / std_sort);
    if (other_name != nullptr)
        std::printf("   %s %.1f", other_name, other);
    std::printf("\n");
    std::fflush(stdout);
}

template <typename T>
bool run_sort(const Options& o, int64_t n, std::mt19937_64& rng) {
    std::vector<T> keys(static_cast<size_t>(n));
    for (auto& k : keys)
        k = static_cast<T>(rng());
    const size_t bytes = keys.size() * sizeof(T);
    radix::DeviceBuffers<T> dev(n, o.threads);
    aclrtMemcpy(dev.keys, bytes, keys.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    const double t_pto = best_of(
        o.reps, [] {}, [&] { radix::Sort(dev, n); });
    std::vector<T> got(keys.size());
    aclrtMemcpy(got.data(), bytes, dev.out, bytes, ACL_MEMCPY_DEVICE_TO_HOST);

    std::vector<T> work;
    const double t_std = best_of(
        baseline_reps(o, n), [&] { work = keys; }, [&] { std::sort(work.begin(), work.end()); });
    const std::string result = first_mismatch(got, work);
    constexpr bool u32 = sizeof(T) == 4;
    double t_vq = 0;
    if constexpr (u32) {
        const hwy::Sorter vqsort;
        t_vq = best_of(
            o.reps, [&] { work = keys; }, [&] { vqsort(work.data(), work.size(), hwy::SortAscending()); });
    }
    print_row("radix sort", u32 ? "uint32" : "uint16", n, result, mkeys(n, t_pto), mkeys(n, t_std),
              u32 ? "vqsort" : nullptr, u32 ? mkeys(n, t_vq) : 0);
    return result == "verified";
}

bool run_topk_sort(const Options& o, const std::vector<uint16_t>& values, int64_t k);

bool run_topk(const Options& o, int64_t n, int64_t k, std::mt19937_64& rng) {
    std::vector<uint16_t> values(static_cast<size_t>(n));
    for (auto& v : values)
        v = static_cast<uint16_t>(rng());
    const size_t bytes = values.size() * sizeof(uint16_t);
    topk::DeviceBuffers dev(n, k);
    aclrtMemcpy(dev.values, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    const double t_pto = best_of(
        o.reps, [] {}, [&] { topk::Select(dev, n, k, 0); });
    std::vector<uint16_t> top(static_cast<size_t>(k)), masked(values.size());
    std::vector<uint32_t> where(static_cast<size_t>(k));
    aclrtMemcpy(top.data(), top.size() * 2, dev.top_values, top.size() * 2, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(where.data(), where.size() * 4, dev.top_indices, where.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(masked.data(), bytes, dev.masked, bytes, ACL_MEMCPY_DEVICE_TO_HOST);

    std::vector<uint16_t> work;
    const double t_nth = best_of(
        o.reps, [&] { work = values; },
        [&] { std::nth_element(work.begin(), work.begin() + (k - 1), work.end(), std::greater<>()); });
    std::vector<uint16_t> want(work.begin(), work.begin() + k);
    const double t_std = best_of(
        baseline_reps(o, n), [&] { work = values; }, [&] { std::sort(work.begin(), work.end()); });

    // The selected values are the top k (as a multiset); each sits at its index, indices ascend, and the
    // masked output keeps exactly them.
    std::string result = "verified";
    std::vector<uint16_t> expect_masked(values.size(), 0);
    for (int64_t j = 0; j < k && result == "verified"; ++j) {
        const uint32_t i = where[static_cast<size_t>(j)];
        if (i >= n || values[i] != top[static_cast<size_t>(j)] ||
            (j > 0 && i <= where[static_cast<size_t>(j - 1)]))
            result = "MISMATCH at selection " + std::to_string(j);
        else
            expect_masked[i] = values[i];
    }
    if (result == "verified")
        result = first_mismatch(masked, expect_masked);
    std::sort(top.begin(), top.end());
    std::sort(want.begin(), want.end());
    if (result == "verified")
        result = first_mismatch(top, want);
    const std::string name = "top-k k=" + std::to_string(k);
    print_row(name.c_str(), "uint16", n, result, mkeys(n, t_pto), mkeys(n, t_std), "nth_element",
              mkeys(n, t_nth));
    return result == "verified" && (k > topk_sort::kMaxK || run_topk_sort(o, values, k));
}

// The same values as floats through the sort kernel (TSORT32 + TMRGSORT): the k largest, largest first, ties
// by smaller index (checked pair for pair against std::partial_sort in that order), timed against std::sort
// and std::nth_element.
bool run_topk_sort(const Options& o, const std::vector<uint16_t>& values, int64_t k) {
    const auto n = static_cast<int64_t>(values.size());
    const std::vector<float> x(values.begin(), values.end());
    topk_sort::DeviceBuffers dev(n, k, o.threads);
    aclrtMemcpy(dev.values, x.size() * 4, x.data(), x.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    const double t_pto = best_of(
        o.reps, [] {}, [&] { topk_sort::Select(dev, n, k); });
    std::vector<float> pairs(static_cast<size_t>(2 * k));
    aclrtMemcpy(pairs.data(), pairs.size() * 4, dev.out, pairs.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);

    // The oracle: the indices by (value descending, index ascending), first k.
    std::vector<uint32_t> order(x.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<uint32_t>(i);
    std::partial_sort(order.begin(), order.begin() + k, order.end(),
                      [&](uint32_t a, uint32_t b) { return x[a] > x[b] || (x[a] == x[b] && a < b); });
    std::vector<float> work;
    const double t_nth = best_of(
        o.reps, [&] { work = x; },
        [&] { std::nth_element(work.begin(), work.begin() + (k - 1), work.end(), std::greater<>()); });
    const double t_std = best_of(
        baseline_reps(o, n), [&] { work = x; }, [&] { std::sort(work.begin(), work.end()); });
    std::vector<uint32_t> got(static_cast<size_t>(k));
    std::vector<float> got_values(static_cast<size_t>(k)), want_values(static_cast<size_t>(k));
    for (int64_t j = 0; j < k; ++j) {
        std::memcpy(&got[static_cast<size_t>(j)], &pairs[static_cast<size_t>(2 * j + 1)], 4);
        got_values[static_cast<size_t>(j)] = pairs[static_cast<size_t>(2 * j)];
        want_values[static_cast<size_t>(j)] = x[order[static_cast<size_t>(j)]];
    }
    order.resize(static_cast<size_t>(k));
    std::string result = first_mismatch(got, order);
    if (result == "verified")
        result = first_mismatch(got_values, want_values);
    const std::string name = "top-k sort k=" + std::to_string(k);
    print_row(name.c_str(), "float", n, result, mkeys(n, t_pto), mkeys(n, t_std), "nth_element",
              mkeys(n, t_nth));
    return result == "verified";
}

// One line of the kernels table: throughput of the PTO kernel and of plain C++ computing the same thing.
void print_kernel_row(const char* kernel, const char* dtype, const std::string& size,
                      const std::string& result, double ptosim, double plain, const char* unit,
                      const std::string& other) {
    std::printf("%-18s %-6s %-20s %-9s %9.1f %10.1f %6.2fx  %s%s\n", kernel, dtype, size.c_str(),
                result.c_str(), ptosim, plain, ptosim / plain, unit, other.c_str());
    std::fflush(stdout);
}

// TMATMUL's own rate on one core, with nothing around it: the GEMM's step (kBm x kBk times kBk x kBn,
// accumulated into one kBm x kBn tile) repeated on tiles that stay in L0. The whole kernels' lines are
// compared with it: on the chip the loads and moves run on other pipes beside the cube, so a kernel can
// approach this rate only when its data movement costs little next to its math.
template <typename T>
double tmatmul_gflops(int reps) {
    namespace gm = examples::gemm;
    pto::TileLeft<T, gm::kBm, gm::kBk> left;
    pto::TileRight<T, gm::kBk, gm::kBn> right;
    pto::TileAcc<float, gm::kBm, gm::kBn> acc;
    TASSIGN(left, 0x0);
    TASSIGN(right, 0x0);
    TASSIGN(acc, 0x0);
    for (int i = 0; i < gm::kBm * gm::kBk; ++i)
        left.data()[i] = static_cast<T>(static_cast<float>(i % 7 - 3) * 0.25f);
    for (int i = 0; i < gm::kBk * gm::kBn; ++i)
        right.data()[i] = static_cast<T>(static_cast<float>(i % 5 - 2) * 0.5f);
    constexpr int kSteps = 32;
    const double t = best_of(
        std::max(reps, 3), [] {},
        [&] {
            TMATMUL(acc, left, right);
            for (int i = 1; i < kSteps; ++i)
                TMATMUL_ACC(acc, acc, left, right);
        });
    return 2.0 * gm::kBm * gm::kBn * gm::kBk * kSteps / t / 1e9;
}

// Flash attention (float inputs, full; half inputs, causal) and the GEMM (float, half): the kernels' own
// checks (examples/flash_attention/verify.hpp, examples/gemm/verify.hpp) and their plain C++ loops, and each
// kernel's rate as a fraction of TMATMUL's own (of the same input type, times the cores the kernel ran on).
bool run_cube_kernels(const Options& o, std::mt19937_64& rng) {
    namespace fa = examples::flash_attention;
    namespace gm = examples::gemm;
    bool ok = true;
    const double mm_float = tmatmul_gflops<float>(o.reps), mm_half = tmatmul_gflops<half>(o.reps);
    const auto of_tmatmul = [&](bool half_inputs, double gflops) {
        char text[96];
        std::snprintf(text, sizeof text, ", %.2f of TMATMUL's %.1f GFLOP/s",
                      gflops / ((half_inputs ? mm_half : mm_float) * o.threads),
                      (half_inputs ? mm_half : mm_float) * o.threads);
        return std::string(text);
    };
    fa::Params ap;
    ap.s_q = ap.s_kv = o.attention;
    ap.d = 128;
    ap.blocks = o.threads;
    for (const bool half_inputs : {false, true}) {
        ap.causal = half_inputs;
        const fa::verify::Result r = half_inputs ? fa::verify::measure<half>(ap, o.reps, rng)
                                                 : fa::verify::measure<float>(ap, o.reps, rng);
        char result[48];
        std::snprintf(result, sizeof result, "%s", r.ok ? "verified" : "MISMATCH");
        char other[96];
        std::snprintf(other, sizeof other, "   max err %.1e <= %.1e", r.worst, r.bound);
        print_kernel_row("flash attention", r.dtype,
                         "S=" + std::to_string(ap.s_q) + " D=128" + (ap.causal ? " causal" : ""), result,
                         r.gflop / r.kernel_s, r.gflop / r.plain_s, "GFLOP/s",
                         other + of_tmatmul(half_inputs, r.gflop / r.kernel_s));
        ok &= r.ok;
    }
    gm::Params gp;
    gp.m = gp.n = gp.k = o.gemm;
    gp.blocks = o.threads;
    for (const bool half_inputs : {false, true}) {
        const gm::verify::Result r = half_inputs ? gm::verify::measure<half>(gp, o.reps, rng)
                                                 : gm::verify::measure<float>(gp, o.reps, rng);
        char other[96];
        std::snprintf(other, sizeof other, "   bit-exact, %.2f of the bound", r.worst_fraction);
        print_kernel_row("gemm", r.dtype, std::to_string(gp.m) + "^3", r.ok ? "verified" : "MISMATCH",
                         r.gflop / r.kernel_s, r.gflop / r.plain_s, "GFLOP/s",
                         other + of_tmatmul(half_inputs, r.gflop / r.kernel_s));
        ok &= r.ok;
    }
    return ok;
}

// The hash-probe kernel (launched through `<<<>>>`) against the same bounded linear probe in plain C++, and
// std::unordered_map as the oracle and a second baseline.
bool run_hash_probe(const Options& o, std::mt19937_64& rng) {
    const int64_t n = o.probes;
    const hash_probe::Workload w = hash_probe::make_workload(10000, n, rng);
    const hash_probe::Table& table = w.table;
    const std::unordered_map<int32_t, int32_t>& map = w.map;
    const std::vector<int32_t>& queries = w.queries;
    std::vector<int32_t> got(queries.size()), plain(queries.size()), want(queries.size());
    hash_probe::DeviceLookup dev(table, queries);
    const double t_pto = best_of(
        o.reps, [] {}, [&] { dev.run(o.threads); });
    dev.results.get(got);
    const double t_plain = best_of(
        o.reps, [] {},
        [&] {
            for (size_t i = 0; i < queries.size(); ++i)
                plain[i] = table.find(queries[i]);
        });
    const double t_map = best_of(
        o.reps, [] {},
        [&] {
            for (size_t i = 0; i < queries.size(); ++i) {
                const auto it = map.find(queries[i]);
                want[i] = it == map.end() ? hash_probe::kMissing : it->second;
            }
        });
    std::string result = first_mismatch(got, want);
    if (result == "verified")
        result = first_mismatch(plain, want);
    char other[64];
    std::snprintf(other, sizeof other, "   unordered_map %.1f", mkeys(n, t_map));
    print_kernel_row("hash probe", "int32",
                     std::to_string(n) + " q, " + std::to_string(table.max_probe) + " probes", result,
                     mkeys(n, t_pto), mkeys(n, t_plain), "M lookups/s", other);
    return result == "verified";
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"ptosim showcase: radix sort and top-k selection written as PTO kernels"};
    app.add_option("--sizes", o.sizes, "sort sizes (keys)")->delimiter(',');
    app.add_option("--topk", o.topk, "top-k runs as n:k")->delimiter(',');
    app.add_option("--attention", o.attention, "flash attention sequence length (a multiple of 64)")
        ->check(CLI::Range(64, 1 << 14));
    app.add_option("--gemm", o.gemm, "GEMM size M = N = K (a multiple of 128)")
        ->check(CLI::Range(128, 1 << 13));
    app.add_option("--probes", o.probes, "hash-probe queries")
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 30));
    app.add_option("--threads", o.threads, "simulated cores (threads) per kernel launch")
        ->check(CLI::Range(1, 64));
    app.add_option("--reps", o.reps, "timed runs per measurement (the best counts)")
        ->check(CLI::Range(1, 100));
    app.add_option("--seed", o.seed, "seed of the generated data");
    CLI11_PARSE(app, argc, argv);
    if (o.attention % 64 != 0 || o.gemm % 128 != 0) {
        std::fprintf(stderr, "ptosim-showcase: --attention must be a multiple of 64, --gemm of 128\n");
        return 2;
    }
    ptosim::set_num_threads(o.threads);

    aclInit(nullptr);
    aclrtSetDevice(0);
    std::printf("ptosim showcase: PTO kernels on %u simulated core%s (%s kernels), seed %" PRIu64 "\n",
                o.threads, o.threads == 1 ? "" : "s",
                std::string(ptosim::backend_name(ptosim::active_backend())).c_str(), o.seed);
    std::printf("throughput in million keys/s, best of %d (std::sort: one run at 4M keys and more)\n\n",
                o.reps);
    std::printf("%-17s %-8s %9s  %-9s %8s %10s %7s   %s\n", "algorithm", "dtype", "n", "result", "ptosim",
                "std::sort", "ratio", "other");
    std::mt19937_64 rng(o.seed);
    bool ok = true;
    for (int64_t n : o.sizes)
        ok &= n > 0 && run_sort<uint16_t>(o, n, rng);
    for (int64_t n : o.sizes)
        ok &= n > 0 && run_sort<uint32_t>(o, n, rng);
    for (const std::string& spec : o.topk) {
        const auto colon = spec.find(':');
        const int64_t n = std::stoll(spec.substr(0, colon));
        const int64_t k = colon == std::string::npos ? 1 : std::stoll(spec.substr(colon + 1));
        if (k < 1 || k > n) {
            std::fprintf(stderr, "ptosim-showcase: --topk %s: need 1 <= k <= n\n", spec.c_str());
            return 2;
        }
        ok &= run_topk(o, n, k, rng);
    }
    std::printf("\n%-18s %-6s %-20s %-9s %9s %10s %7s  %s\n", "kernel", "dtype", "size", "result", "ptosim",
                "plain C++", "ratio", "unit");
    ok &= run_cube_kernels(o, rng);
    ok &= run_hash_probe(o, rng);
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
