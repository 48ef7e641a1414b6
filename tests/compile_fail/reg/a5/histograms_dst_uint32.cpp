// expect-error: Histograms: destination type U must be uint16_t
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<uint8_t> src;
    RegTensor<uint32_t> dst;
    MaskReg mask = CreateMask<uint8_t>();
    Histograms<uint8_t, uint32_t, HistogramsBinType::BIN0, HistogramsType::ACCUMULATE>(dst, src, mask);
}
