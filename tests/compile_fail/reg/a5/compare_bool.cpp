// expect-error: Compare: element type must be int8_t..uint64_t, half, bfloat16_t or float
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<bool> a, b;
    MaskReg dst, mask = CreateMask<uint8_t>();
    Compare<bool, AscendC::CMPMODE::EQ>(dst, a, b, mask);
}
