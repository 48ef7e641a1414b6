// The parts of the fast element-wise kernels (elementwise_<part>.cpp), one translation unit each.
#pragma once

#include "ptosim/isa/table.hpp"
#include "ptosim/ops/execute.hpp"

namespace ptosim::simd {

bool elementwise_binary(isa::Op op, const ops::Operands& operands);
bool elementwise_scalar(isa::Op op, const ops::Operands& operands);
bool elementwise_unary(isa::Op op, const ops::Operands& operands);
bool elementwise_row_expand(isa::Op op, const ops::Operands& operands);
bool elementwise_col_expand(isa::Op op, const ops::Operands& operands);

}  // namespace ptosim::simd
