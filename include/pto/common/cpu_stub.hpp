// pto-isa's CPU launcher (namespace pto::cpu_sim): run a kernel on several simulated cores, each with its own
// on-chip buffers, and set the execution context kernel code sees (block, sub-block, task cookie).
#pragma once
// pto-isa's CPU stub has this guard; kernels test it to know they are built for the CPU.
#ifndef PTO_CPUSTUB_HPP
#define PTO_CPUSTUB_HPP
#endif

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "pto/common/kernel.hpp"
#include "pto/cpu/trace.hpp"
#include "ptosim/runtime/launch.hpp"

namespace pto::cpu_sim {

struct KernelLaunchOptions {
    std::string kernel_name;
    uint32_t requested_cores = 0;   // 0: the configured core count (PTO_CPU_SIM_NUM_CORES, default 4)
    uint32_t total_work_items = 0;  // when set, no more blocks than work items
    uint32_t work_quantum = 1;      // and a block count that splits the items in multiples of this
    uint32_t subblocks_per_block = 1;
    uint32_t explicit_block_count = 0;  // when set, exactly this many blocks
    bool write_trace_files = true;
};

inline uint32_t GetConfiguredCoreCount() {
    return ptosim::configured_core_count();
}

// The block count for a launch: the requested (or configured) count, at most one block per work item, then
// reduced until every block's share ceil(total / blocks) is a multiple of the quantum.
inline uint32_t ResolveActiveCoreCount(uint32_t requested_cores, uint32_t total_work_items = 0,
                                       uint32_t work_quantum = 1) {
    uint32_t active =
        std::max<uint32_t>(1, requested_cores == 0 ? GetConfiguredCoreCount() : requested_cores);
    if (total_work_items == 0)
        return active;
    active = std::max<uint32_t>(1, std::min(active, total_work_items));
    const uint32_t quantum = std::max<uint32_t>(1, work_quantum);
    while (active > 1 && ((total_work_items + active - 1) / active) % quantum != 0)
        --active;
    return active;
}

// Whether launches write trace files: the program was built with PTO_CPU_SIM_TRACE_MODE=1 and
// PTO_CPU_SIM_TRACE_ENABLE is not 0 / false / off.
inline bool IsTraceEnabled() {
    if (!kInstructionTraceEnabled)
        return false;
    const char* v = std::getenv("PTO_CPU_SIM_TRACE_ENABLE");
    if (v == nullptr || *v == '\0')
        return true;
    const std::string s(v);
    return !(s == "0" || s == "false" || s == "FALSE" || s == "off" || s == "OFF");
}
inline std::filesystem::path GetTraceRoot() {
    const char* dir = std::getenv("PTO_CPU_SIM_TRACE_DIR");
    return dir != nullptr && *dir != '\0' ? std::filesystem::path(dir)
                                          : std::filesystem::path("cpu_sim_traces");
}

// Runs kernel() once per (block, sub-block), each on a thread of its own, and returns when all have finished
// (rethrowing the first exception one threw). get_block_num() is the number of blocks launched. In trace mode
// each core's records are written, core after core, to <trace root>/<kernel name>/launch_<n>/trace.jsonl.
template <typename KernelFn>
void LaunchKernelMultiCore(const KernelLaunchOptions& options, aclrtStream stream, KernelFn&& kernel) {
    (void)stream;
    const uint32_t blocks =
        options.explicit_block_count != 0
            ? options.explicit_block_count
            : ResolveActiveCoreCount(options.requested_cores, options.total_work_items, options.work_quantum);
    const uint32_t subblocks = std::max<uint32_t>(1, options.subblocks_per_block);
    const bool trace = IsTraceEnabled() && options.write_trace_files;
    std::vector<std::string> chunks(trace ? blocks * subblocks : 0);
    ptosim::launch_cores(blocks, subblocks, [&] {
        if (!trace) {
            kernel();
            return;
        }
        ResetInstructionTrace();
        kernel();
        const ptosim::ExecContext& c = ptosim::exec_context();
        chunks[c.block_idx * subblocks + c.subblock_id] = ptosim::itrace::json();
    });
    if (!trace)
        return;
    static std::atomic<uint64_t> next_launch{0};
    const std::filesystem::path dir =
        GetTraceRoot() / (options.kernel_name.empty() ? std::string("kernel") : options.kernel_name) /
        ("launch_" + std::to_string(next_launch++));
    std::filesystem::create_directories(dir);
    std::ofstream out(dir / "trace.jsonl", std::ios::trunc);
    for (const std::string& chunk : chunks)
        out << chunk;
}

// The calling thread's execution context, for tests and hand-made launchers.
inline void set_execution_context(uint32_t block, uint32_t subblock_id, uint32_t subblock_dim = 1) {
    ptosim::ExecContext c = ptosim::exec_context();
    c.block_idx = block;
    c.subblock_id = subblock_id;
    c.subblock_dim = std::max<uint32_t>(1, subblock_dim);
    ptosim::set_exec_context(c);
}
inline void reset_execution_context() {
    ptosim::set_exec_context(ptosim::ExecContext{});
}
inline void set_task_cookie(uint64_t cookie) {
    ptosim::exec_context().task_cookie = cookie;
}
// Installs (or, with null, removes) the sub-block id hook and the FIFO shared-state hook.
inline void register_hooks(void* get_subblock_id, void* get_pipe_shared_state) {
    injected_subblock_id_hook = reinterpret_cast<GetSubblockIdInjectedHookFn>(get_subblock_id);
    injected_pipe_shared_state_hook =
        reinterpret_cast<GetPipeSharedStateInjectedHookFn>(get_pipe_shared_state);
}
// Sets the context for a scope and restores the previous one after.
class ScopedExecutionContext {
  public:
    ScopedExecutionContext(uint32_t block, uint32_t subblock_id, uint32_t subblock_dim = 1)
        : scope_(context(block, subblock_id, subblock_dim)) {}

  private:
    static ptosim::ExecContext context(uint32_t b, uint32_t sb, uint32_t dim) {
        ptosim::ExecContext c = ptosim::exec_context();
        c.block_idx = b;
        c.subblock_id = sb;
        c.subblock_dim = std::max<uint32_t>(1, dim);
        return c;
    }
    ptosim::ScopedExecContext scope_;
};

}  // namespace pto::cpu_sim
