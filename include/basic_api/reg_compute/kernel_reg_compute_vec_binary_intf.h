// AscendC register API: element-wise operations on two registers, one per micro-instruction
// (kernel_reg_compute_micro.h):
//
//   Add Sub Mul Div Max Min Prelu And Or Xor (dstReg, srcReg0, srcReg1, mask)
//
// Selected elements get the result; the others are zeroed (ZEROING) or keep dstReg's value (MERGING).
// Integers wrap modulo 2^bits (the hardware's default, integer saturation off); floating-point results are
// correctly rounded (the manual allows up to 1 ulp for Div), NaN is the canonical NaN, Max(-0, +0) = +0 and
// Min(-0, +0) = -0. Any operand may be the destination.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_micro.h"

namespace AscendC {
namespace Reg {

PTOSIM_REG_BINARY(Add, vadd)
PTOSIM_REG_BINARY(Sub, vsub)
PTOSIM_REG_BINARY(Mul, vmul)
PTOSIM_REG_BINARY(Div, vdiv)
PTOSIM_REG_BINARY(Max, vmax)
PTOSIM_REG_BINARY(Min, vmin)
PTOSIM_REG_BINARY(Prelu, vprelu)
PTOSIM_REG_BINARY(And, vand)
PTOSIM_REG_BINARY(Or, vor)
PTOSIM_REG_BINARY(Xor, vxor)

}  // namespace Reg
}  // namespace AscendC
