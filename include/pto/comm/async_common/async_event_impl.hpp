// pto-isa's async event implementation header: kernels include it for BuildAsyncSession and AsyncEvent's
// Wait / Test, which live with the other communication types in ptosim.
#pragma once

#include "pto/comm/async_common/async_types.hpp"
#include "pto/comm/comm_types.hpp"
