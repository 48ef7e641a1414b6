// expect-error: Add: ptosim models integer element types (int8_t..uint64_t) only
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<float> a, b, d;
    MaskReg mask = CreateMask<float>();
    Add(d, a, b, mask);
}
