// expect-error: Interleave: b64 element types need RegTraitNumTwo registers, which ptosim does not model
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<uint64_t> a, b, c, d;
    Interleave(c, d, a, b);
}
