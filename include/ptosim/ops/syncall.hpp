// SYNCALL: a barrier across the cores of one launch (docs/isa/SYNCALL.md).
#pragma once

#include <cstdint>
#include <source_location>

namespace ptosim::ops {

// Hardware mode: every core (thread) of the current launch arrives, then all proceed. Outside a launch the
// calling thread is the only core.
void syncall(const std::source_location& where);

// Software mode: arrive on the int32 counter `counter` (global memory, zero before first use) and wait until
// `used_cores` cores (0: every core of the launch) have arrived in this round, as pto-isa's device code does
// (the round is the arrival count divided by the core count).
void syncall_soft(int32_t* counter, int32_t used_cores, const std::source_location& where);

}  // namespace ptosim::ops
