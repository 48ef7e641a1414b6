// Tiled GEMM (gemm.hpp) on generated A and B: the result is checked twice, bit for bit against the
// accumulation order the kernel's instructions define and against a double-precision product with the bound
// printed on its line, and timed against plain C++ loops in the same run.
// Usage: ptosim-gemm [m n k dtype blocks reps]   dtype float | half | both; default 1024 1024 1024 both 1 3.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "../common/host.hpp"
#include "gemm.hpp"
#include "verify.hpp"

namespace {

namespace gm = examples::gemm;

template <typename T>
bool check_one(const gm::Params& p, int reps, std::mt19937_64& rng) {
    const gm::verify::Result r = gm::verify::measure<T>(p, reps, rng);
    gm::verify::print(p, r);
    return r.ok;
}

}  // namespace

int main(int argc, char** argv) {
    gm::Params p;
    p.m = argc > 1 ? std::atoi(argv[1]) : 1024;
    p.n = argc > 2 ? std::atoi(argv[2]) : 1024;
    p.k = argc > 3 ? std::atoi(argv[3]) : 1024;
    const std::string dtype = argc > 4 ? argv[4] : "both";
    p.blocks = static_cast<unsigned>(argc > 5 ? std::atoi(argv[5]) : 1);
    const int reps = argc > 6 ? std::atoi(argv[6]) : 3;
    try {
        gm::check(p);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    if (reps < 1 || (dtype != "float" && dtype != "half" && dtype != "both")) {
        std::fprintf(stderr, "usage: ptosim-gemm [m n k float|half|both blocks reps]\n");
        return 2;
    }
    aclInit(nullptr);
    aclrtSetDevice(0);
    std::mt19937_64 rng(11);
    bool ok = true;
    if (dtype != "half")
        ok &= check_one<float>(p, reps, rng);
    if (dtype != "float")
        ok &= check_one<half>(p, reps, rng);
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 1;
}
