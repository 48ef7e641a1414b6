// expect-error: Histograms: source type T must be uint8_t
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<int8_t> src;
    RegTensor<uint16_t> dst;
    MaskReg mask = CreateMask<int8_t>();
    Histograms<int8_t, uint16_t, HistogramsBinType::BIN0, HistogramsType::FREQUENCY>(dst, src, mask);
}
