// A kernel exported for Python from a project built against an installed ptosim.
#include <pto/pto-inst.hpp>

#include "ptosim/runtime/kernel_export.hpp"

AICORE void Scale(__gm__ float* out, __gm__ float* in, float factor, int n) {
    for (int i = 0; i < n; ++i)
        out[i] = in[i] * factor;
}

PTOSIM_EXPORT_KERNEL(scale, Scale)
