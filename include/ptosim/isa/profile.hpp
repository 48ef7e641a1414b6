// Behaviour that differs between architecture profiles, written once for every front end.
#pragma once

#include <string_view>

#include "ptosim/core/arch.hpp"
#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/dtype.hpp"

namespace ptosim::isa {

// The compare mode the profile's hardware applies. A2A3 compares int32 only for equality: every mode but EQ
// and NE behaves as EQ, and the first time that happens (per instruction) a warning says so.
CmpMode applied_cmp_mode(Arch arch, DType type, CmpMode mode, std::string_view instr);

}  // namespace ptosim::isa
