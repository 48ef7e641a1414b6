// Named statuses and diagnostics of the Linx assembler/disassembler.
//
// Every illegal form has its own status with a fixed message; a diagnostic adds a detail (the offending
// token or value) and where it happened: line:col in text, byte offset and word index in binary
// (ptosim/core/status.hpp, shared with PTO-AS and the ISA model).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptosim/core/status.hpp"

namespace ptosim::linx {

enum class AsmStatus : uint8_t {
#define PTOSIM_ASM_STATUS(name, message) name,
#include "ptosim/asm/status.def"
#undef PTOSIM_ASM_STATUS
};

inline constexpr AsmStatus kAllStatuses[] = {
#define PTOSIM_ASM_STATUS(name, message) AsmStatus::name,
#include "ptosim/asm/status.def"
#undef PTOSIM_ASM_STATUS
};

std::string_view status_name(AsmStatus s);
std::string_view status_message(AsmStatus s);

// An error before it has a location: the status and a detail ("" when the message says it all).
struct Err {
    AsmStatus status;
    std::string detail;
};

using Loc = diag::Loc;
using Diag = diag::Diag<AsmStatus>;

// A value or the reason there is none.
template <typename T>
class Expected {
  public:
    Expected(T v) : value_(std::move(v)) {}
    Expected(Err e) : err_(std::move(e)) {}
    explicit operator bool() const { return value_.has_value(); }
    T& operator*() { return *value_; }
    const T& operator*() const { return *value_; }
    T* operator->() { return &*value_; }
    const T* operator->() const { return &*value_; }
    const Err& error() const { return err_; }

  private:
    std::optional<T> value_;
    Err err_{AsmStatus::SyntaxError, ""};
};

// Output of a whole-input operation: what was produced, and every diagnostic (empty = success).
template <typename T>
using Result = diag::Result<AsmStatus, T>;

}  // namespace ptosim::linx
