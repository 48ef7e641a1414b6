// Where the simulation's time goes: while on, every instruction a thread runs is counted per instruction and
// element type (its destination's) with the bytes it reads and writes and the host time it takes. The hook is
// hazards::Scope, which every entry point opens, so the profile sees what the hazard checker and the timeline
// see; only the outermost instruction is counted (an entry point that runs others is one instruction).
//
// PTOSIM_PROFILE=1 turns it on for the whole process and prints the table at exit (to stderr);
// PTOSIM_PROFILE_JSON=file writes the same numbers as JSON (and turns it on). `ptoas run --profile` does the
// same for one run. docs/performance.md shows what it says about the showcase's kernels.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/core/dtype.hpp"

namespace ptosim::profile {

extern std::atomic<bool> g_on;
inline bool on() {
    return g_on.load(std::memory_order_relaxed);
}
// Turns the counting on or off; turning it on starts the run's wall clock.
void enable(bool on);
// Turns it on and prints the table at exit (to stderr), and the JSON to `json_path` when it is not empty.
void report_at_exit(const std::string& json_path = "");

struct Row {
    std::string instruction;  // "TADD", "TLOAD", "pto.vadd", ...
    std::string dtype;  // the destination's element type ("f32", ...); "-" when it writes no typed operand
    uint64_t calls = 0;
    uint64_t bytes = 0;         // read and written, summed over the calls
    double seconds = 0;         // host time, summed over the calls (and over the threads that ran them)
    double memcpy_seconds = 0;  // a memcpy of each call's mean bytes, as many times: measured by report()
};

struct Report {
    std::vector<Row> rows;           // by seconds, largest first
    double wall_seconds = 0;         // since enable(true)
    double instruction_seconds = 0;  // the rows' sum: core-seconds when several cores ran at once
    uint64_t threads = 0;            // the threads that ran instructions
};

// Everything counted so far, by every thread (finished or not); measures the memcpy column.
Report report();
std::string text(const Report& r);
std::string json(const Report& r);
void reset();

// The hooks hazards::Scope calls while on(), for the outermost instruction only.
namespace detail {
void begin();
// An operand's bytes (its valid elements); the first written one gives the row's element type.
void operand(DType t, uint64_t bytes, bool write);
void raw(uint64_t bytes);  // bytes without an element type (an untyped read or write)
void end(std::string_view instruction);
}  // namespace detail

}  // namespace ptosim::profile
