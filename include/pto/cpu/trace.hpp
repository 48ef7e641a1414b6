// pto-isa's instruction trace hooks (namespace pto::cpu_sim): build with PTO_CPU_SIM_TRACE_MODE=1 and every
// instruction a thread runs is recorded with its operands (ptosim/sync/instruction_trace.hpp), readable with
// CopyInstructionTraceRecords / DumpInstructionTraceJson; LaunchKernelMultiCore also writes each launch's
// trace to <PTO_CPU_SIM_TRACE_DIR, default cpu_sim_traces>/<kernel name>/launch_<n>/trace.jsonl unless
// PTO_CPU_SIM_TRACE_ENABLE=0. ptosim can also turn the trace on at run time, without the macro:
// ptosim::itrace::enable(true).
#pragma once

#include <ostream>
#include <vector>

#include "ptosim/sync/instruction_trace.hpp"

namespace pto::cpu_sim {

#if defined(PTO_CPU_SIM_TRACE_MODE) && PTO_CPU_SIM_TRACE_MODE
inline constexpr bool kInstructionTraceEnabled = true;
// A program built in trace mode records from its start.
inline const bool instruction_trace_on_at_start = (ptosim::itrace::enable(true), true);
#else
inline constexpr bool kInstructionTraceEnabled = false;
#endif

using TileOperandTrace = ptosim::itrace::TileOperandTrace;
using ScalarOperandTrace = ptosim::itrace::ScalarOperandTrace;
using InstructionTraceRecord = ptosim::itrace::InstructionTraceRecord;

inline void ResetInstructionTrace() {
    ptosim::itrace::reset();
}
inline std::vector<InstructionTraceRecord> CopyInstructionTraceRecords() {
    return ptosim::itrace::records();
}
inline void DumpInstructionTraceJson(std::ostream& os) {
    ptosim::itrace::dump_json(os);
}

}  // namespace pto::cpu_sim
