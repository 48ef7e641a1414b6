// Inter-rank communication (pto-isa's pto::comm, docs/comm.md): point-to-point transfers through a staging
// tile (TPUT, TGET), GM-to-GM transfers (TPUT_ASYNC, TGET_ASYNC), collectives over a group of peer tensors
// (TBROADCAST, TREDUCE, TGATHER, TSCATTER) and int32 signals (TNOTIFY, TWAIT, TTEST).
//
// A rank's global memory is host memory like any other: a peer's buffer is just another address (ranks are
// threads of one process, ptosim::launch_ranks). The transfers move data the way the device code does (TLOAD
// into the staging tile, TSTORE out of it, chunk by chunk when the tensor does not fit the tile), through the
// checked TLOAD / TSTORE / TADD / TMAX / TMIN entry points, and report each step to the hazard checker on the
// pipe the device uses. Every entry point validates all of its operands before it writes anything.
#pragma once

#include <cstdint>
#include <source_location>
#include <span>

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim::comm {

// pto-isa's numbering (pto/comm/comm_types.hpp).
enum class NotifyOp : uint8_t { AtomicAdd = 0, Set = 1 };
enum class WaitCmp : uint8_t { EQ = 0, NE = 1, GT = 2, GE = 3, LT = 4, LE = 5 };
enum class ReduceOp : uint8_t { Sum = 0, Max = 1, Min = 2 };

// The UB tiles a transfer stages through: one, or a ping-pong pair used in turn, chunk by chunk. A tile whose
// valid rows (columns) are fixed at compile time cannot hold a partial chunk: in chunked mode the tensor's
// rows (DIM_3) must then be a multiple of them, as pto-isa requires.
struct Staging {
    std::span<const TileView> tiles;
    bool static_valid_rows = false;
    bool static_valid_cols = false;
};

// A group of peer tensors (pto::comm::ParallelGroup): tensors[r] is rank r's buffer as the caller sees it.
struct Group {
    std::span<const GlobalView> tensors;
    int root = 0;
};

// Returns the name of a comparison ("EQ", ...) or "?".
const char* wait_cmp_name(WaitCmp cmp);
// The comparison pto-isa's TWAIT / TTEST apply to each signal: signal <cmp> value.
bool compare(int32_t signal, int32_t value, WaitCmp cmp);

}  // namespace ptosim::comm

namespace ptosim::ops {

// TPUT / TGET (`instr` names which in errors and hazard reports): dst = src, src's shape, through the staging
// tile(s); with atomic_add the elements are added to dst (TPUT's AtomicAdd).
void tput(const char* instr, const GlobalView& dst, const GlobalView& src, const comm::Staging& staging,
          bool atomic_add = false);

// TPUT_ASYNC / TGET_ASYNC: dst = src (src's shape) by the DMA engine, without a staging tile. The copy is
// complete when the call returns, so the event's Wait and Test succeed at once; the hazard checker still
// orders it before the core's next accesses only when they do (hazards::async_done). Returns the event's
// handle (never 0).
uint64_t tcopy_async(const char* instr, const GlobalView& dst, const GlobalView& src);

// TPREFETCH_ASYNC: the DMA engine stages src into the L2 cache (a hint: nothing observable changes on the
// CPU). Checks src as TPUT_ASYNC checks its operands; the engine's read of src is ordered like a transfer's.
// Returns the event's handle (never 0).
uint64_t tprefetch_async(const GlobalView& src);

// TBROADCAST: every group tensor = src.
void tbroadcast(const comm::Group& group, const GlobalView& src, const comm::Staging& staging);
// TGATHER: dst rows [r * H, (r + 1) * H) of DIM_3 = group tensor r (H = its DIM_3 extent).
void tgather(const comm::Group& group, const GlobalView& dst, const comm::Staging& staging);
// TSCATTER: group tensor r = src rows [r * H, (r + 1) * H) of DIM_3.
void tscatter(const comm::Group& group, const GlobalView& src, const comm::Staging& staging);
// TREDUCE: dst = group[root] (op) every other group tensor, in rank order; acc holds the running result and
// recv (one tile, or a ping-pong pair) each peer's chunk.
void treduce(const comm::Group& group, const GlobalView& dst, const TileView& acc, const comm::Staging& recv,
             comm::ReduceOp op);

// TNOTIFY: signal = value (Set) or signal += value (AtomicAdd), atomically; wakes blocked TWAITs.
void tnotify(const GlobalView& signal, int32_t value, comm::NotifyOp op);
// TTEST: every signal of the (up to 5-D) signal tensor satisfies signal <cmp> value.
bool ttest(const GlobalView& signal, int32_t value, comm::WaitCmp cmp);
// TWAIT: blocks until TTEST would return true. A wait no thread can ever satisfy fails with a deadlock error
// naming `where` (ptosim/sync/wait.hpp). Signals written by plain stores of other threads are seen too.
void twait(const GlobalView& signal, int32_t value, comm::WaitCmp cmp,
           const std::source_location& where = std::source_location::current());

}  // namespace ptosim::ops
