// The hazard checker: finds pairs of memory accesses by different pipes of one simulated AI core that the
// program's own synchronisation does not order (docs/hazards.md).
//
// On the chip the pipes (MTE2, MTE1, M, V, MTE3, FIX, S) run concurrently; only set_flag / wait_flag,
// pipe_barrier(PIPE_ALL) and the Event objects instructions return and take order them. ptosim runs every
// instruction to completion in program order, so a missing flag gives right answers here and wrong ones,
// intermittently, on the chip. The checker keeps a vector clock per pipe (as race detectors do for threads):
// each instruction ticks its pipe's clock, a set_flag snapshots the source pipe's clock and the matching
// wait_flag merges it into the destination pipe's. Every access an instruction makes is a byte range of a
// buffer (UB, L1, L0A, L0B, L0C, the MX buffers, or global memory); two accesses to overlapping bytes, at
// least one a write, from different pipes, with the earlier not in the later pipe's clock, are a hazard. The
// cost is per instruction and per operand, never per element.
//
// Between the cores of one launch (blocks, sub-blocks, ranks) the global-memory accesses are compared too:
// the clocks extend over every (core, pipe) of the launch, and SYNCALL, the FIFOs (TPUSH -> TPOP, TFREE ->
// the next TPUSH) and the signals (TNOTIFY -> TWAIT / TTEST) order one core's pipes before another's.
//
// Off by default. On with PTOSIM_CHECK_HAZARDS=1 in the environment (reports go to stderr as they are found,
// and a summary at exit) or with enable(true) (reports are collected for reports()).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

#include "ptosim/core/conv_view.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/core/location.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/pipe.hpp"
#include "ptosim/sync/instruction_trace.hpp"
#include "ptosim/sync/profile.hpp"

namespace ptosim::hazards {

// The pipes of an AI core: the instruction descriptor's (isa::OpInfo::pipe). The synchronisation intrinsics
// name them with pto-isa's pipe_t values (PIPE_S = 0, PIPE_V, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M,
// PIPE_ALL = 6, PIPE_FIX = 7).
using Pipe = isa::Pipe;
using isa::kPipeAll;
using isa::kPipes;
// A pipe_t value as a Pipe; PIPE_ALL and out-of-range values have none.
constexpr std::optional<Pipe> pipe_from_int(int p) {
    return isa::pipe_from_pipe_t(p);
}

// Where an instruction or a synchronisation call is in the program: a source location when the call site
// passes one, else the return address of the intrinsic (resolved to file:line with addr2line when the program
// has debug information, else to function+offset).
using ptosim::describe;
using ptosim::intern;
using ptosim::Location;

enum class Kind : uint8_t {
    ReadAfterWrite,   // a read of bytes another pipe wrote, with no flag in between
    WriteAfterRead,   // a write of bytes another pipe still reads (the double-buffering bug)
    WriteAfterWrite,  // two pipes write the same bytes in no fixed order
    WaitWithoutSet,   // wait_flag on a flag nobody set: the pipe waits forever on the chip
    SetTwice,         // set_flag on a flag already set and not yet waited for
    SetNeverWaited,   // a flag still set when the kernel ends
    WrongPipeEvent,   // an Event passed to an instruction of another pipe than the event's consumer
};
std::string_view kind_name(Kind k);  // "read-after-write", ...

// One side of a report: an instruction or a synchronisation call.
struct Party {
    std::string name;  // "TLOAD", "set_flag", ...
    Pipe pipe = Pipe::S;
    Location where;
    uint64_t seq = 0;  // its position among this core's instructions (1 = the first)
    bool dma = false;  // the DMA engine of an asynchronous transfer (TPUT_ASYNC / TGET_ASYNC), not `pipe`
    std::string core;  // inside a launch of several cores: "block 3", "block 1 sub-block 0", "rank 2"
};

struct Report {
    Kind kind = Kind::ReadAfterWrite;
    Party first;         // the earlier access, or the flag's set / wait
    Party second;        // the later access; for flag reports the same as first unless two calls are involved
    std::string buffer;  // "UB", "L1", ..., "GM"; empty for flag reports
    uint64_t lo = 0, hi = 0;  // the overlapping bytes [lo, hi): offsets in the buffer, addresses in GM
    int flag_id = -1;         // flag reports: the flag (flag_src, flag_dst, flag_id)
    Pipe flag_src = Pipe::S, flag_dst = Pipe::S;
    uint32_t block = 0;
    bool cross_core = false;   // first and second ran on different cores of one launch (Party::core)
    uint32_t repeats = 1;      // how often the same pair was seen (only the first is printed)
    std::string text() const;  // the multi-line report printed to stderr
    std::string fix() const;   // what orders the two sides (the report's "fix: ...")
};

// Process-wide switch. enabled() is what every hook reads first: one relaxed load when the checker is off.
extern std::atomic<bool> g_enabled;
inline bool enabled() {
    return g_enabled.load(std::memory_order_relaxed);
}
void enable(bool on, bool print = false);
// Recomputes enabled() from the checker, the timeline, the instruction trace and the profile (their switches
// call it).
void hooks_changed();
bool checking();  // the hazard checks are on (enabled() is also true while only the timeline records)

// The pipeline timeline (docs/timeline.md): while on, every instruction is a span on its pipe's track, timed
// by the cost model, and every flag an arrow from its set to its wait. trace_to(path) turns it on and writes
// a Chrome trace / Perfetto JSON file to `path` and a per-pipe summary to stderr at exit, as
// PTOSIM_TRACE=path does; an empty path records without writing. trace_json() and trace_summary() give the
// same for the spans recorded so far (finished cores only); ptosim/sync/timeline.hpp gives them as data.
void trace_to(const std::string& path);
bool tracing();       // the timeline records
void stop_tracing();  // stops recording (what was recorded stays; a path given to trace_to is still written)
std::string trace_json();
std::string trace_summary();
void clear_trace();

std::vector<Report> reports();  // every distinct report so far, in the order found
void clear_reports();

// What the cores of one launch share: their global-memory accesses and the clocks of the objects that order
// them (SYNCALL rounds, FIFO slots, signals). A launcher makes one before its cores start and destroys it
// after they have all finished (the launch's start and end order it with everything else). It records nothing
// unless the checks are on and there are at least two cores.
struct LaunchState {};
class Launch {
  public:
    explicit Launch(uint32_t cores);
    ~Launch();
    Launch(const Launch&) = delete;
    Launch& operator=(const Launch&) = delete;
    LaunchState* state() const { return state_; }

