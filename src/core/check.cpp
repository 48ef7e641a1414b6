#include "ptosim/core/check.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

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

CheckError::CheckError(CheckFailure f) : std::runtime_error(f.message()), failure_(std::move(f)) {}

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

void abort_on_check_failure(const CheckFailure& failure) {
    std::fprintf(stderr, "ptosim: error: %s\n  at %s:%d\n", failure.message().c_str(), failure.file,
                 failure.line);
    std::fflush(stderr);
    std::abort();
}

void throw_check_error(const CheckFailure& failure) {
    throw CheckError(failure);
}

namespace detail {

void check_failed(std::string_view instr, std::string_view rule, const char* file, int line,
                  std::initializer_list<CheckValue> values) {
    CheckFailure f;
    f.instr = instr;
    f.rule = rule;
    f.file = file;
    f.line = line;
    for (const CheckValue& v : values) {
        if (!f.values.empty())
            f.values += ", ";
        f.values += v.name;
        f.values += '=';
        f.values += v.value;
    }
    check_handler()(f);
    // A handler must not return: continuing would run the instruction on an invalid configuration.
    std::fprintf(stderr, "ptosim: check handler returned after: %s\n", f.message().c_str());
    std::abort();
}

}  // namespace detail
}  // namespace ptosim
