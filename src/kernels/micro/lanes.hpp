// The lane kernels of the micro core's element-wise families (private to the kernel core): per operation and
// element type, the reference kernel (lanes.cpp) and the fast one (lanes_simd.cpp, null where none pays).
#pragma once

#include "ptosim/ops/micro.hpp"

namespace ptosim::kernels::micro {

using ptosim::micro::BinaryFn;
using ptosim::micro::ScalarFn;
using ptosim::micro::UnaryFn;

BinaryFn ref_binary(isa::MOp op, DType t);
ScalarFn ref_scalar(isa::MOp op, DType t);
UnaryFn ref_unary(isa::MOp op, DType t);

BinaryFn simd_binary(isa::MOp op, DType t);
ScalarFn simd_scalar(isa::MOp op, DType t);
UnaryFn simd_unary(isa::MOp op, DType t);

}  // namespace ptosim::kernels::micro
