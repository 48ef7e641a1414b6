// AscendC's umbrella header. ptosim provides the parts of AscendC it implements: the register API
// (AscendC::Reg / AscendC::MicroAPI, basic_api/reg_compute/) and the kernel qualifiers.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
#include "pto/common/qualifiers.hpp"
