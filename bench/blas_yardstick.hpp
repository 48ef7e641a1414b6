// OpenBLAS's sgemm on the shape of a TMATMUL case: what a user would call for the same product on this CPU,
// printed next to the TMATMUL line as the yardstick (one thread, row-major float operands; the half case
// compares with sgemm on the same values widened to float, since OpenBLAS has no half GEMM).
#pragma once

#include <cstdint>
#include <functional>

namespace ptosim::bench {

// A call of sgemm C[m x n] = A[m x k] x B[k x n] on prepared operands; empty when ptosim-bench was built
// without OpenBLAS (bench/CMakeLists.txt finds Debian's libopenblas-dev when it is installed).
std::function<void()> sgemm_runner(int32_t m, int32_t k, int32_t n);

}  // namespace ptosim::bench
