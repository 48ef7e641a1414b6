// expect-error: Histograms: T must be the element type of srcReg
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<int8_t> src;  // T says uint8_t, the register holds int8_t
    RegTensor<uint16_t> dst;
    MaskReg mask = CreateMask<uint8_t>();
    Histograms<uint8_t, uint16_t, HistogramsBinType::BIN0, HistogramsType::FREQUENCY>(dst, src, mask);
}
