// expect-error: Exp: element type not supported (the types of micro-instruction vexp
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<int32_t> a, d;
    MaskReg mask = CreateMask<int32_t>();
    Exp(d, a, mask);
}
