// pto-isa's async session and event types live with the other communication types in ptosim.
#pragma once

#include "pto/comm/comm_types.hpp"
