// Named statuses and diagnostics of the Linx assembler/disassembler.
//
// Every illegal form has its own status with a fixed message; a diagnostic adds a detail (the offending
// token or value) and where it happened: line:col in text, byte offset and word index in binary.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// Where: text inputs have line and col (1-based; 0 = unknown); binary inputs have the byte offset and the
// index of the instruction word (16- and 32-bit words count one each).
struct Loc {
    uint32_t line = 0;
    uint32_t col = 0;
    uint32_t offset = 0;
    uint32_t word = 0;
    bool operator==(const Loc&) const = default;
};

struct Diag {
    AsmStatus status;
    std::string detail;
    Loc loc;

    // "message" or "message: detail".
    std::string message() const;
};

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
struct Result {
    T value{};
    std::vector<Diag> diags;
    bool ok() const { return diags.empty(); }
};

}  // namespace ptosim::linx
