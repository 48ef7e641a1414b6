// expect-error: Cast: trait.mrgMode must be ZEROING
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
constexpr CastTrait kTrait = {RegLayout::ZERO, SatMode::UNKNOWN, MaskMergeMode::MERGING,
                              AscendC::RoundMode::UNKNOWN};
void f() {
    RegTensor<uint8_t> src;
    RegTensor<uint16_t> dst;
    MaskReg mask = CreateMask<uint8_t>();
    Cast<uint16_t, uint8_t, kTrait>(dst, src, mask);
}
