// Running a kernel on several simulated cores ("blocks"), as `kernel<<<blockDim, l2ctrl, stream>>>(args...)`
// does on the device. Each block runs on a thread with its own on-chip buffers and sees its index through
// get_block_idx(). launch_blocks runs the blocks on at most one thread per hardware thread, so its blocks
// must not wait for each other; a wait that can never be satisfied is reported as a deadlock
// (ptosim/sync/wait.hpp).
//
// A block may have several sub-blocks (the vector cores that share one cube core): launch_cores runs every
// (block, sub-block) pair on a thread of its own, all at once, so that sub-blocks can wait for each other.
#pragma once

#include <cstdint>
#include <functional>
#include <type_traits>
#include <utility>

#include "ptosim/core/check.hpp"
#include "ptosim/core/exec_context.hpp"  // the context each launched core sees

namespace ptosim {

// Run body once per block index in [0, block_dim). Returns when every block has finished; an exception thrown
// by a block (for example a CheckError from a throwing check handler) is rethrown here.
void launch_blocks(uint32_t block_dim, const std::function<void()>& body);

// Run body on block_dim x subblock_dim threads at once, one per (block, sub-block). Rethrows the first
// exception a thread threw, after all have finished.
void launch_cores(uint32_t block_dim, uint32_t subblock_dim, const std::function<void()>& body);

// Run body on nranks threads at once, one per simulated rank (a device of its own: its own on-chip buffers
// and hazard-checker state), as pto-isa's multi-rank tests run one process per NPU. body receives the rank
// id, as a pto-isa kernel receives it from its communication context (hcclCtx->rankId); rank_id() /
// rank_num() return the same inside it. Ranks may wait for each other (TWAIT): a wait no rank can satisfy
// fails with a deadlock error (ptosim/sync/wait.hpp). Peer buffers come from symmetric windows
// (ptosim/runtime/windows.hpp). Rethrows the first exception a rank threw, after all have finished.
void launch_ranks(uint32_t nranks, const std::function<void(uint32_t rank)>& body);

// The number of AI cores pto-isa's CPU launcher assumes when a kernel does not say (PTO_CPU_SIM_NUM_CORES,
// default 4).
uint32_t configured_core_count();

template <typename Kernel, typename... Args>
void launch(uint32_t block_dim, Kernel&& kernel, Args&&... args) {
    launch_blocks(block_dim, [&] { kernel(args...); });
}

// What `Kernel<<<blockDim, l2ctrl, stream>>>(args...)` becomes after ptosim-chevron rewrites it (see
// tools/chevron/rewrite.hpp): the returned launcher runs the kernel on blockDim simulated cores when called
// with the arguments, and returns when every block has finished (the device would return at once and finish
// on the stream; on the CPU the stream is already synchronised). l2ctrl and the stream mean nothing here.
template <typename Kernel>
class ChevronLauncher {
  public:
    ChevronLauncher(Kernel kernel, uint32_t block_dim) : kernel_(std::move(kernel)), block_dim_(block_dim) {}
    template <typename... Args>
    void operator()(Args&&... args) {
        launch_blocks(block_dim_, [&] { kernel_(args...); });
    }

  private:
    Kernel kernel_;
    uint32_t block_dim_;
};

template <typename Kernel, typename BlockDim, typename... Rest>
ChevronLauncher<Kernel> chevron_launch(Kernel kernel, BlockDim block_dim, Rest&&...) {
    PTOSIM_STATIC_CHECK(std::is_integral_v<BlockDim>, "kernel launch", "the block count must be an integer");
    PTOSIM_STATIC_CHECK(sizeof...(Rest) <= 2, "kernel launch", "at most <<<blockDim, l2ctrl, stream>>>");
    return ChevronLauncher<Kernel>(std::move(kernel), static_cast<uint32_t>(block_dim));
}

}  // namespace ptosim
