// Checked inter-rank communication: TPUT, TGET, their async forms, the collectives and the signals
// (docs/comm.md). The transfers run the checked TLOAD / TSTORE / TADD / TMAX / TMIN entry points on views of
// each chunk, inside hazard scopes named after the communication instruction, with the flags the device code
// sets between its steps (pto-isa's include/pto/comm/a2a3 and a5).
#include "ptosim/ops/comm.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ptosim/core/check.hpp"
#include "ptosim/ops/execute.hpp"
#include "ptosim/ops/memory.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/wait.hpp"
#include "validate.hpp"

namespace ptosim::comm {

const char* wait_cmp_name(WaitCmp cmp) {
    switch (cmp) {
        case WaitCmp::EQ:
            return "EQ";
        case WaitCmp::NE:
            return "NE";
        case WaitCmp::GT:
            return "GT";
        case WaitCmp::GE:
            return "GE";
        case WaitCmp::LT:
            return "LT";
        case WaitCmp::LE:
            return "LE";
    }
    return "?";
}

bool compare(int32_t signal, int32_t value, WaitCmp cmp) {
    switch (cmp) {
        case WaitCmp::EQ:
            return signal == value;
        case WaitCmp::NE:
            return signal != value;
        case WaitCmp::GT:
            return signal > value;
        case WaitCmp::GE:
            return signal >= value;
        case WaitCmp::LT:
            return signal < value;
        case WaitCmp::LE:
            return signal <= value;
    }
    return false;
}

}  // namespace ptosim::comm