  private:
    LaunchState* state_ = nullptr;
};

// A simulated core's life: launches call begin_core before a block's kernel code, with the launch and the
// core's index in it (0 .. cores - 1), and end_core after it (which reports flags left set). Code that calls
// kernels directly on its own thread may call them too.
void begin_core(const Launch* launch = nullptr, uint32_t index = 0);
void end_core();
// A core whose kernel code threw (a failed check): its timeline so far is kept, its flags are not reported.
void abandon_core();

// Synchronisation, as the intrinsics in pto/common/event.hpp report it.
void set_flag(int src, int dst, int id, const Location& where);
void wait_flag(int src, int dst, int id, const Location& where);
void pipe_barrier(int pipe, const Location& where);
// An Event (consumer pipe dst) was passed to the instruction about to run.
void expect_consumer(int dst);
// An Event of the pipe pair (src, dst) was recorded / waited for by the instruction just run / about to run.
void event_record(int src, int dst, int id);
void event_wait(int src, int dst, int id);
// pto-isa's automatic event ids: the next of EVENT_ID0..7 for the pipe pair, per simulated core.
int next_event_id(int src, int dst);

// Synchronisation between the cores of a launch. An object is an address and a tag (a signal word; a FIFO
// ring and its slot). release joins what `pipe` of the calling core has done so far into the object's clock;
// acquire orders the object's clock before what `pipe` does next (every pipe for Pipe::S, which issues them
// all). Call release before the object becomes visible to other cores, acquire after the core has seen it.
void release(const void* object, uint64_t tag, Pipe pipe);
void acquire(const void* object, uint64_t tag, Pipe pipe);
// SYNCALL's barrier (its arrival counter `counter`, `cores` taking part): barrier_arrive runs `arrive` (the
// arrival, returning the count before it) with the calling core's clock joined into its round's and returns
// what arrive returned; barrier_leave(counter, round), after the round's last arrival, orders everything each
// participant did before it arrived before everything the calling core does next. Without the checks,
// barrier_arrive only runs arrive.
int32_t barrier_arrive(const void* counter, int32_t cores, const std::function<int32_t()>& arrive);
void barrier_leave(const void* counter, int32_t round);
// An asynchronous transfer (TPUT_ASYNC / TGET_ASYNC): the instruction opened with Scope(name, Scope::Async{})
// just before is the DMA engine's, and `handle` its event; async_done(handle) (the event's Wait, or a Test
// that returned true) orders it before every pipe's next instructions.
void async_issued(uint64_t handle);
void async_done(uint64_t handle);

// Marks an intrinsic's call site for the instructions it runs (the outermost intrinsic wins when one calls
// another). Constructed first thing in every intrinsic with its return address, or with a source location by
// code that knows one (the ISA model: each PTO-AS statement's file:line).
class Site {
  public:
    explicit Site(const void* return_address) : location_(return_address), active_(enabled()) {
        if (active_)
            enter(return_address);
    }
    explicit Site(const Location& where) : location_(where), active_(enabled()) {
        if (active_)
            enter(where);
    }
    ~Site() {
        if (active_)
            leave();
    }
    // The return address of the outermost intrinsic the calling thread is in (null outside one), kept whether
    // or not the checker is on: blocking waits name it in their deadlock errors. Out of line, so that code
    // built with hidden visibility (a Python extension) reads the library's copy.
    static const void* call_site();
    Site(const Site&) = delete;
    Site& operator=(const Site&) = delete;

