// ptosim-bench: Google Benchmark over the cases in cases.cpp, each through the reference kernel, the fast
// kernel and a memcpy of the same input bytes.
//   ptosim-bench                  Google Benchmark output (all its flags work, e.g. --benchmark_filter)
//   ptosim-bench --summary [--filter=TEXT] [--reps=N] [--target=AVX2|SSE4|...] [--copy-loop]
//                                 one line per case, all three timings taken in the same run (best of N):
//   <OP> <case> ref_ns=<t> fast_ns=<t> memcpy_ns=<t> speedup=<ref/fast> vs_memcpy=<fast/memcpy> threads=<n>
//                                 cases that count operations (TMATMUL) append gflops=<fast> ref_gflops=<ref>
//                                 of_peak=<fast / the peak FMA rate>, the peak (peak_fma.cpp) measured once
//                                 before the first such case and printed as a line of its own; with
//                                 OpenBLAS installed, the float cases append openblas_sgemm_ns=<t>
//                                 vs_openblas_sgemm=<fast/sgemm> (blas_yardstick.hpp)
//                                 --copy-loop appends copyloop_ns=<t> vs_copyloop=<fast/copyloop>: the same
//                                 bytes through a SIMD load/store loop (copy_loop.cpp says why).
//   ptosim-bench --exhaustive=TEXP,TLOG,TSQRT,TRSQRT,TRECIP,TPOWS:2.5 [--range=FIRST:END] [--target=...]
//                                 every float input (or the bit patterns FIRST..END-1) through both kernels,
//                                 counting results that differ from the correctly rounded one
//                                 (exhaustive.hpp).
#include <benchmark/benchmark.h>
#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <hwy/targets.h>

#include "cases.hpp"
#include "copy_loop.hpp"
#include "exhaustive.hpp"
#include "peak_fma.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/kernels/backend.hpp"
#include "ptosim/runtime/thread_pool.hpp"

namespace {

using ptosim::bench::Case;

// Copies the same number of bytes a case reads.
struct Memcpy {
    explicit Memcpy(std::size_t n)
        : bytes(n), src(ptosim::ub::allocate_auto(n)), dst(ptosim::ub::allocate_auto(n)) {
        for (std::size_t i = 0; i < n; ++i)
            src[i] = static_cast<std::byte>(i * 131 + 7);
    }
    void operator()() const {
        std::memcpy(dst.get(), src.get(), bytes);
        benchmark::ClobberMemory();
    }
    std::size_t bytes;
    std::shared_ptr<std::byte[]> src, dst;
};

// Copies the same bytes with the SIMD copy loop.
struct CopyLoop : Memcpy {
    using Memcpy::Memcpy;
    void operator()() const {
        ptosim::bench::copy_loop(src.get(), dst.get(), bytes);
        benchmark::ClobberMemory();
    }
};

// Best time of one call, in ns: batches of calls long enough to time well, the fastest batch of `reps`.
double best_ns(const std::function<void()>& f, int reps) {
    using clock = std::chrono::steady_clock;
    f();
    f();
    int per_batch = 1;
    for (;;) {
        const auto t0 = clock::now();
        for (int i = 0; i < per_batch; ++i)
            f();
        const double ns = std::chrono::duration<double, std::nano>(clock::now() - t0).count();
        if (ns > 2e5 || per_batch >= (1 << 20))
            break;
        per_batch *= 2;
    }
    double best = 1e300;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = clock::now();
        for (int i = 0; i < per_batch; ++i)
            f();
        best =
            std::min(best, std::chrono::duration<double, std::nano>(clock::now() - t0).count() / per_batch);
    }
    return best;
}