namespace ptosim::ops {

namespace {

using hazards::Pipe;

// pto-isa's pipe_t numbers, for the flags the device code sets between the steps of a transfer.
constexpr int kPipeV = 1, kPipeMte2 = 3, kPipeMte3 = 4, kPipeAll = 6;

// The device code orders its own steps with set_flag / wait_flag on EVENT_ID0 (EVENT_ID1 for TREDUCE's
// receive tile); the checker sees the same flags, so a kernel that leaves one of them set across the
// instruction gets the report it would deserve on the chip.
void own_flag(const char* instr, int src, int dst, int id = 0) {
    if (!hazards::enabled())
        return;
    const hazards::Location where{instr, 0, nullptr};
    hazards::set_flag(src, dst, id, where);
    hazards::wait_flag(src, dst, id, where);
}

void barrier_all(const char* instr) {
    if (hazards::enabled())
        hazards::pipe_barrier(kPipeAll, hazards::Location{instr, 0, nullptr});
}

// One piece of a transfer: the five-dimensional box [d0, d1, d2, r0..r0+rows, c0..c0+cols) of a tensor.
struct Chunk {
    int64_t d0, d1, d2, r0, c0, rows, cols;
};

GlobalView sub_view(const GlobalView& g, const Chunk& c, int64_t row_offset = 0) {
    GlobalView v = g;
    const int64_t off = c.d0 * g.stride[0] + c.d1 * g.stride[1] + c.d2 * g.stride[2] +
                        (c.r0 + row_offset) * g.stride[3] + c.c0 * g.stride[4];
    v.data = g.data + off * static_cast<int64_t>(dtype_size(g.dtype));
    v.shape[0] = v.shape[1] = v.shape[2] = 1;
    v.shape[3] = c.rows;
    v.shape[4] = c.cols;
    return v;
}

TileView with_valid(const TileView& t, int64_t rows, int64_t cols) {
    TileView v = t;
    v.valid_rows = static_cast<int32_t>(rows);
    v.valid_cols = static_cast<int32_t>(cols);
    return v;
}

// How a tensor of `shape` is cut into chunks for staging tiles of `tile_rows` x `tile_cols` valid elements
// (pto-isa's 2-D sliding): the whole tensor in one when its rows (dims 0..3) and columns fit, else every
// (d0, d1, d2) slice row block by row block (DIM_3), column block by column block (DIM_4).
std::vector<Chunk> plan_chunks(const int64_t (&shape)[5], int64_t tile_rows, int64_t tile_cols,
                               bool allow_whole) {
    std::vector<Chunk> chunks;
    const int64_t all_rows = shape[0] * shape[1] * shape[2] * shape[3];
    if (allow_whole && all_rows <= tile_rows && shape[4] <= tile_cols) {
        chunks.push_back({0, 0, 0, 0, 0, -1, -1});  // -1: the whole tensor, as it is
        return chunks;
    }
    for (int64_t d0 = 0; d0 < shape[0]; ++d0)
        for (int64_t d1 = 0; d1 < shape[1]; ++d1)
            for (int64_t d2 = 0; d2 < shape[2]; ++d2)
                for (int64_t r = 0; r < shape[3]; r += tile_rows)
                    for (int64_t c = 0; c < shape[4]; c += tile_cols)
                        chunks.push_back({d0, d1, d2, r, c, std::min(tile_rows, shape[3] - r),
                                          std::min(tile_cols, shape[4] - c)});
    return chunks;
}

bool whole(const Chunk& c) {
    return c.rows < 0;
}

GlobalView chunk_view(const GlobalView& g, const Chunk& c, int64_t row_offset = 0) {
    if (!whole(c))
        return sub_view(g, c, row_offset);
    GlobalView v = g;
    v.data = g.data + row_offset * g.stride[3] * static_cast<int64_t>(dtype_size(g.dtype));
    return v;
}

TileView chunk_tile(const TileView& t, const Chunk& c, const GlobalView& g) {
    return whole(c) ? with_valid(t, g.rows(), g.cols()) : with_valid(t, c.rows, c.cols);
}

void check_staging(const comm::Staging& s, const char* instr, DType dtype) {
    PTOSIM_CHECK(s.tiles.size() == 1 || s.tiles.size() == 2, instr,
                 "one staging tile, or a ping-pong pair of two", {"tiles", s.tiles.size()});
    for (const TileView& t : s.tiles) {
        validate::tile(t, instr, "staging tile");
        PTOSIM_CHECK(t.valid_rows > 0 && t.valid_cols > 0, instr,
                     "the staging tile's valid region must not be empty (it sets the chunk size)",
                     {"validRow", t.valid_rows}, {"validCol", t.valid_cols});
        PTOSIM_CHECK(t.dtype == dtype, instr, "the staging tile's element type must be the tensors'",
                     {"tile", dtype_cpp_name(t.dtype)}, {"tensor", dtype_cpp_name(dtype)});
    }
    if (s.tiles.size() == 2) {
        validate::disjoint(s.tiles[0], "ping tile", s.tiles[1], "pong tile", instr);
        PTOSIM_CHECK(
            s.tiles[0].valid_rows == s.tiles[1].valid_rows && s.tiles[0].valid_cols == s.tiles[1].valid_cols,
            instr, "the ping and pong tiles must have the same valid shape");
    }
}

// The chunk plan of a transfer of `shape` through `s`, with pto-isa's rule for tiles whose valid shape is
// fixed at compile time (a partial chunk needs a tile with a dynamic valid shape).
// Gather and scatter place each (d0, d1, d2) slice of a rank's block apart (allow_whole = false).
std::vector<Chunk> checked_plan(const int64_t (&shape)[5], const comm::Staging& s, const char* instr,
                                bool allow_whole = true) {
    const TileView& t = s.tiles[0];
    std::vector<Chunk> plan = plan_chunks(shape, t.valid_rows, t.valid_cols, allow_whole);
    if (shape[3] > t.valid_rows || shape[4] > t.valid_cols) {
        PTOSIM_CHECK(
            !s.static_valid_rows || shape[3] % t.valid_rows == 0, instr,
            "chunked transfer: DIM_3 must be a multiple of the staging tile's static ValidRow (use a "
            "tile with a DYNAMIC ValidRow for partial row chunks)",
            {"shape3", shape[3]}, {"ValidRow", t.valid_rows});
        PTOSIM_CHECK(
            !s.static_valid_cols || shape[4] % t.valid_cols == 0, instr,
            "chunked transfer: DIM_4 must be a multiple of the staging tile's static ValidCol (use a "
            "tile with a DYNAMIC ValidCol for partial column chunks)",
            {"shape4", shape[4]}, {"ValidCol", t.valid_cols});
    }
    return plan;
}

// Chunked mode cuts DIM_3 and DIM_4, which are the tile's rows and columns only in the ND layout; a tensor
// of another layout must fit the tile whole.
void check_layout(const GlobalView& g, const std::vector<Chunk>& plan, const char* instr,
                  const char* operand) {
    PTOSIM_CHECK(
        g.layout == GlobalLayout::ND || (plan.size() == 1 && whole(plan[0])), instr,
        "only Layout::ND tensors can be transferred in chunks; a DN or NZ tensor must fit the staging "
        "tile whole",
        {"operand", operand});
}

void check_holds(const GlobalView& big, const char* big_name, const int64_t (&shape)[5], const char* instr,
                 int row_factor = 1) {
    for (int i = 0; i < 5; ++i) {
        const int64_t need = i == 3 ? shape[i] * row_factor : shape[i];
        PTOSIM_CHECK(big.shape[i] >= need, instr,
                     std::string(big_name) + " is smaller than the data it must hold (dimension " +
                         std::to_string(i) + ")",
                     {"dim", i}, {"have", big.shape[i]}, {"need", need});
    }
}

void check_pair(const GlobalView& dst, const GlobalView& src, const char* instr) {
    validate::global(dst, instr, "dst");
    validate::global(src, instr, "src");
    PTOSIM_CHECK(dst.dtype == src.dtype, instr, "src and dst element types must match",
                 {"src", dtype_cpp_name(src.dtype)}, {"dst", dtype_cpp_name(dst.dtype)});
    PTOSIM_CHECK(dst.layout == src.layout, instr, "src and dst layouts must match");
    check_holds(dst, "dst", src.shape, instr);
}

// One chunk from a global tensor into a staging tile (MTE2) ...
void load(const char* instr, const TileView& tile, const GlobalView& g) {
    hazards::Scope hz(instr, Pipe::MTE2);
    tload(tile, g);
}
// ... and from the tile out to a global tensor (MTE3).
void store(const char* instr, const GlobalView& g, const TileView& tile, bool atomic_add = false) {
    hazards::Scope hz(instr, Pipe::MTE3);
    if (atomic_add) {
        StoreSpec spec;
        spec.atomic_add = true;
        tstore(g, tile, spec);
    } else {
        tstore(g, tile);
    }
}

void check_group(const comm::Group& g, const char* instr) {
    PTOSIM_CHECK(!g.tensors.empty(), instr, "the parallel group has no ranks", {"nranks", g.tensors.size()});
    PTOSIM_CHECK(g.root >= 0 && static_cast<std::size_t>(g.root) < g.tensors.size(), instr,
                 "the group's root index must be one of its ranks", {"rootIdx", g.root},
                 {"nranks", g.tensors.size()});
    for (std::size_t r = 0; r < g.tensors.size(); ++r) {
        validate::global(g.tensors[r], instr, ("group tensor " + std::to_string(r)).c_str());
        PTOSIM_CHECK(g.tensors[r].dtype == g.tensors[0].dtype && g.tensors[r].layout == g.tensors[0].layout,
                     instr, "every group tensor must have the same element type and layout", {"rank", r});
        for (int i = 0; i < 5; ++i)
            PTOSIM_CHECK(g.tensors[r].shape[i] == g.tensors[0].shape[i], instr,
                         "every group tensor must have the same shape", {"rank", r}, {"dim", i},
                         {"extent", g.tensors[r].shape[i]}, {"rank 0 extent", g.tensors[0].shape[i]});
    }
}

// Reads one signal as the device does (a load that bypasses the cache): atomically, since other threads
// store to it.
int32_t load_signal(const std::byte* p) {
    return std::atomic_ref<int32_t>(*reinterpret_cast<int32_t*>(const_cast<std::byte*>(p)))
        .load(std::memory_order_acquire);
}

template <typename F>
bool for_each_signal(const GlobalView& s, F&& f) {
    for (int64_t a = 0; a < s.shape[0]; ++a)
        for (int64_t b = 0; b < s.shape[1]; ++b)
            for (int64_t c = 0; c < s.shape[2]; ++c)
                for (int64_t d = 0; d < s.shape[3]; ++d)
                    for (int64_t e = 0; e < s.shape[4]; ++e) {
                        const int64_t off = a * s.stride[0] + b * s.stride[1] + c * s.stride[2] +
                                            d * s.stride[3] + e * s.stride[4];
                        if (!f(s.data + off * 4))
                            return false;
                    }
    return true;
}

void check_signal(const GlobalView& s, const char* instr) {
    validate::global(s, instr, "signal");
    PTOSIM_CHECK(s.dtype == DType::S32, instr, "signals are int32_t", {"dtype", dtype_cpp_name(s.dtype)});
    PTOSIM_CHECK(reinterpret_cast<std::uintptr_t>(s.data) % 4 == 0, instr, "a signal must be 4-byte aligned");
}

void check_cmp(comm::WaitCmp cmp, const char* instr) {
    PTOSIM_CHECK(static_cast<uint8_t>(cmp) <= static_cast<uint8_t>(comm::WaitCmp::LE), instr,
                 "unknown WaitCmp (EQ, NE, GT, GE, LT, LE)", {"cmp", static_cast<int>(cmp)});
}

bool all_satisfy(const GlobalView& s, int32_t value, comm::WaitCmp cmp) {
    return for_each_signal(s, [&](const std::byte* p) { return comm::compare(load_signal(p), value, cmp); });
}

// A TWAIT / TTEST that saw its signals: what the TNOTIFYs on them had done is done (docs/hazards.md).
void observed(const GlobalView& s) {
    if (hazards::enabled())
        for_each_signal(s, [](const std::byte* p) {
            hazards::acquire(p, 0, Pipe::S);
            return true;
        });
}

// Signals may be written by plain stores of threads ptosim knows nothing about (pto-isa's TWAIT suite stores
// to a std::atomic from a std::thread; on the chip a peer's DMA writes them). A background thread re-reads
// the signals of the blocked TWAITs every 200 microseconds and wakes them when one is satisfied: no wake-up
// is lost, and a wait that stays unsatisfied leaves the deadlock detection of ptosim/sync/wait.hpp
// undisturbed (the poller signals progress only when a condition has become true).
class SignalPoller {
  public:
    static SignalPoller& instance() {
        static SignalPoller* p = new SignalPoller;  // never destroyed: its thread outlives static destruction
        return *p;
    }
    void add(const std::function<bool()>* ready) {
        std::lock_guard<std::mutex> lock(mutex_);
        waits_.push_back(ready);
        if (!started_) {
            started_ = true;
            std::thread([this] { run(); }).detach();
        }
        cv_.notify_one();
    }
    void remove(const std::function<bool()>* ready) {
        std::lock_guard<std::mutex> lock(mutex_);
        std::erase(waits_, ready);
    }

