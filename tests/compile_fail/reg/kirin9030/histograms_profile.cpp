// expect-error: Histograms: available only on the A5 profile (Ascend 950PR/950DT); this translation unit
// targets the KIRIN9030 profile The seed's example, compiled for another profile: only the Histograms call is
// rejected.
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"

template <typename T, typename U, AscendC::Reg::HistogramsBinType mode, AscendC::Reg::HistogramsType type>
__simd_vf__ inline void HistogramsVF(__ubuf__ U* dstAddr, __ubuf__ T* srcAddr, uint32_t oneRepeatSize,
                                     uint16_t repeatTimes) {
    AscendC::Reg::RegTensor<T> srcReg;
    AscendC::Reg::RegTensor<U> dstReg;
    AscendC::Reg::MaskReg mask0 = AscendC::Reg::CreateMask<T>();
    AscendC::Reg::MaskReg mask1 = AscendC::Reg::CreateMask<T>();
    AscendC::Reg::Duplicate<U>(dstReg, 0);
    for (uint16_t i = 0; i < repeatTimes; ++i) {
        AscendC::Reg::LoadAlign(srcReg, srcAddr + oneRepeatSize * i);
        AscendC::Reg::Histograms<T, U, mode, type>(dstReg, srcReg, mask0);
    }
    AscendC::Reg::StoreAlign(dstAddr, dstReg, mask1);
}

template void HistogramsVF<uint8_t, uint16_t, AscendC::Reg::HistogramsBinType::BIN0,
                           AscendC::Reg::HistogramsType::FREQUENCY>(uint16_t*, uint8_t*, uint32_t, uint16_t);
