// The instruction trace of pto-isa's CPU simulation (its `pto/cpu/trace.hpp` hooks): while on, every
// instruction a thread runs appends one record with its opcode, block, sequence number, and its input tiles,
// scalar inputs and output tiles (address, shape, layout, element type). The records are per thread, as each
// simulated core is a thread; pto::cpu_sim's ResetInstructionTrace / CopyInstructionTraceRecords /
// DumpInstructionTraceJson read the calling thread's.
//
// The operands come from the same declarations the hazard checker reads (hazards::Scope's read and write of
// each operand view), so every instruction is traced with its operands in the order its entry point declares
// them: what it writes are its outputs, what it reads its inputs.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/core/conv_view.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::itrace {

struct TileOperandTrace {
    std::uintptr_t address = 0;  // the host address of the operand's first element
    std::vector<int64_t> shape;  // a tile's valid rows and columns; a tensor's or conv tile's dimensions
    std::string layout;          // "ND", "DN", "outer=col_major,inner=row_major,fractal_size=512", "NZ", ...
    std::string dtype;           // "float32", "float16", "bfloat16", "int8", ...
};

struct ScalarOperandTrace {
    std::string dtype;
    std::string value;
};

struct InstructionTraceRecord {
    uint32_t block_idx = 0;
    uint64_t sequence_id = 0;  // 0, 1, ... per thread since its last reset
    std::string opcode;
    std::vector<TileOperandTrace> input_tiles;
    std::vector<ScalarOperandTrace> scalar_inputs;
    std::vector<TileOperandTrace> output_tiles;
};

// Process-wide switch, read by the hooks (one relaxed load while off).
extern std::atomic<bool> g_on;
inline bool on() {
    return g_on.load(std::memory_order_relaxed);
}
void enable(bool on);

// The calling thread's records.
void reset();
std::vector<InstructionTraceRecord> records();
// One JSON object per record and line (JSON Lines), as pto-isa's DumpInstructionTraceJson writes them.
void dump_json(std::ostream& os);
std::string json();

// An instruction with no operands (pto-isa's TSYNC<Op>()).
void bare(std::string_view opcode);

// The hooks hazards::Scope calls while the trace is on. Only the outermost instruction is recorded (an entry
// point that runs others is one instruction).
namespace detail {
void begin(std::string_view opcode);
void end();
void operand(const TileView& t, bool output);
void operand(const GlobalView& g, bool output);
void operand(const ConvView& c, bool output);
void scalar(DType type, uint64_t bits);
}  // namespace detail

}  // namespace ptosim::itrace
