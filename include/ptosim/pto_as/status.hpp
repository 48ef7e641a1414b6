// Named statuses and diagnostics of the PTO-AS front end and of the program directives.
//
// Every illegal form has its own status with a fixed message; a diagnostic adds a detail (the offending token
// or value) and the line:col where it happened.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/core/status.hpp"

namespace ptosim::pto_as {

enum class Status : uint8_t {
#define PTOSIM_PTO_AS_STATUS(name, message) name,
#include "ptosim/pto_as/status.def"
#undef PTOSIM_PTO_AS_STATUS
};

inline constexpr Status kAllStatuses[] = {
#define PTOSIM_PTO_AS_STATUS(name, message) Status::name,
#include "ptosim/pto_as/status.def"
#undef PTOSIM_PTO_AS_STATUS
};

std::string_view status_name(Status s);
std::string_view status_message(Status s);

// Line and column (1-based; 0 = unknown) of the text (ptosim/core/status.hpp, shared with the assembler and
// the ISA model).
using Loc = diag::Loc;
using Diag = diag::Diag<Status>;

// What a whole-input operation produced, and every diagnostic (empty = success).
template <typename T>
using Result = diag::Result<Status, T>;

}  // namespace ptosim::pto_as
