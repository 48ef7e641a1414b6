// expect-error: LoadAlign: one-register loads support DIST_NORM and DIST_BRC_B8/B16/B32 only
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f(__ubuf__ uint8_t* src) {
    RegTensor<uint8_t> r;
    LoadAlign<uint8_t, LoadDist::DIST_US_B8>(r, src);
}
