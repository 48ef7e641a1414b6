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
#include "verify.hpp"

namespace {

namespace fa = examples::flash_attention;

template <typename T>
bool check_one(const fa::Params& p, int reps, std::mt19937_64& rng) {
    const fa::verify::Result r = fa::verify::measure<T>(p, reps, rng);
    fa::verify::print(p, r);
    return r.ok;
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
