// expect-error: Histograms: source type T must be uint8_t
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<uint16_t> src;
    RegTensor<uint16_t> dst;
    MaskReg mask = CreateMask<uint16_t>();
    Histograms<uint16_t, uint16_t, HistogramsBinType::BIN1, HistogramsType::ACCUMULATE>(dst, src, mask);
}
