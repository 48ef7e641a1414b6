// expect-error: Cast: trait.layoutMode must pick an element of each group
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
// uint16_t -> uint32_t groups source elements in pairs: only ZERO and ONE exist.
constexpr CastTrait kTrait = {RegLayout::TWO, SatMode::UNKNOWN, MaskMergeMode::ZEROING,
                              AscendC::RoundMode::UNKNOWN};
void f() {
    RegTensor<uint16_t> src;
    RegTensor<uint32_t> dst;
    MaskReg mask = CreateMask<uint16_t>();
    Cast<uint32_t, uint16_t, kTrait>(dst, src, mask);
}
