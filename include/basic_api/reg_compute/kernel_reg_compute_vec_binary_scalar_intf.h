// AscendC register API: element-wise operations of a register and a scalar, one per micro-instruction
// (kernel_reg_compute_micro.h):
//
//   Adds Muls Maxs Mins ShiftLefts ShiftRights LeakyRelu (dstReg, srcReg, scalarValue, mask)
//
// The scalar is converted to the register's element type first. Selected elements get the result; the others
// are zeroed (ZEROING) or keep dstReg's value (MERGING).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_micro.h"

namespace AscendC {
namespace Reg {

PTOSIM_REG_VEC_SCALAR(Adds, vadds)
PTOSIM_REG_VEC_SCALAR(Muls, vmuls)
PTOSIM_REG_VEC_SCALAR(Maxs, vmaxs)
PTOSIM_REG_VEC_SCALAR(Mins, vmins)
PTOSIM_REG_VEC_SCALAR(ShiftLefts, vshls)
PTOSIM_REG_VEC_SCALAR(ShiftRights, vshrs)
PTOSIM_REG_VEC_SCALAR(LeakyRelu, vlrelu)

}  // namespace Reg
}  // namespace AscendC
