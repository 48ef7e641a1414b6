// expect-error: StoreAlign: one-register stores support DIST_NORM, DIST_NORM_Bn, DIST_FIRST_ELEMENT_Bn
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
void f(__ubuf__ uint8_t* dst, MaskReg& m) {
    RegTensor<uint8_t> r;
    StoreAlign<uint8_t, StoreDist::DIST_MRG4CHN_B8>(dst, r, m);
}
