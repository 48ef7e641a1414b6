// Running a kernel on several simulated cores ("blocks"), as `kernel<<<blockDim, l2ctrl, stream>>>(args...)`
// does on the device. Each block runs on a thread with its own on-chip buffers and sees its index through
// get_block_idx(). Blocks must not wait for each other (there is no cross-block barrier).
//
// A block may have several sub-blocks (the vector cores that share one cube core): launch_cores runs every
// (block, sub-block) pair on a thread of its own, all at once, so that sub-blocks can wait for each other.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>

namespace ptosim {

// What the running kernel code sees of its launch (per thread; block 0 of 1, sub-block 0 of 1 outside one).
struct ExecContext {
    uint32_t block_idx = 0;
    uint32_t block_num = 1;
    uint32_t subblock_id = 0;
    uint32_t subblock_dim = 1;
    uint64_t task_cookie = 0;
};
ExecContext& exec_context();

inline uint32_t block_idx() {
    return exec_context().block_idx;
}
inline uint32_t block_num() {
    return exec_context().block_num;
}

// Sets the calling thread's context for a scope and restores the previous one after.
class ScopedExecContext {
  public:
    explicit ScopedExecContext(const ExecContext& c) : saved_(exec_context()) { exec_context() = c; }
    ~ScopedExecContext() { exec_context() = saved_; }
    ScopedExecContext(const ScopedExecContext&) = delete;
    ScopedExecContext& operator=(const ScopedExecContext&) = delete;

  private:
    ExecContext saved_;
};

// Run body once per block index in [0, block_dim). Returns when every block has finished; an exception thrown
// by a block (for example a CheckError from a throwing check handler) is rethrown here.
void launch_blocks(uint32_t block_dim, const std::function<void()>& body);

// Run body on block_dim x subblock_dim threads at once, one per (block, sub-block). Rethrows the first
// exception a thread threw, after all have finished.
void launch_cores(uint32_t block_dim, uint32_t subblock_dim, const std::function<void()>& body);

// The number of AI cores pto-isa's CPU launcher assumes when a kernel does not say (PTO_CPU_SIM_NUM_CORES,
// default 4).
uint32_t configured_core_count();

template <typename Kernel, typename... Args>
void launch(uint32_t block_dim, Kernel&& kernel, Args&&... args) {
    launch_blocks(block_dim, [&] { kernel(args...); });
}

}  // namespace ptosim
