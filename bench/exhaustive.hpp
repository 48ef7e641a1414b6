// ptosim-bench --exhaustive: every float input of a one-input float instruction through the fast and the
// reference kernel, each result compared with the correctly rounded value of the exact function.
#pragma once

#include <cstdint>
#include <string>

namespace ptosim::bench {

struct ExhaustiveOptions {
    uint64_t first = 0;                // first input bit pattern
    uint64_t end = uint64_t{1} << 32;  // one past the last
};

// `spec` is a comma-separated list of TEXP, TLOG, TSQRT, TRSQRT, TRECIP, TPOWS:<exponent>. Prints one line
// per instruction:
//   <OP> fp32 inputs=N fast_wrong=W ref_wrong=W fast_vs_ref=D undecided=U max_ulp=E seconds=S
// and up to three examples of wrong results. Returns 0, or 2 for a bad spec.
int exhaustive(const std::string& spec, const ExhaustiveOptions& opts);

}  // namespace ptosim::bench
