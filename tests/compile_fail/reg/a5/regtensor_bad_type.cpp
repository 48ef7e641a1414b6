// expect-error: RegTensor: T must be a b8/b16/b32/b64 element type
#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
AscendC::Reg::RegTensor<double> r;
