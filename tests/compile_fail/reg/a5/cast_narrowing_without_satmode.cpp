// expect-error: Cast: a narrowing conversion needs trait.satMode = NO_SAT (keep the low bits) or SAT
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
constexpr CastTrait kTrait = {RegLayout::ZERO, SatMode::UNKNOWN, MaskMergeMode::ZEROING,
                              AscendC::RoundMode::UNKNOWN};
void f() {
    RegTensor<uint32_t> src;
    RegTensor<uint16_t> dst;
    MaskReg mask = CreateMask<uint32_t>();
    Cast<uint16_t, uint32_t, kTrait>(dst, src, mask);
}