  private:
    void run() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            cv_.wait(lock, [&] { return !waits_.empty(); });
            bool any = false;
            for (const auto* w : waits_)
                any = (*w)() || any;
            lock.unlock();
            if (any)
                sync::wake_all();
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            lock.lock();
        }
    }
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<const std::function<bool()>*> waits_;
    bool started_ = false;
};

struct PollRegistration {
    const std::function<bool()>* ready;
    explicit PollRegistration(const std::function<bool()>* r) : ready(r) { SignalPoller::instance().add(r); }
    ~PollRegistration() { SignalPoller::instance().remove(ready); }
    PollRegistration(const PollRegistration&) = delete;
    PollRegistration& operator=(const PollRegistration&) = delete;
};

isa::Op reduce_op(comm::ReduceOp op) {
    switch (op) {
        case comm::ReduceOp::Max:
            return isa::Op::TMAX;
        case comm::ReduceOp::Min:
            return isa::Op::TMIN;
        default:
            return isa::Op::TADD;
    }
}

}  // namespace

void tput(const char* instr, const GlobalView& dst, const GlobalView& src, const comm::Staging& staging,
          bool atomic_add) {
    check_pair(dst, src, instr);
    check_staging(staging, instr, src.dtype);
    const std::vector<Chunk> plan = checked_plan(src.shape, staging, instr);
    check_layout(src, plan, instr, "src");
    if (atomic_add)
        validate::dtype_in(isa::kConvertible, src.dtype, instr, "src");
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const TileView tile = chunk_tile(staging.tiles[i % staging.tiles.size()], plan[i], src);
        load(instr, tile, chunk_view(src, plan[i]));
        own_flag(instr, kPipeMte2, kPipeMte3);
        store(instr, chunk_view(dst, plan[i]), tile, atomic_add);
        own_flag(instr, kPipeMte3, kPipeMte2);
    }
}

