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
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "../radix_sort/radix_sort.hpp"
#include "../topk/topk.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/runtime/thread_pool.hpp"

namespace {

struct Options {
    std::vector<int64_t> sizes{1 << 20, 1 << 24};
    std::vector<std::string> topk{"131072:2048", "1048576:16384"};
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
            std::snprintf(buf, sizeof buf, "MISMATCH at %zu: %llu, want %llu", i,
                          static_cast<unsigned long long>(got[i]), static_cast<unsigned long long>(want[i]));
            return buf;
        }
    }
    return "verified";
}

void print_row(const char* algorithm, const char* dtype, int64_t n, const std::string& result, double ptosim,
               double std_sort, const char* other_name, double other) {
    std::printf("%-15s %-8s %9" PRId64 "  %-9s %8.1f %10.1f %6.1fx", algorithm, dtype, n, result.c_str(),
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
    return result == "verified";
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"ptosim showcase: radix sort and top-k selection written as PTO kernels"};
    app.add_option("--sizes", o.sizes, "sort sizes (keys)")->delimiter(',');
    app.add_option("--topk", o.topk, "top-k runs as n:k")->delimiter(',');
    app.add_option("--threads", o.threads, "simulated cores (threads) per kernel launch")
        ->check(CLI::Range(1, 64));
    app.add_option("--reps", o.reps, "timed runs per measurement (the best counts)")
        ->check(CLI::Range(1, 100));
    app.add_option("--seed", o.seed, "seed of the generated data");
    CLI11_PARSE(app, argc, argv);
    ptosim::set_num_threads(o.threads);

    aclInit(nullptr);
    aclrtSetDevice(0);
    std::printf("ptosim showcase: PTO kernels on %u simulated core%s (%s kernels), seed %" PRIu64 "\n",
                o.threads, o.threads == 1 ? "" : "s",
                std::string(ptosim::backend_name(ptosim::active_backend())).c_str(), o.seed);
    std::printf("throughput in million keys/s, best of %d (std::sort: one run at 4M keys and more)\n\n",
                o.reps);
    std::printf("%-15s %-8s %9s  %-9s %8s %10s %7s   %s\n", "algorithm", "dtype", "n", "result", "ptosim",
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
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
