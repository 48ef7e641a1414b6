// The oracle is the exact function evaluated in long double (x87 extended: 64 significand bits, or IEEE quad)
// and rounded to float. libm's long double functions are accurate to a few units in the last place of long
// double, 2^-40 of a float ulp, so the rounding is decided except when the long double value lies within that
// error of a midpoint between two floats: such inputs are counted as `undecided` and not judged. Every other
// result must equal the rounded value bit for bit (any NaN matches any NaN: kernels write the canonical one).
#include "exhaustive.hpp"

#include <atomic>
#include <bit>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <vector>

#include "ptosim/core/scalar.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/runtime/thread_pool.hpp"

namespace ptosim::bench {
namespace {

using Oracle = long double (*)(long double x, long double s);

struct Function {
    isa::Op op;
    Oracle exact;
    float scalar = 0;  // TPOWS's exponent
    std::string label;
};

std::optional<Function> parse_function(const std::string& item) {
    const auto colon = item.find(':');
    const std::string name = item.substr(0, colon);
    if (name == "TEXP")
        return Function{isa::Op::TEXP, [](long double x, long double) { return std::exp(x); }, 0, name};
    if (name == "TLOG")
        return Function{isa::Op::TLOG, [](long double x, long double) { return std::log(x); }, 0, name};
    if (name == "TSQRT")
        return Function{isa::Op::TSQRT, [](long double x, long double) { return std::sqrt(x); }, 0, name};
    if (name == "TRSQRT")
        return Function{isa::Op::TRSQRT, [](long double x, long double) { return 1.0L / std::sqrt(x); }, 0,
                        name};
    if (name == "TRECIP")
        return Function{isa::Op::TRECIP, [](long double x, long double) { return 1.0L / x; }, 0, name};
    if (name == "TPOWS" && colon != std::string::npos) {
        char* end = nullptr;
        const std::string arg = item.substr(colon + 1);
        const float e = std::strtof(arg.c_str(), &end);
        if (end == arg.c_str() || *end != '\0')
            return std::nullopt;
        return Function{isa::Op::TPOWS, [](long double x, long double s) { return std::pow(x, s); }, e,
                        name + ":" + arg};
    }
    return std::nullopt;
}

// The float nearest to v (ties to even), or nullopt when v is within its own error of a midpoint.
std::optional<float> rounded(long double v) {
    if (std::isnan(v) || std::isinf(v))
        return static_cast<float>(v);
    const float f = static_cast<float>(v);
    if (static_cast<long double>(f) == v)
        return f;
    long double mid;
    if (std::isinf(f)) {
        mid = std::copysign(static_cast<long double>(FLT_MAX) + std::ldexp(1.0L, 103),
                            v);  // FLT_MAX + half ulp
    } else {
        const float g = std::nextafter(
            f, v > f ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity());
        mid = (static_cast<long double>(f) + static_cast<long double>(g)) / 2;  // exact in long double
    }
    const long double tol =
        8 * std::ldexp(1.0L, std::ilogb(v) - (std::numeric_limits<long double>::digits - 1));
    if (std::fabs(v - mid) <= tol)
        return std::nullopt;
    return f;
}

// Distance in floats between two finite or infinite values of the same sign ordering.
uint64_t ulps(float a, float b) {
    const auto key = [](float x) {
        const auto u = std::bit_cast<uint32_t>(x);
        return (u & 0x80000000u) ? int64_t{0x80000000} - int64_t(u & 0x7FFFFFFFu) : int64_t{0x80000000} + u;
    };
    const int64_t d = key(a) - key(b);
    return static_cast<uint64_t>(d < 0 ? -d : d);
}

bool same(float got, float want) {
    if (std::isnan(want))
        return std::isnan(got);
    return std::bit_cast<uint32_t>(got) == std::bit_cast<uint32_t>(want);
}

struct Counts {
    uint64_t fast_wrong = 0, ref_wrong = 0, fast_vs_ref = 0, undecided = 0, max_ulp = 0;
    std::vector<std::string> examples;
};

constexpr int32_t kRows = 64, kCols = 1024;  // one chunk: 2^16 inputs
constexpr uint64_t kChunk = uint64_t{kRows} * kCols;

void run_chunk(const Function& fn, uint64_t first, uint64_t count, Counts& c) {
    const std::size_t bytes = kChunk * sizeof(float);
    auto src = ub::allocate_auto(bytes), fast = ub::allocate_auto(bytes), ref = ub::allocate_auto(bytes);
    auto* in = reinterpret_cast<float*>(src.get());
    for (uint64_t i = 0; i < kChunk; ++i)
        in[i] = std::bit_cast<float>(static_cast<uint32_t>(first + (i < count ? i : 0)));
    const auto view = [](std::byte* p) {
        return TileView{p, DType::F32, Layout::row_major(kRows, kCols), kRows, kCols};
    };
    const TileView s = view(src.get());
    const uint64_t scalar = scalar_bits(fn.scalar);
    const std::span<const uint64_t> scalars(&scalar, fn.op == isa::Op::TPOWS ? 1 : 0);
    // The kernels directly (the operands are valid by construction): the backend switch is process-wide and
    // the chunks run on several threads.
    const TileView df = view(fast.get()), dr = view(ref.get());
    const std::span<const TileView> srcs(&s, 1);
    if (!simd::elementwise(fn.op, {std::span<const TileView>(&df, 1), srcs, scalars, {}}))
        ref::elementwise(fn.op, {std::span<const TileView>(&df, 1), srcs, scalars, {}});
    ref::elementwise(fn.op, {std::span<const TileView>(&dr, 1), srcs, scalars, {}});
    const auto* f = reinterpret_cast<const float*>(fast.get());
    const auto* r = reinterpret_cast<const float*>(ref.get());
    for (uint64_t i = 0; i < count; ++i) {
        if (!same(f[i], r[i]))
            ++c.fast_vs_ref;
        const auto want = rounded(fn.exact(static_cast<long double>(in[i]), fn.scalar));
        if (!want) {
            ++c.undecided;
            continue;
        }
        for (const auto& [got, wrong] : {std::pair{f[i], &c.fast_wrong}, std::pair{r[i], &c.ref_wrong}}) {
            if (same(got, *want))
                continue;
            ++*wrong;
            if (!std::isnan(got) && !std::isnan(*want))
                c.max_ulp = std::max(c.max_ulp, ulps(got, *want));
            if (c.examples.size() < 3) {
                std::ostringstream os;
                os.precision(9);
                os << "  " << fn.label << "(" << in[i] << " = 0x" << std::hex
                   << std::bit_cast<uint32_t>(in[i]) << std::dec << ") = " << got << ", correctly rounded "
                   << *want << (wrong == &c.fast_wrong ? " (fast kernel)" : " (reference kernel)");
                c.examples.push_back(os.str());
            }
        }
    }
}

}  // namespace

int exhaustive(const std::string& spec, const ExhaustiveOptions& opts) {
    std::vector<Function> fns;
    std::stringstream ss(spec);
    for (std::string item; std::getline(ss, item, ',');) {
        const auto fn = parse_function(item);
        if (!fn) {
            std::fprintf(
                stderr,
                "ptosim-bench: --exhaustive takes TEXP, TLOG, TSQRT, TRSQRT, TRECIP, TPOWS:<exponent>; "
                "got '%s'\n",
                item.c_str());
            return 2;
        }
        fns.push_back(*fn);
    }
    if (opts.first >= opts.end || opts.end > (uint64_t{1} << 32)) {
        std::fprintf(stderr, "ptosim-bench: --range must be FIRST:END with FIRST < END <= 0x100000000\n");
        return 2;
    }
    for (const Function& fn : fns) {
        const auto t0 = std::chrono::steady_clock::now();
        const uint64_t chunks = (opts.end - opts.first + kChunk - 1) / kChunk;
        Counts total;
        std::mutex m;
        // Chunks are independent: one per task, each worker with its own buffers and counts.
        parallel_for(static_cast<int64_t>(chunks), 1, [&](int64_t lo, int64_t hi) {
            Counts c;
            for (int64_t k = lo; k < hi; ++k) {
                const uint64_t first = opts.first + static_cast<uint64_t>(k) * kChunk;
                run_chunk(fn, first, std::min(kChunk, opts.end - first), c);
            }
            std::lock_guard lock(m);
            total.fast_wrong += c.fast_wrong;
            total.ref_wrong += c.ref_wrong;
            total.fast_vs_ref += c.fast_vs_ref;
            total.undecided += c.undecided;
            total.max_ulp = std::max(total.max_ulp, c.max_ulp);
            for (auto& e : c.examples)
                if (total.examples.size() < 3)
                    total.examples.push_back(std::move(e));
        });
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf(
            "%s fp32 inputs=%llu fast_wrong=%llu ref_wrong=%llu fast_vs_ref=%llu undecided=%llu "
            "max_ulp=%llu seconds=%.1f\n",
            fn.label.c_str(), static_cast<unsigned long long>(opts.end - opts.first),
            static_cast<unsigned long long>(total.fast_wrong),
            static_cast<unsigned long long>(total.ref_wrong),
            static_cast<unsigned long long>(total.fast_vs_ref),
            static_cast<unsigned long long>(total.undecided), static_cast<unsigned long long>(total.max_ulp),
            seconds);
        for (const auto& e : total.examples)
            std::printf("%s\n", e.c_str());
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace ptosim::bench
