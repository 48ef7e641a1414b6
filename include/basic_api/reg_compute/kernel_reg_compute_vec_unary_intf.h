// AscendC register API: element-wise operations on one register, one per micro-instruction
// (kernel_reg_compute_micro.h):
//
//   Abs Relu Neg Not Exp Sqrt Ln Log (dstReg, srcReg, mask)
//
// Ln and Log are the same natural logarithm (AscendC's two names). Floating-point results are correctly
// rounded (the manual allows up to 1 ulp), IEEE special values as the manual's INF/NAN mode (Ln(0) = -inf,
// Ln(-x) = NaN, Exp(-inf) = 0); integers wrap (Abs(int8 -128) = -128). Selected elements get the result; the
// others are zeroed (ZEROING) or keep dstReg's value (MERGING).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_micro.h"

namespace AscendC {
namespace Reg {

PTOSIM_REG_UNARY(Abs, vabs)
PTOSIM_REG_UNARY(Relu, vrelu)
PTOSIM_REG_UNARY(Neg, vneg)
PTOSIM_REG_UNARY(Not, vnot)
PTOSIM_REG_UNARY(Exp, vexp)
PTOSIM_REG_UNARY(Sqrt, vsqrt)
PTOSIM_REG_UNARY(Ln, vln)
PTOSIM_REG_UNARY(Log, vln)

}  // namespace Reg
}  // namespace AscendC