  private:
    static void enter(const void* return_address);
    static void enter(const Location& where);
    static void leave();
    LocationScope location_;  // also what check failures and warnings name
    bool active_;
};

// One instruction on one pipe and the bytes it reads and writes. Checked entry points open one before they
// touch memory; nested scopes (an entry point calling another) belong to the outermost.
class Scope {
  public:
    Scope(std::string_view name, Pipe pipe) : active_(enabled()) {
        if (active_)
            active_ = begin(name, pipe, false);
    }
    // The DMA engine of an asynchronous transfer, posted by the scalar unit: ordered after what the scalar
    // unit has seen, and before other instructions only through async_done.
    struct Async {};
    Scope(std::string_view name, Async) : active_(enabled()) {
        if (active_)
            active_ = begin(name, Pipe::S, true);
    }
    ~Scope() {
        if (active_)
            end();
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

    void read(const TileView& t) {
        if (!active_)
            return;
        profiled(t.dtype, tile_elements(t), false);
        access(t.data, read_bytes(t), false);
        if (itrace::on())
            itrace::detail::operand(t, false);
    }
    void write(const TileView& t) {
        if (!active_)
            return;
        profiled(t.dtype, tile_elements(t), true);
        access(t.data, read_bytes(t), true);
        if (itrace::on())
            itrace::detail::operand(t, true);
    }
    // A write of the whole tile, padding included (TLOAD's pad fill, TCMP's zeroed mask).
    void write_whole(const TileView& t) {
        if (!active_)
            return;
        profiled(t.dtype, t.layout.size(), true);
        access(t.data, whole_bytes(t), true);
        if (itrace::on())
            itrace::detail::operand(t, true);
    }
    void read(const GlobalView& g) {
        if (!active_)
            return;
        profiled(g.dtype, global_elements(g), false);
        access(g.data, global_bytes(g), false, false, &g);
        if (itrace::on())
            itrace::detail::operand(g, false);
    }
    void write(const GlobalView& g) {
        if (!active_)
            return;
        profiled(g.dtype, global_elements(g), true);
        access(g.data, global_bytes(g), true, false, &g);
        if (itrace::on())
            itrace::detail::operand(g, true);
    }
    // Atomic accesses (signals, SYNCALL's counter, TSTORE's AtomicAdd) do not race with each other between
    // cores; with plain accesses they do.
    void atomic(const GlobalView& g, bool write) {
        if (!active_)
            return;
        profiled(g.dtype, global_elements(g), write);
        access(g.data, global_bytes(g), write, true, &g);
        if (itrace::on())
            itrace::detail::operand(g, write);
    }
    void atomic(const void* p, std::size_t n, bool write) {
        if (active_)
            access(p, n, write, true);
    }
    void read(const ConvView& c) {
        if (!active_)
            return;
        profiled(c.dtype, static_cast<uint64_t>(c.elements()), false);
        access(c.data, conv_bytes(c), false);
        if (itrace::on())
            itrace::detail::operand(c, false);
    }
    void write(const ConvView& c) {
        if (!active_)
            return;
        profiled(c.dtype, static_cast<uint64_t>(c.elements()), true);
        access(c.data, conv_bytes(c), true);
        if (itrace::on())
            itrace::detail::operand(c, true);
    }
    void read(const void* p, std::size_t n) {
        if (!active_)
            return;
        if (profile::on())
            profile::detail::raw(n);
        access(p, n, false);
    }
    void write(const void* p, std::size_t n) {
        if (!active_)
            return;
        if (profile::on())
            profile::detail::raw(n);
        access(p, n, true);
    }
    // A write of scattered elements of a global tensor (MSCATTER): `pieces` are the byte ranges written
    // (address, length; sorted and disjoint). Between cores only those bytes count, so blocks that scatter
    // into disjoint elements of one tensor do not race; within a core the tensor's region counts.
    void write_pieces(const GlobalView& g, const std::vector<std::pair<uint64_t, uint64_t>>& pieces,
                      bool atomic) {
        if (!active_)
            return;
        if (profile::on()) {
            uint64_t bytes = 0;
            for (const auto& piece : pieces)
                bytes += piece.second;
            profile::detail::operand(g.dtype, bytes, true);
        }
        access(g.data, global_bytes(g), true, atomic, &g, &pieces);
        if (itrace::on())
            itrace::detail::operand(g, true);
    }
    // A scalar operand (its bits, of element type `type`), for the instruction trace.
    void scalar(DType type, uint64_t bits) {
        if (active_ && itrace::on())
            itrace::detail::scalar(type, bits);
    }
    // A cube instruction's shape, for the timeline's cost model: m x k times k x n with k elements of
    // `elem_bytes` bytes.
    void matmul(int64_t m, int64_t k, int64_t n, std::size_t elem_bytes) {
        if (active_)
            set_matmul(m, k, n, elem_bytes);
    }

  private:
    // The profile counts the elements an operand moves (its valid region, a tensor's shape), not the span the
    // hazard checks compare.
    static void profiled(DType t, uint64_t elements, bool write) {
        if (profile::on())
            profile::detail::operand(t, dtype_bytes(t, static_cast<std::size_t>(elements)), write);
    }
    static uint64_t tile_elements(const TileView& t) {
        return t.valid_rows > 0 && t.valid_cols > 0 ? uint64_t(t.valid_rows) * uint64_t(t.valid_cols) : 0;
    }
    static uint64_t global_elements(const GlobalView& g) {
        uint64_t n = 1;
        for (const int64_t d : g.shape)
            n *= d > 0 ? static_cast<uint64_t>(d) : 0;
        return n;
    }
    // The bytes from a tile's start to the end of its valid region (read_bytes), or of the whole tile.
    static std::size_t read_bytes(const TileView& t);
    static std::size_t whole_bytes(const TileView& t);
    static std::size_t global_bytes(const GlobalView& g);
    static std::size_t conv_bytes(const ConvView& c);
    static bool begin(std::string_view name, Pipe pipe, bool dma);
    static void end();
    // A GlobalView's operand also gives the exact rows it touches, for the comparison between cores.
    // `pieces` (byte address, length; sorted, disjoint) replace the rows for a scattered access.
    static void access(const void* p, std::size_t n, bool write, bool atomic = false,
                       const GlobalView* g = nullptr,
                       const std::vector<std::pair<uint64_t, uint64_t>>* pieces = nullptr);
    static void set_matmul(int64_t m, int64_t k, int64_t n, std::size_t elem_bytes);
    bool active_;
};

// The pipe that moves data between two buffers (TMOV / TEXTRACT / TINSERT / TSTORE): MTE1 from L1 into
// L0A/L0B, FIX out of L0C, MTE3 from UB into L1 and from UB or L1 to global memory, V within the UB.
Pipe move_pipe(const void* src, const void* dst);
// The pipe that fills a tile in place (TEXPANDS, TFILLPAD): MTE2 for an L1 tile, V otherwise.
Pipe fill_pipe(const void* dst);

}  // namespace ptosim::hazards