uint64_t tcopy_async(const char* instr, const GlobalView& dst, const GlobalView& src) {
    check_pair(dst, src, instr);
    static std::atomic<uint64_t> next_handle{1};
    const uint64_t handle = next_handle.fetch_add(1, std::memory_order_relaxed);
    // The DMA engine is posted between two full barriers (pto-isa's SDMA path), outside the core's pipes: its
    // accesses are ordered before the core's next ones only by the event's wait.
    barrier_all(instr);
    {
        hazards::Scope hz(instr, hazards::Scope::Async{});
        hz.read(src);
        hz.write(dst);
        const std::size_t es = dtype_size(src.dtype);
        for (int64_t a = 0; a < src.shape[0]; ++a)
            for (int64_t b = 0; b < src.shape[1]; ++b)
                for (int64_t c = 0; c < src.shape[2]; ++c)
                    for (int64_t d = 0; d < src.shape[3]; ++d) {
                        const std::byte* s = src.data + (a * src.stride[0] + b * src.stride[1] +
                                                         c * src.stride[2] + d * src.stride[3]) *
                                                            static_cast<int64_t>(es);
                        std::byte* o = dst.data + (a * dst.stride[0] + b * dst.stride[1] + c * dst.stride[2] +
                                                   d * dst.stride[3]) *
                                                      static_cast<int64_t>(es);
                        if (src.stride[4] == 1 && dst.stride[4] == 1) {
                            std::memmove(o, s, static_cast<std::size_t>(src.shape[4]) * es);
                            continue;
                        }
                        for (int64_t e = 0; e < src.shape[4]; ++e)
                            std::memmove(o + e * dst.stride[4] * static_cast<int64_t>(es),
                                         s + e * src.stride[4] * static_cast<int64_t>(es), es);
                    }
    }
    if (hazards::enabled())
        hazards::async_issued(handle);
    barrier_all(instr);
    return handle;
}