// Keep the measuring thread on one CPU: on a shared VM the two vCPUs can differ in speed by 25 % (a busy
// neighbour on one of them), and a thread that migrates mid-run would skew the ratios taken in one run.
// Worker threads of the pool stay free, so the two-thread cases still use both CPUs.
void pin_to_current_cpu() {
#if defined(__linux__)
    const int cpu = sched_getcpu();
    if (cpu < 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
#endif
}

// Restrict the fast kernels to one SIMD target by name (AVX3, AVX2, SSE4, EMU128, ...); false if unknown.
bool select_target(const std::string& name) {
    for (const int64_t t : hwy::SupportedAndGeneratedTargets()) {
        if (name == hwy::TargetName(t)) {
            hwy::SetSupportedTargetsForTest(t);
            return true;
        }
    }
    return false;
}

int summary(const std::string& filter, int reps, bool copy_loop) {
    // The best supported target comes first; it is the one dynamic dispatch picks.
    std::printf("# fast kernels on SIMD target %s\n",
                hwy::TargetName(hwy::SupportedAndGeneratedTargets().front()));
    // Threads inherit their creator's CPU mask: start the pool's workers before pinning this thread.
    ptosim::parallel_for(1 << 20, 1, [](int64_t, int64_t) {});
    pin_to_current_cpu();
    double peak = 0;
    for (const Case& c : ptosim::bench::all_cases()) {
        const std::string full = c.op + " " + c.name;
        if (!filter.empty() && full.find(filter) == std::string::npos)
            continue;
        double ref_ns, fast_ns, memcpy_ns;
        {
            ptosim::ScopedBackend backend(ptosim::Backend::Ref);
            ptosim::ScopedNumThreads threads(1);
            ref_ns = best_ns(c.run, reps);
        }
        {
            ptosim::ScopedBackend backend(ptosim::Backend::Simd);
            ptosim::ScopedNumThreads threads(c.threads);
            fast_ns = best_ns(c.run, reps);
        }
        memcpy_ns = best_ns(Memcpy(c.input_bytes), reps);
        if (c.flops > 0 && peak == 0) {
            peak = ptosim::bench::peak_fma_flops();
            std::printf("# peak FMA rate %.1f GFLOP/s (one thread, %s, register-only FMA chains)\n",
                        peak * 1e-9, ptosim::bench::peak_fma_target());
        }
        std::printf("%s ref_ns=%.0f fast_ns=%.0f memcpy_ns=%.0f speedup=%.2f vs_memcpy=%.2f threads=%u",
                    full.c_str(), ref_ns, fast_ns, memcpy_ns, ref_ns / fast_ns, fast_ns / memcpy_ns,
                    c.threads);
        if (c.flops > 0)
            std::printf(" gflops=%.1f ref_gflops=%.2f of_peak=%.2f", c.flops / fast_ns, c.flops / ref_ns,
                        c.flops * 1e9 / fast_ns / peak);
        if (c.yardstick) {
            const double other_ns = best_ns(c.yardstick, reps);
            std::printf(" %s_ns=%.0f vs_%s=%.2f", c.yardstick_name.c_str(), other_ns,
                        c.yardstick_name.c_str(), fast_ns / other_ns);
        }
        if (copy_loop) {
            const double loop_ns = best_ns(CopyLoop(c.input_bytes), reps);
            std::printf(" copyloop_ns=%.0f vs_copyloop=%.2f", loop_ns, fast_ns / loop_ns);
        }
        std::printf("\n");
        std::fflush(stdout);
    }
    return 0;
}

void register_benchmarks() {
    static const std::vector<Case> cases = ptosim::bench::all_cases();
    for (const Case& c : cases) {
        const std::string base = c.op + "/" + c.name;
        for (const auto backend : {ptosim::Backend::Ref, ptosim::Backend::Simd}) {
            benchmark::RegisterBenchmark(
                (base + "/" + std::string(ptosim::backend_name(backend))).c_str(),
                [&c, backend](benchmark::State& st) {
                    ptosim::ScopedBackend b(backend);
                    ptosim::ScopedNumThreads t(backend == ptosim::Backend::Ref ? 1 : c.threads);
                    for (auto _ : st)
                        c.run();
                    st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) *
                                         static_cast<int64_t>(c.input_bytes));
                    if (c.flops > 0)
                        st.counters["FLOP/s"] = benchmark::Counter(
                            c.flops * static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
                });
        }
        benchmark::RegisterBenchmark(
            (base + "/memcpy").c_str(), [bytes = c.input_bytes](benchmark::State& st) {
                const Memcpy copy(bytes);
                for (auto _ : st)
                    copy();
                st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(bytes));
            });
    }
}

}  // namespace

int main(int argc, char** argv) {
    bool want_summary = false;
    bool copy_loop = false;
    std::string exhaustive;
    ptosim::bench::ExhaustiveOptions range;
    std::string filter;
    int reps = 15;
    std::vector<char*> rest{argv[0]};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--summary") {
            want_summary = true;
        } else if (a == "--copy-loop") {
            copy_loop = true;
        } else if (a.rfind("--exhaustive=", 0) == 0) {
            exhaustive = a.substr(13);
        } else if (a.rfind("--range=", 0) == 0) {
            const std::string r = a.substr(8);
            const auto colon = r.find(':');
            if (colon == std::string::npos) {
                std::fprintf(stderr, "ptosim-bench: --range=FIRST:END\n");
                return 2;
            }
            range.first = std::strtoull(r.substr(0, colon).c_str(), nullptr, 0);
            range.end = std::strtoull(r.substr(colon + 1).c_str(), nullptr, 0);
        } else if (a.rfind("--filter=", 0) == 0) {
            filter = a.substr(9);
        } else if (a.rfind("--target=", 0) == 0) {
            if (!select_target(a.substr(9))) {
                std::fprintf(stderr, "ptosim-bench: unknown or unsupported SIMD target '%s'\n",
                             a.c_str() + 9);
                return 2;
            }
        } else if (a.rfind("--reps=", 0) == 0) {
            reps = std::max(1, std::atoi(a.c_str() + 7));
        } else {
            rest.push_back(argv[i]);
        }
    }
    if (!exhaustive.empty())
        return ptosim::bench::exhaustive(exhaustive, range);
    if (want_summary)
        return summary(filter, reps, copy_loop);
    int n = static_cast<int>(rest.size());
    benchmark::Initialize(&n, rest.data());
    register_benchmarks();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
