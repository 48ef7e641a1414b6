// The bench cases of ptosim-bench --summary written with pto-isa's public C++ API only, so that the same
// source builds against ptosim and against pto-isa's own CPU simulation (scripts/bench-vs-pto-isa.sh builds
// and runs both and prints the ratios). Prints "<OP> <case> ns=<best time of one call>" per case.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>

// After the standard headers: pto-isa's headers use uint8_t without including <cstdint>.
#include <pto/pto-inst.hpp>

using namespace pto;

namespace {

template <typename F>
double best_ns(F&& f) {
    using clock = std::chrono::steady_clock;
    f();
    int per_batch = 1;
    for (;;) {
        const auto t0 = clock::now();
        for (int i = 0; i < per_batch; ++i)
            f();
        if (std::chrono::duration<double, std::nano>(clock::now() - t0).count() > 2e5 ||
            per_batch >= (1 << 20))
            break;
        per_batch *= 2;
    }
    double best = 1e300;
    for (int r = 0; r < 15; ++r) {
        const auto t0 = clock::now();
        for (int i = 0; i < per_batch; ++i)
            f();
        best =
            std::min(best, std::chrono::duration<double, std::nano>(clock::now() - t0).count() / per_batch);
    }
    return best;
}

template <typename T, int R, int C>
using VecTile = Tile<TileType::Vec, T, R, C, BLayout::RowMajor>;

// Loads uniformly distributed values in [lo, hi) into the tile (integers: any value).
template <typename T, int R, int C>
void load_random(VecTile<T, R, C>& t, float lo, float hi, unsigned seed) {
    static std::vector<T> host;
    host.resize(static_cast<std::size_t>(R) * C);
    std::mt19937 g(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    for (T& v : host) {
        if constexpr (std::is_integral_v<T>)
            v = static_cast<T>(g());
        else
            v = static_cast<T>(dist(g));
    }
    GlobalTensor<T, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>> gt(host.data());
    TLOAD(t, gt);
}

// A binary or unary case on tiles at the start of the Unified Buffer (each at most 128 KiB).
template <typename T, int R, int C, typename Op>
void run_case(const char* op, const char* name, int sources, float lo, float hi, Op&& apply) {
    VecTile<T, R, C> dst, a, b;
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x20000);
    TASSIGN(dst, 0x40000);
    load_random(a, lo, hi, 1);
    if (sources > 1)
        load_random(b, lo, hi, 2);
    std::printf("%s %s ns=%.0f\n", op, name, best_ns([&] { apply(dst, a, b); }));
    std::fflush(stdout);
}

// Prints the best time of one call of f.
template <typename F>
void report(const char* op, const char* name, F&& f) {
    std::printf("%s %s ns=%.0f\n", op, name, best_ns(f));
    std::fflush(stdout);
}

// The reductions, expansions and conversions of ptosim-bench --summary.
void reduce_and_convert_cases() {
    VecTile<float, 64, 512> f32, f32_tmp;
    VecTile<half, 64, 1024> f16;
    VecTile<half, 64, 512> f16_out;
    VecTile<int8_t, 64, 1024> s8_out;
    Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor> f32_col;
    Tile<TileType::Vec, half, 64, 1, BLayout::ColMajor> f16_col;
    VecTile<float, 1, 512> f32_row;
    TASSIGN(f32, 0x0);
    TASSIGN(f32_tmp, 0x40000);
    TASSIGN(f16, 0x60000);
    TASSIGN(s8_out, 0x0);  // over f32, which the last case no longer reads
    TASSIGN(f16_out, 0x40000);
    TASSIGN(f32_col, 0x20000);
    TASSIGN(f16_col, 0x21000);
    TASSIGN(f32_row, 0x22000);
    load_random(f32, -100, 100, 3);
    load_random(f16, -100, 100, 4);
    report("TROWSUM", "FP32_64x512", [&] { TROWSUM(f32_col, f32, f32_tmp); });
    report("TROWMAX", "FP16_64x1024", [&] { TROWMAX(f16_col, f16, f32_tmp); });
    report("TCOLSUM", "FP32_64x512", [&] { TCOLSUM(f32_row, f32); });
    // A softmax's step: x - rowmax(x), and exp of it.
    load_random(f32, -10, 10, 3);
    TROWMAX(f32_col, f32, f32_tmp);
    report("TROWEXPANDSUB", "FP32_64x512", [&] { TROWEXPANDSUB(f32_tmp, f32, f32_col); });
    report("TROWEXPANDEXPDIF", "FP32_64x512", [&] { TROWEXPANDEXPDIF(f32_tmp, f32, f32_col); });
    report("TCVT", "FP32_to_FP16_64x512", [&] { TCVT(f16_out, f32, RoundMode::CAST_RINT); });
    report("TCVT", "FP16_to_S8_64x1024", [&] { TCVT(s8_out, f16, RoundMode::CAST_RINT); });
}

// TMATMUL on the largest operands that fit L0A / L0B / L0C (the shapes of ptosim-bench --summary): the
// operands go global -> Mat (ND -> Nz) -> Left / Right as a kernel feeds the cube; only TMATMUL is timed.
template <typename In, typename AccT, int M, int K, int N>
void matmul_case(const char* name) {
    using MatA = Tile<TileType::Mat, In, M, K, BLayout::ColMajor, M, K, SLayout::RowMajor, 512>;
    using MatB = Tile<TileType::Mat, In, K, N, BLayout::ColMajor, K, N, SLayout::RowMajor, 512>;
    MatA a_mat;
    MatB b_mat;
    TileLeft<In, M, K, M, K> a;
    TileRight<In, K, N, K, N> b;
    TileAcc<AccT, M, N, M, N> c;
    TASSIGN(a_mat, 0x0);
    TASSIGN(b_mat, 0x10000);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x0);
    TASSIGN(c, 0x0);
    std::vector<In> host(static_cast<std::size_t>(std::max(M, N)) * K);
    std::mt19937 g(5);
    std::uniform_real_distribution<float> dist(-1, 1);
    for (In& v : host) {
        if constexpr (std::is_integral_v<In>)
            v = static_cast<In>(g());
        else
            v = static_cast<In>(dist(g));
    }
    GlobalTensor<In, Shape<1, 1, 1, M, K>, Stride<1, 1, 1, K, 1>> ga(host.data());
    GlobalTensor<In, Shape<1, 1, 1, K, N>, Stride<1, 1, 1, N, 1>> gb(host.data());
    TLOAD(a_mat, ga);
    TLOAD(b_mat, gb);
    TMOV(a, a_mat);
    TMOV(b, b_mat);
    report("TMATMUL", name, [&] { TMATMUL(c, a, b); });
}

