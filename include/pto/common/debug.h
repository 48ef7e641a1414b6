// pto-isa's debug header, which some kernels include: PTO_ASSERT and PTO_CPU_ASSERT (pto/common/type.hpp:
// run-time checks through ptosim's check mechanism) and DEBUG_CHECK, the same with a message of the kernel's
// own.
#pragma once

#include "pto/common/type.hpp"
#include "ptosim/core/check.hpp"

#ifndef DEBUG_CHECK
#define DEBUG_CHECK(condition, message) PTOSIM_CHECK((condition), "PTO_ASSERT", (message))
#endif