uint64_t tprefetch_async(const GlobalView& src) {
    constexpr const char* kInstr = "TPREFETCH_ASYNC";
    validate::global(src, kInstr, "src");
    static std::atomic<uint64_t> next_handle{1};
    const uint64_t handle = next_handle.fetch_add(1, std::memory_order_relaxed);
    barrier_all(kInstr);
    {
        hazards::Scope hz(kInstr, hazards::Scope::Async{});
        hz.read(src);
    }
    if (hazards::enabled())
        hazards::async_issued(handle);
    barrier_all(kInstr);
    return handle;
}

void tbroadcast(const comm::Group& group, const GlobalView& src, const comm::Staging& staging) {
    constexpr const char* kInstr = "TBROADCAST";
    check_group(group, kInstr);
    for (const GlobalView& g : group.tensors)
        check_pair(g, src, kInstr);
    check_staging(staging, kInstr, src.dtype);
    const std::vector<Chunk> plan = checked_plan(src.shape, staging, kInstr);
    check_layout(src, plan, kInstr, "src");
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const TileView tile = chunk_tile(staging.tiles[i % staging.tiles.size()], plan[i], src);
        load(kInstr, tile, chunk_view(src, plan[i]));
        own_flag(kInstr, kPipeMte2, kPipeMte3);
        for (const GlobalView& g : group.tensors)
            store(kInstr, chunk_view(g, plan[i]), tile);
        own_flag(kInstr, kPipeMte3, kPipeMte2);
    }
}

