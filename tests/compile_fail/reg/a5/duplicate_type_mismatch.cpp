// expect-error: Duplicate: T must be the element type of dstReg
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<uint16_t> r;
    Duplicate<uint8_t>(r, 0);
}
