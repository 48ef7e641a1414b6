// expect-error: CreateMask: pattern VLk selects more elements than a register of T holds
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
MaskReg m = CreateMask<uint32_t, MaskPattern::VL128>();  // a b32 register holds 64 elements
