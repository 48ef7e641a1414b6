// expect-error: Cast: ptosim models the integer conversions
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
using namespace AscendC::Reg;
constexpr CastTrait kTrait = {RegLayout::UNKNOWN, SatMode::NO_SAT, MaskMergeMode::ZEROING,
                              AscendC::RoundMode::CAST_RINT};
void f() {
    RegTensor<float> src;
    RegTensor<int32_t> dst;
    MaskReg mask = CreateMask<float>();
    Cast<int32_t, float, kTrait>(dst, src, mask);
}
