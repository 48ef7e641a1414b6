// The one run-time check mechanism of ptosim, and the one static_assert message format.
//
// Run-time checks are on in every build type: a failed check names the instruction, the rule and the
// offending values, then calls the installed handler. The default handler prints the message to stderr and
// aborts; tests install throw_check_error so they can assert on the message. A handler that returns is
// treated as a bug and aborts too, so no caller ever continues past a failed check (and no out-of-bounds
// access can follow one).
//
// Static rules use PTOSIM_STATIC_CHECK(cond, "INSTR", "rule"), which produces the message "INSTR: rule".
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "ptosim/core/location.hpp"

#define PTOSIM_STATIC_CHECK(cond, instr, rule) static_assert(cond, instr ": " rule)

namespace ptosim {

// One offending value reported with a failed check: "name=value".
struct CheckValue {
    std::string_view name;
    std::string value;

    template <typename T>
    CheckValue(std::string_view n, const T& v) : name(n), value(format_value(v)) {}

  private:
    static std::string format_value(std::string_view v) { return std::string(v); }
    static std::string format_value(const char* v) { return std::string(v); }
    static std::string format_value(const std::string& v) { return v; }
    static std::string format_value(bool v) { return v ? "true" : "false"; }
    template <typename T>
    static std::string format_value(const T& v) {
        if constexpr (std::is_enum_v<T>) {
            return std::to_string(static_cast<long long>(v));
        } else if constexpr (std::is_floating_point_v<T>) {
            return std::to_string(v);
        } else if constexpr (std::is_signed_v<T>) {
            return std::to_string(static_cast<long long>(v));
        } else {
            return std::to_string(static_cast<unsigned long long>(v));
        }
    }
};

struct CheckFailure {
    std::string instr;      // e.g. "THISTOGRAM", "TASSIGN", "ptoas"
    std::string rule;       // e.g. "dst valid columns must be >= 256"
    std::string values;     // e.g. "dst.validCol=128"
    Location where;         // the user's call of the API entry that failed (core/location.hpp)
    const char* file = "";  // ptosim's own source of the check (printed with PTOSIM_VERBOSE=1)
    int line = 0;

    // "INSTR: rule (values)"
    std::string message() const;
    // "kernel.cpp:42: INSTR: rule (values)": message() after the user's location, when it is known.
    std::string located() const;
};

// Thrown by throw_check_error; what() is CheckFailure::located().
class CheckError : public std::runtime_error {
  public:
    explicit CheckError(CheckFailure f);
    const CheckFailure& failure() const { return failure_; }

  private:
    CheckFailure failure_;
};

using CheckHandler = void (*)(const CheckFailure&);

// Install a handler (process-wide); returns the previous one. nullptr restores the default.
CheckHandler set_check_handler(CheckHandler handler);
CheckHandler check_handler();

// The default handler: message to stderr, then std::abort().
void abort_on_check_failure(const CheckFailure& failure);
// A handler for tests and tools: throws CheckError.
void throw_check_error(const CheckFailure& failure);

// RAII: install a handler for a scope.
class ScopedCheckHandler {
  public:
    explicit ScopedCheckHandler(CheckHandler h) : previous_(set_check_handler(h)) {}
    ~ScopedCheckHandler() { set_check_handler(previous_); }
    ScopedCheckHandler(const ScopedCheckHandler&) = delete;
    ScopedCheckHandler& operator=(const ScopedCheckHandler&) = delete;

  private:
    CheckHandler previous_;
};

namespace detail {
[[noreturn]] void check_failed(std::string_view instr, std::string_view rule, const char* file, int line,
                               std::initializer_list<CheckValue> values);
void strict_check_failed(std::string_view instr, std::string_view rule, const char* file, int line,
                         std::initializer_list<CheckValue> values);
}  // namespace detail

// PTOSIM_STRICT=1: rules ptosim has and the device does not (PTOSIM_STRICT_CHECK) fail as errors.
bool strict_mode();

}  // namespace ptosim

// PTOSIM_CHECK(cond, "INSTR", "rule", {"name", value}, ...): on failure reports and never returns.
#define PTOSIM_CHECK(cond, instr, rule, ...)                                                    \
    do {                                                                                        \
        if (!(cond)) [[unlikely]] {                                                             \
            ::ptosim::detail::check_failed((instr), (rule), __FILE__, __LINE__, {__VA_ARGS__}); \
        }                                                                                       \
    } while (0)

// PTOSIM_STRICT_CHECK(cond, "INSTR", "rule", {"name", value}, ...): a rule the device does not have (likely a
// bug in the program, but the device runs it and the result is defined). A warning, printed once per call
// site and rule, that names the user's location; with PTOSIM_STRICT=1 a failed check like PTOSIM_CHECK's.
#define PTOSIM_STRICT_CHECK(cond, instr, rule, ...)                                                    \
    do {                                                                                               \
        if (!(cond)) [[unlikely]] {                                                                    \
            ::ptosim::detail::strict_check_failed((instr), (rule), __FILE__, __LINE__, {__VA_ARGS__}); \
        }                                                                                              \
    } while (0)
