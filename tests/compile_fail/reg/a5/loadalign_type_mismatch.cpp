// expect-error: LoadAlign: the UB pointer's element type must be the register's element type
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f(__ubuf__ uint8_t* src) {
    RegTensor<uint16_t> r;
    LoadAlign(r, src);
}
