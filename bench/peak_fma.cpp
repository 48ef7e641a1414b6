// Register-only FMA loop: kChains independent accumulators (more than latency x pipes on current cores), so
// the loop runs at the FMA units' throughput with no memory traffic. Targets without FMA measure their Mul +
// Add instead.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "peak_fma.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>
#include <hwy/targets.h>

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "peak_fma.hpp"

HWY_BEFORE_NAMESPACE();
namespace ptosim::bench::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Runs `iters` rounds of kChains FMAs; returns a lane of the sums so the loop is not removed.
constexpr int kChains = HWY_MAX_BYTES >= 64 ? 16 : 12;  // plus two constants: fits 16 or 32 registers

HWY_NOINLINE float FmaChains(int64_t iters, float scale) {
    const hn::ScalableTag<float> d;
    using V = hn::Vec<decltype(d)>;
    V acc[kChains];
    for (int c = 0; c < kChains; ++c)
        acc[c] = hn::Set(d, static_cast<float>(c) * 0.001f);
    const V mul = hn::Set(d, scale), add = hn::Set(d, 1e-7f);
    for (int64_t i = 0; i < iters; ++i)
        for (int c = 0; c < kChains; ++c)
            acc[c] = hn::MulAdd(acc[c], mul, add);
    V sum = acc[0];
    for (int c = 1; c < kChains; ++c)
        sum = hn::Add(sum, acc[c]);
    return hn::GetLane(sum);
}

double PeakFlops() {
    const hn::ScalableTag<float> d;
    constexpr int64_t kIters = 1 << 22;
    volatile float sink = 0;
    double best = 1e300;
    for (int rep = 0; rep < 5; ++rep) {
        const auto t0 = std::chrono::steady_clock::now();
        sink = sink + FmaChains(kIters, 0.9999999f);
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return 2.0 * static_cast<double>(hn::Lanes(d)) * kChains * static_cast<double>(kIters) / best;
}

const char* TargetName() {
    return hwy::TargetName(HWY_TARGET);
}

}  // namespace ptosim::bench::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ptosim::bench {
HWY_EXPORT(PeakFlops);
HWY_EXPORT(TargetName);

double peak_fma_flops() {
    return HWY_DYNAMIC_DISPATCH(PeakFlops)();
}
const char* peak_fma_target() {
    return HWY_DYNAMIC_DISPATCH(TargetName)();
}
}  // namespace ptosim::bench
#endif
