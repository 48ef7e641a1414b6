// The ISA model: runs decoded Linx blocks on tile queues by calling the kernel core (ptosim::ops).
//
// State (docs/machine.md): four tile queues T, U, M, N of 16 entries each, named relatively (T#1 is the
// newest entry of T); 32 scalar registers (the 5-bit codes: zero, sp, a0..a7, ra, s0..s8, x0..x3, t#1..t#4,
// u#1..u#4); the loop-bound registers LB0..LB2. A block reads its sources, derives a view of every operand
// from its loop bounds and the entries' size classes (views.hpp), calls the checked kernel entry point, then
// commits: a source read without `.reuse` is released, and each destination is pushed as a new #1 (the 17th
// entry falls off). A block that faults changes nothing. No input makes the machine crash or read out of
// bounds: every problem is a Fault naming the block and the rule.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/asm/block.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/core/status.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::machine {

using linx::Hand;

enum class FaultKind : uint8_t {
#define PTOSIM_FAULT(name, message) name,
#include "ptosim/machine/fault.def"
#undef PTOSIM_FAULT
};

inline constexpr FaultKind kAllFaults[] = {
#define PTOSIM_FAULT(name, message) FaultKind::name,
#include "ptosim/machine/fault.def"
#undef PTOSIM_FAULT
};

std::string_view status_name(FaultKind k);
std::string_view status_message(FaultKind k);

// A fault: the shared diagnostic (ptosim/core/status.hpp: status, detail, where the block is: text line:col,
// or byte offset and word index) and the block's index in the program.
struct Fault : diag::Diag<FaultKind> {
    std::size_t block = 0;
    // "block 2: <message>: <detail>"
    std::string message() const;
};

struct RunResult {
    std::size_t executed = 0;  // blocks that committed
    std::optional<Fault> fault;
    bool ok() const { return !fault.has_value(); }
};

// How the bytes of an entry are viewed: element type, physical shape and valid region.
struct TileShape {
    DType dtype = DType::U8;
    Layout layout;
    int32_t valid_rows = 0, valid_cols = 0;
    bool operator==(const TileShape&) const = default;
};

// One queue entry. Its storage is its own (docs/machine.md: entries are not placed in the simulated UB; the
// 512 KiB budget is enforced by counting the bytes of the live entries).
struct Entry {
    std::shared_ptr<std::byte[]> data;  // size bytes, zero-filled when made
    uint32_t size = 0;                  // bytes: 32 << k; 0 = never written
    TileShape shape;                    // the view it was last written with (dumps, queue())
    int64_t writer = -1;                // the block that wrote it; -1 = an input
    int64_t released_by = -1;           // the block that released it; -1 = live
    bool written() const { return size != 0; }
    bool released() const { return released_by >= 0; }
    TileView view() const {
        return {data.get(), shape.dtype, shape.layout, shape.valid_rows, shape.valid_cols};
    }
};

// A step of a PTO-AS program that is not a Linx block (docs/machine.md, "Synchronisation"): a
// synchronisation operation, or the load that brings an input tile in (`.arg` stands in for a TLOAD: an
// MTE2 instruction at the .arg line). It runs before block `before` (the number of blocks: after the last).
// Steps only speak to the hazard checker and the timeline (docs/hazards.md); they change no state.
struct Step {
    enum class Kind : uint8_t { SetFlag, WaitFlag, Barrier, Load };
    Kind kind = Kind::SetFlag;
    std::size_t before = 0;
    int src = 0, dst = 0, event = 0;  // pto-isa pipe_t values; Barrier: src is the pipe
    Hand hand = Hand::T;              // Load: the entry at the start of the run
    uint8_t index = 1;
    linx::Loc loc;  // the statement's line
};

struct Options {
    Arch arch = Arch::A5;
    // Check every block (sources, views, sizes, dtypes, capacity) and commit zero-filled destinations, but
    // call no kernel: what `ptoas check` does.
    bool dry_run = false;
    // Called before each block executes (ptoas run --trace).
    std::function<void(std::size_t index, const linx::Block& block)> trace;
    // The program's file name: the hazard checker and the timeline report each block and step at
    // `source_name:line` (docs/hazards.md, "PTO-AS programs").
    std::string source_name;
};

class Machine {
  public:
    static constexpr unsigned kDepth = 16;    // entries per queue
    static constexpr unsigned kHands = 4;     // T, U, M, N
    static constexpr uint32_t kMinSize = 32;  // size class 1
    static constexpr uint32_t kMaxSize = 512 * 1024;

    explicit Machine(Options opts = {});

    const Options& options() const { return opts_; }
    Arch arch() const { return opts_.arch; }

    // Initial state. place() writes entry #index of a queue directly (the entries above it stay as they are,
    // so `T#3` can hold data while T#1 and T#2 were never written); push() makes a new #1. size is a size
    // class in bytes (32 << k, at most 512 KiB); bytes (at most size of them) are copied, the rest is zero.
    // shape is what dumps show.
    void place(Hand h, unsigned index, const TileShape& shape, uint32_t size,
               std::span<const std::byte> bytes);
    void push(Hand h, const TileShape& shape, uint32_t size, std::span<const std::byte> bytes);
    void set_reg(unsigned code, uint64_t value);  // writes to `zero` are ignored
    uint64_t reg(unsigned code) const;

    // Execution.
    void load(linx::Program program, std::vector<Step> steps = {}) {
        program_ = std::move(program);
        steps_ = std::move(steps);
    }
    RunResult run() { return run(program_, steps_); }
    // The blocks in order, each step before the block it names (steps ordered by `before`). One simulated
    // core to the hazard checker: its state starts fresh and flags left set are reported at the end.
    RunResult run(std::span<const linx::Block> blocks, std::span<const Step> steps = {});
    // One block (index names it in the fault). Nothing changes when it faults.
    std::optional<Fault> step(const linx::Block& b, std::size_t index);

    // State.
    const Entry& entry(Hand h, unsigned index) const;  // index 1..16; hands T, U, M, N
    // The entry's view (as written), or nullopt when it was never written.
    std::optional<TileView> queue(Hand h, unsigned index) const;
    uint16_t lb(unsigned i) const { return lb_.at(i); }  // the loop bounds of the last block
    std::size_t live_bytes() const;                      // written, neither released nor evicted

  private:
    using Queue = std::array<Entry, kDepth>;  // [0] = #1
    Queue& queue_of(Hand h) { return queues_[static_cast<unsigned>(h)]; }
    const Queue& queue_of(Hand h) const { return queues_[static_cast<unsigned>(h)]; }

    // A step of the program: its hazard-checker hooks at its line.
    void run_step(const Step& s, std::vector<std::vector<std::byte>>& global) const;

    Options opts_;
    const char* file_ = nullptr;  // opts_.source_name, interned for the hazard checker's reports
    std::array<Queue, kHands> queues_{};
    std::array<uint64_t, 32> regs_{};
    std::array<uint16_t, 3> lb_{};
    linx::Program program_;
    std::vector<Step> steps_;
};

// The smallest size class (32 B << k) that holds n bytes, or 0 when n > 512 KiB.
uint32_t size_class_bytes(std::size_t n);

}  // namespace ptosim::machine
