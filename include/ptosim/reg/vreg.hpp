// The names the register-level code inside ptosim (reg/histogram.hpp, THISTOGRAM's register kernel) and
// AscendC's register API (include/basic_api/reg_compute/) use for the micro core's registers
// (core/vreg.hpp): one predicate type and one vector length for every front end of the micro level.
#pragma once

#include "ptosim/core/vreg.hpp"

namespace ptosim::reg {

using micro::kLanes;
using micro::kVL;
using Mask = micro::Preg;

}  // namespace ptosim::reg
