// expect-error: LoadAlign: one-register loads support DIST_NORM, DIST_BRC_Bn, DIST_US_Bn, DIST_DS_Bn
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f(__ubuf__ uint8_t* src) {
    RegTensor<uint8_t> r;
    LoadAlign<uint8_t, LoadDist::DIST_SPLT4CHN_B8>(r, src);
}
