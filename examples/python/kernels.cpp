// C++ kernels for Python (docs/python.md): the examples' row softmax and flash attention, exported from a
// shared library that ptosim.Kernel loads (CMake: ptosim_add_kernel_library(ptosim_example_kernels ...)).
// test_kernels.py tests them against numpy, as pto-isa's tests test their kernels against numpy goldens.
#include "flash_attention/flash_attention.hpp"
#include "norm/norm.hpp"
#include "ptosim/runtime/kernel_export.hpp"

// y = softmax(x) along each of n_rows rows of cols floats (cols <= 1024, a multiple of 8):
//   ptosim.Kernel(lib, "row_softmax", "y:f32*[n_rows*cols], x:f32*[n_rows*cols], n_rows:i64, cols:i32")
PTOSIM_EXPORT_KERNEL(row_softmax, norm::RowSoftmax)

// O = softmax(Q K^T / sqrt(64)) V for one head, D = 64 (s_q and s_kv multiples of 64; causal 0 or 1):
//   ptosim.Kernel(lib, "flash_attention_f32_d64",
//                 "o:f32*[s_q*64], q:f32*[s_q*64], k:f32*[s_kv*64], v:f32*[s_kv*64], s_q:i32, s_kv:i32,
//                 causal:i32")
PTOSIM_EXPORT_KERNEL(flash_attention_f32_d64, examples::flash_attention::FlashAttention<float, 64>)