void matmul_cases() {
    matmul_case<float, float, 128, 128, 128>("FP32_128x128x128");
    matmul_case<half, float, 128, 256, 128>("FP16_to_FP32_128x256x128");
    matmul_case<int8_t, int32_t, 128, 512, 128>("S8_to_S32_128x512x128");
}

}  // namespace

int main() {
    run_case<float, 64, 512>("TADD", "FP32_64x512", 2, -100, 100,
                             [](auto& d, auto& a, auto& b) { TADD(d, a, b); });
    run_case<half, 64, 1024>("TMUL", "FP16_64x1024", 2, -100, 100,
                             [](auto& d, auto& a, auto& b) { TMUL(d, a, b); });
    run_case<int32_t, 64, 512>("TADDS", "S32_64x512", 1, 0, 0,
                               [](auto& d, auto& a, auto&) { TADDS(d, a, 3); });
    run_case<float, 64, 512>("TMAXS", "FP32_64x512", 1, -100, 100,
                             [](auto& d, auto& a, auto&) { TMAXS(d, a, 3.0f); });
    run_case<float, 64, 512>("TDIV", "FP32_64x512", 2, 0.5f, 100,
                             [](auto& d, auto& a, auto& b) { TDIV(d, a, b); });
    run_case<float, 64, 512>("TEXP", "FP32_64x512", 1, -20, 20, [](auto& d, auto& a, auto&) { TEXP(d, a); });
    run_case<half, 64, 1024>("TEXP", "FP16_64x1024", 1, -10, 10, [](auto& d, auto& a, auto&) { TEXP(d, a); });
    run_case<float, 64, 512>("TRSQRT", "FP32_64x512", 1, 0.001f, 1000,
                             [](auto& d, auto& a, auto&) { TRSQRT(d, a); });
    reduce_and_convert_cases();
    matmul_cases();
    return 0;
}
