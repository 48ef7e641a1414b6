// Checked SYNCALL: the rounds of pto-isa's software barrier (syncall_soft.hpp's arrival counter) on a counter
// of the launch (hardware mode) or of the program (software mode), with ptosim/sync/wait.hpp's blocking.
#include "ptosim/ops/syncall.hpp"

#include <atomic>
#include <cstdint>
#include <string>

#include "ptosim/core/check.hpp"
#include "ptosim/runtime/launch.hpp"
#include "ptosim/sync/hazards.hpp"
#include "ptosim/sync/wait.hpp"

namespace ptosim::ops {

namespace {

constexpr const char* kInstr = "SYNCALL";

// The cores that arrive: `used` when given, else every core (thread) of the launch.
int32_t participants(int32_t used) {
    const ExecContext& c = exec_context();
    const auto launch_cores = static_cast<int32_t>(c.block_num * c.subblock_dim);
    const int32_t n = used != 0 ? used : launch_cores;
    PTOSIM_CHECK(n >= 1 && n <= launch_cores, kInstr,
                 "usedCores must be 0 (every core) or 1..the launch's cores", {"usedCores", used},
                 {"cores", launch_cores});
    // A barrier needs every participant running at once; launch_blocks runs more blocks than hardware threads
    // one after another.
    const uint32_t threads = c.launch != nullptr ? c.launch->threads : 1;
    PTOSIM_CHECK(static_cast<uint32_t>(n) <= threads, kInstr,
                 "the barrier's cores do not all run at once in this launch: launch the kernel with "
                 "launch_cores / pto::cpu_sim::LaunchKernelMultiCore (one thread per core)",
                 {"cores", n}, {"threads", threads});
    return n;
}

// One arrival on `counter`, then a wait for the round's last arrival; the pipes drain before and after, as
// the device code's pipe_barrier(PIPE_ALL) calls around the barrier do.
void drain_pipes(const std::source_location& where) {
    if (hazards::enabled())
        hazards::pipe_barrier(hazards::kPipeAll, {where.file_name(), where.line(), nullptr});
}

// The hazard checker joins the participants' clocks at the barrier (docs/hazards.md#between-cores).
void barrier(int32_t* word, int32_t n, const std::source_location& where) {
    drain_pipes(where);
    std::atomic_ref<int32_t> counter(*word);
    const int32_t before = hazards::enabled()
                               ? hazards::barrier_arrive(word, n, [&] { return counter.fetch_add(1); })
                               : counter.fetch_add(1);
    const int32_t target = (before / n + 1) * n;
    sync::wake_all();
    sync::block_until([&] { return counter.load() >= target; }, kInstr, where);
    if (hazards::enabled())
        hazards::barrier_leave(word, before / n);
    drain_pipes(where);
}

}  // namespace

void syncall(const std::source_location& where) {
    const int32_t n = participants(0);
    ExecContext& c = exec_context();
    if (c.launch == nullptr)
        return;  // one core alone
    barrier(&c.launch->barrier_arrivals, n, where);
}

void syncall_soft(int32_t* counter, int32_t used_cores, const std::source_location& where) {
    PTOSIM_CHECK(counter != nullptr, kInstr, "the software barrier needs a global workspace");
    PTOSIM_CHECK(reinterpret_cast<std::uintptr_t>(counter) % alignof(int32_t) == 0, kInstr,
                 "the workspace's first int32 must be 4-byte aligned");
    const int32_t n = participants(used_cores);
    {
        hazards::Scope hz(kInstr, hazards::Pipe::S);
        hz.atomic(counter, sizeof(int32_t), false);
        hz.atomic(counter, sizeof(int32_t), true);
    }
    barrier(counter, n, where);
}

}  // namespace ptosim::ops
