// The core's peak fused multiply-add rate, the yardstick of the TMATMUL cases of ptosim-bench.
#pragma once

namespace ptosim::bench {

// Floating-point operations per second (2 per lane of each FMA) of one thread running independent float FMA
// chains in registers on the best SIMD target dispatch allows; the best of a few timed runs.
double peak_fma_flops();

// Name of that target.
const char* peak_fma_target();

}  // namespace ptosim::bench
