// The pto-isa C++ API: tiles, global tensors, events and every tile instruction, plus the device-source
// compatibility layer (kernel qualifiers, pipe/event intrinsics, block index) and the ACL host runtime, so
// that a kernel and its host launcher written for the device build and run unchanged on the CPU.
#pragma once

#include "acl/acl.h"
#include "pto/comm/pto_comm_inst.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/cpu_stub.hpp"
#include "pto/common/event.hpp"
#include "pto/common/kernel.hpp"
#include "pto/common/pto_instr.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "pto/cpu/Hifloat8.hpp"
#include "pto/cpu/MXTypes.hpp"
#include "pto/cpu/NPUMemoryModel.hpp"
#include "pto/cpu/tile_offsets.hpp"
