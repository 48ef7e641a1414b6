#include "ptosim/core/check.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "ptosim/core/diagnostic.hpp"

namespace ptosim {

namespace {
std::atomic<CheckHandler> g_handler{nullptr};
}  // namespace

std::string CheckFailure::message() const {
    std::string m = instr;
    m += ": ";
    m += rule;
    if (!values.empty()) {
        m += " (";
        m += values;
        m += ")";
    }
    return m;
}

std::string CheckFailure::located() const {
    return where.known() ? describe(where) + ": " + message() : message();
}

CheckError::CheckError(CheckFailure f) : std::runtime_error(f.located()), failure_(std::move(f)) {}

CheckHandler set_check_handler(CheckHandler handler) {
    return g_handler.exchange(handler);
}

// The handler when none is installed: PTOSIM_ON_ERROR=throw makes a test binary report a failed check per
// test (a CheckError) instead of losing every later test to an abort; abort (the default) suits kernels.
CheckHandler default_handler() {
    static const CheckHandler h = [] {
        const char* v = std::getenv("PTOSIM_ON_ERROR");
        if (v == nullptr || std::strcmp(v, "abort") == 0 || *v == '\0')
            return &abort_on_check_failure;
        if (std::strcmp(v, "throw") == 0)
            return &throw_check_error;
        std::fprintf(stderr, "ptosim: warning: PTOSIM_ON_ERROR=%s is not throw or abort; using abort\n", v);
        return &abort_on_check_failure;
    }();
    return h;
}

CheckHandler check_handler() {
    CheckHandler h = g_handler.load();
    return h ? h : default_handler();
}

namespace {
bool verbose() {
    static const bool v = [] {
        const char* e = std::getenv("PTOSIM_VERBOSE");
        return e != nullptr && std::strcmp(e, "0") != 0 && *e != '\0';
    }();
    return v;
}
}  // namespace

bool strict_mode() {
    static const bool s = [] {
        const char* e = std::getenv("PTOSIM_STRICT");
        return e != nullptr && std::strcmp(e, "0") != 0 && *e != '\0';
    }();
    return s;
}

void abort_on_check_failure(const CheckFailure& failure) {
    std::fprintf(stderr, "ptosim: error: %s\n", failure.located().c_str());
    if (verbose())
        std::fprintf(stderr, "  (checked at ptosim's %s:%d)\n", failure.file, failure.line);
    std::fflush(stderr);
    std::abort();
}

void throw_check_error(const CheckFailure& failure) {
    throw CheckError(failure);
}

namespace detail {

namespace {
CheckFailure failure_of(std::string_view instr, std::string_view rule, const char* file, int line,
                        std::initializer_list<CheckValue> values) {
    CheckFailure f;
    f.instr = instr;
    f.rule = rule;
    f.where = current_location();
    f.file = file;
    f.line = line;
    for (const CheckValue& v : values) {
        if (!f.values.empty())
            f.values += ", ";
        f.values += v.name;
        f.values += '=';
        f.values += v.value;
    }
    return f;
}
}  // namespace

void strict_check_failed(std::string_view instr, std::string_view rule, const char* file, int line,
                         std::initializer_list<CheckValue> values) {
    if (strict_mode())
        check_failed(instr, rule, file, line, values);
    const CheckFailure f = failure_of(instr, rule, file, line, values);
    // Once per rule and call site: a kernel that runs a million times warns once.
    char key[96];
    std::snprintf(key, sizeof key, "%p:%p:%u:%p:%d", f.where.code, static_cast<const void*>(f.where.file),
                  f.where.line, static_cast<const void*>(file), line);
    warn_once(key, f.located() + " [the device does not check this; PTOSIM_STRICT=1 makes it an error]");
}

void check_failed(std::string_view instr, std::string_view rule, const char* file, int line,
                  std::initializer_list<CheckValue> values) {
    const CheckFailure f = failure_of(instr, rule, file, line, values);
    check_handler()(f);
    // A handler must not return: continuing would run the instruction on an invalid configuration.
    std::fprintf(stderr, "ptosim: check handler returned after: %s\n", f.message().c_str());
    std::abort();
}

}  // namespace detail
}  // namespace ptosim