namespace {

// TGATHER and TSCATTER: the group's tensors stacked along DIM_3 of `stacked`, moved chunk by chunk through
// the staging tiles, from the ranks into `stacked` (gather) or back (scatter). Each rank's block is cut on
// its own (a chunk never spans two ranks), as the device code does.
void stacked_transfer(const comm::Group& group, const GlobalView& stacked, const comm::Staging& staging,
                      const char* instr, const char* name, bool gather) {
    check_group(group, instr);
    const GlobalView& first = group.tensors[0];
    validate::global(stacked, instr, name);
    PTOSIM_CHECK(stacked.dtype == first.dtype && stacked.layout == GlobalLayout::ND &&
                     first.layout == GlobalLayout::ND,
                 instr,
                 std::string(name) + " and the group tensors must have one element type and Layout::ND");
    const int n = static_cast<int>(group.tensors.size());
    check_holds(stacked, (std::string(name) + " (the group's tensors stacked along DIM_3)").c_str(),
                first.shape, instr, n);
    check_staging(staging, instr, stacked.dtype);
    const std::vector<Chunk> plan = checked_plan(first.shape, staging, instr, false);
    std::size_t k = 0;
    for (int r = 0; r < n; ++r) {
        const GlobalView& g = group.tensors[static_cast<std::size_t>(r)];
        for (const Chunk& c : plan) {
            const TileView tile = with_valid(staging.tiles[k++ % staging.tiles.size()], c.rows, c.cols);
            const GlobalView block = sub_view(stacked, c, static_cast<int64_t>(r) * first.shape[3]);
            load(instr, tile, gather ? sub_view(g, c) : block);
            own_flag(instr, kPipeMte2, kPipeMte3);
            store(instr, gather ? block : sub_view(g, c), tile);
            own_flag(instr, kPipeMte3, kPipeMte2);
        }
    }
}

}  // namespace

void tgather(const comm::Group& group, const GlobalView& dst, const comm::Staging& staging) {
    stacked_transfer(group, dst, staging, "TGATHER", "dst", true);
}

void tscatter(const comm::Group& group, const GlobalView& src, const comm::Staging& staging) {
    stacked_transfer(group, src, staging, "TSCATTER", "src", false);
}

