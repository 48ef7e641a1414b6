// Named statuses and diagnostics of the PTO-AS front end and of the program directives.
//
// Every illegal form has its own status with a fixed message; a diagnostic adds a detail (the offending token
// or value) and the line:col where it happened.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

// 1-based line and column; 0 = unknown.
struct Loc {
    uint32_t line = 0;
    uint32_t col = 0;
    bool operator==(const Loc&) const = default;
};

struct Diag {
    Status status;
    std::string detail;
    Loc loc;
    // "message" or "message: detail".
    std::string message() const;
};

// What a whole-input operation produced, and every diagnostic (empty = success).
template <typename T>
struct Result {
    T value{};
    std::vector<Diag> diags;
    bool ok() const { return diags.empty(); }
};

}  // namespace ptosim::pto_as
