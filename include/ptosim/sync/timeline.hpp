// The pipeline timeline as data (docs/timeline.md): what trace_json() and trace_summary() print, for front
// ends that draw or analyse it themselves (the Python package's Timeline and plot_timeline).
//
// Every finished core run (a block of a launch) is a record: one span per instruction on its pipe, one arrow
// per flag from the pipe that set it to the pipe that waited for it, times in cycles of the cost model's
// clock from the core's start. totals() sums them per pipe and finds the critical path of the longest core
// run, as the summary does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/sync/hazards.hpp"

namespace ptosim::hazards::timeline {

inline constexpr double kClockMHz = 1850.0;  // pto-isa's cost model (docs/timeline.md)

struct Span {
    std::string name;  // "TLOAD"
    int slot;  // the pipe's pipe_t value (PIPE_S = 0, PIPE_V, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M,
               // PIPE_FIX = 7)
    uint64_t start, end;
    uint64_t seq;    // the instruction's position among the core's instructions (1 = the first)
    Location where;  // its call site (describe() makes it text)
    uint64_t stall;  // cycles the pipe waited for a flag before this instruction could start
    int pred;        // the span whose end bounded this one's start (-1: the issue order)
};

struct Arrow {
    int src, dst;  // pipe_t values
    uint64_t from, to;
    int id;
};

struct CoreRecord {
    uint32_t block = 0;
    std::vector<Span> spans;
    std::vector<Arrow> arrows;
};

// The core runs recorded so far (finished cores only), in the order they finished.
std::vector<CoreRecord> records();

struct PipeTotals {
    uint64_t instructions = 0;
    uint64_t busy = 0;     // cycles its instructions ran
    uint64_t waiting = 0;  // cycles it waited for flags
};

struct Totals {
    std::array<PipeTotals, 8> pipes{};  // by pipe_t value
    uint64_t total = 0;                 // the core runs' lengths added up (what busy shares are of)
    uint64_t longest = 0;               // the longest core run's length
    std::size_t longest_core = 0;       // its index in the records
    // The critical path of the longest core run: indices into its spans, from its last span back through
    // whatever bounded each start (Span::pred), so the first instruction of the chain is last.
    std::vector<int> critical_path;
};
Totals totals(const std::vector<CoreRecord>& cores);

// "MTE2", "V", ... for a pipe_t value; "?" for others.
std::string_view pipe_title(int slot);
// The pipe_t values in the order the trace and the summary list them: MTE2, MTE1, M, V, MTE3, FIX, S.
inline constexpr int kSlotOrder[] = {3, 2, 5, 1, 4, 7, 0};

}  // namespace ptosim::hazards::timeline