void treduce(const comm::Group& group, const GlobalView& dst, const TileView& acc, const comm::Staging& recv,
             comm::ReduceOp op) {
    constexpr const char* kInstr = "TREDUCE";
    PTOSIM_CHECK(static_cast<uint8_t>(op) <= static_cast<uint8_t>(comm::ReduceOp::Min), kInstr,
                 "unknown ReduceOp (Sum, Max, Min)", {"op", static_cast<int>(op)});
    check_group(group, kInstr);
    const GlobalView& root = group.tensors[static_cast<std::size_t>(group.root)];
    check_pair(dst, root, kInstr);
    const TileView acc_tile[] = {acc};
    check_staging({acc_tile, recv.static_valid_rows, recv.static_valid_cols}, kInstr, dst.dtype);
    check_staging(recv, kInstr, dst.dtype);
    for (const TileView& t : recv.tiles) {
        validate::disjoint(acc, "acc tile", t, "recv tile", kInstr);
        PTOSIM_CHECK(t.valid_rows == acc.valid_rows && t.valid_cols == acc.valid_cols, kInstr,
                     "the acc and recv tiles must have the same valid shape");
    }
    const isa::Op fold = reduce_op(op);
    validate::dtype_in(isa::op_info(fold).kernel_types(), dst.dtype, kInstr, "dst");
    const std::vector<Chunk> plan = checked_plan(root.shape, recv, kInstr);
    check_layout(root, plan, kInstr, "group tensors");
    std::size_t k = 0;
    for (const Chunk& c : plan) {
        const TileView a = chunk_tile(acc, c, root);
        load(kInstr, a, chunk_view(root, c));
        own_flag(kInstr, kPipeMte2, kPipeV);
        for (std::size_t r = 0; r < group.tensors.size(); ++r) {
            if (static_cast<int>(r) == group.root)
                continue;
            const TileView t = chunk_tile(recv.tiles[k++ % recv.tiles.size()], c, root);
            load(kInstr, t, chunk_view(group.tensors[r], c));
            own_flag(kInstr, kPipeMte2, kPipeV, 1);
            {
                hazards::Scope hz(kInstr, Pipe::V);
                const TileView dsts[] = {a};
                const TileView srcs[] = {a, t};
                execute(fold, Operands{dsts, srcs, {}, {}});
            }
            own_flag(kInstr, kPipeV, kPipeMte2);
        }
        own_flag(kInstr, kPipeV, kPipeMte3);
        store(kInstr, chunk_view(dst, c), a);
        own_flag(kInstr, kPipeMte3, kPipeMte2);
    }
}

void tnotify(const GlobalView& signal, int32_t value, comm::NotifyOp op) {
    constexpr const char* kInstr = "TNOTIFY";
    check_signal(signal, kInstr);
    PTOSIM_CHECK(op == comm::NotifyOp::AtomicAdd || op == comm::NotifyOp::Set, kInstr,
                 "unknown NotifyOp (AtomicAdd, Set)", {"op", static_cast<int>(op)});
    {
        hazards::Scope hz(kInstr, Pipe::S);
        hz.atomic(signal.data, 4, true);
        if (hazards::enabled())  // before the value: a TWAIT that sees it finds the clock
            hazards::release(signal.data, 0, Pipe::S);
        // Under the wait lock, so that a TWAIT that just found the old value cannot miss the wake-up.
        sync::update([&] {
            std::atomic_ref<int32_t> sig(*reinterpret_cast<int32_t*>(signal.data));
            if (op == comm::NotifyOp::AtomicAdd)
                sig.fetch_add(value, std::memory_order_acq_rel);
            else
                sig.store(value, std::memory_order_release);
        });
    }
    barrier_all(kInstr);  // the device code ends with pipe_barrier(PIPE_ALL)
}

bool ttest(const GlobalView& signal, int32_t value, comm::WaitCmp cmp) {
    constexpr const char* kInstr = "TTEST";
    check_signal(signal, kInstr);
    check_cmp(cmp, kInstr);
    hazards::Scope hz(kInstr, Pipe::S);
    hz.atomic(signal, false);
    const bool ready = all_satisfy(signal, value, cmp);
    if (ready)
        observed(signal);
    return ready;
}

void twait(const GlobalView& signal, int32_t value, comm::WaitCmp cmp, const std::source_location& where) {
    constexpr const char* kInstr = "TWAIT";
    check_signal(signal, kInstr);
    check_cmp(cmp, kInstr);
    {
        hazards::Scope hz(kInstr, Pipe::S);
        hz.atomic(signal, false);
    }
    const std::function<bool()> ready = [&] { return all_satisfy(signal, value, cmp); };
    if (ready()) {
        observed(signal);
        return;
    }
    // The deadlock error names the instruction, the condition and, inside launch_ranks, the waiting rank.
    std::string name =
        std::string(kInstr) + " (signal " + comm::wait_cmp_name(cmp) + " " + std::to_string(value);
    if (rank_num() > 1)
        name += ", rank " + std::to_string(rank_id());
    name += ")";
    PollRegistration poll(&ready);
    sync::block_until(ready, name.c_str(), where);
    observed(signal);
}

}  // namespace ptosim::ops
