// AscendC register API (AscendC::Reg, alias AscendC::MicroAPI): every operation ptosim provides.
//
// Per AscendC, the register API exists on Ascend 950PR/950DT only. ptosim lets the data-movement, predicate,
// comparison, conversion and arithmetic operations compile under every profile (tile instructions of other
// profiles are built from them) and rejects the operations tied to A5 hardware (Histograms) at compile time
// elsewhere.
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_common_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_datacopy_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_maskreg_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_utils.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_binary_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_binary_scalar_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_cmpsel_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_duplicate_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_interleave_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_reduce_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_unary_intf.h"
#include "basic_api/reg_compute/kernel_reg_compute_vec_vconv_intf.h"
