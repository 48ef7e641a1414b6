// expect-error: Histograms: mode must be BIN0 or BIN1
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
using namespace AscendC::Reg;
void f() {
    RegTensor<uint8_t> src;
    RegTensor<uint16_t> dst;
    MaskReg mask = CreateMask<uint8_t>();
    Histograms<uint8_t, uint16_t, static_cast<HistogramsBinType>(2), HistogramsType::FREQUENCY>(dst, src,
                                                                                                mask);
}
