// What the running kernel code sees of its launch, per thread: its block and sub-block, its rank, and what
// the cores of its launch share. The launchers (ptosim/runtime/launch.hpp) set it; the checks, the hazard
// checker and the waits (ptosim/sync/) read it, so it sits below both.
#pragma once

#include <cstdint>

namespace ptosim {

// What the cores of one launch share: the arrivals of SYNCALL's hardware barrier, and how many threads run
// the launch's cores (a barrier needs every participant running at once).
struct LaunchShared {
    int32_t barrier_arrivals = 0;  // accessed through std::atomic_ref
    uint32_t threads = 1;
};

// Block 0 of 1, sub-block 0 of 1 outside a launch.
struct ExecContext {
    uint32_t block_idx = 0;
    uint32_t block_num = 1;
    uint32_t subblock_id = 0;
    uint32_t subblock_dim = 1;
    uint64_t task_cookie = 0;
    LaunchShared* launch = nullptr;  // null outside a launch
};

ExecContext& exec_context();
// Sets the calling thread's context, and the CCE built-in variables block_idx / block_num with it.
void set_exec_context(const ExecContext& c);

inline uint32_t block_idx() {
    return exec_context().block_idx;
}
inline uint32_t block_num() {
    return exec_context().block_num;
}

// Sets the calling thread's context for a scope and restores the previous one after.
class ScopedExecContext {
  public:
    explicit ScopedExecContext(const ExecContext& c) : saved_(exec_context()) { set_exec_context(c); }
    ~ScopedExecContext() { set_exec_context(saved_); }
    ScopedExecContext(const ScopedExecContext&) = delete;
    ScopedExecContext& operator=(const ScopedExecContext&) = delete;

  private:
    ExecContext saved_;
};

// The calling thread's rank and the number of ranks of its launch_ranks (0 of 1 outside one).
uint32_t rank_id();
uint32_t rank_num();
// Sets them (launch_ranks, on each rank's thread).
void set_rank(uint32_t rank, uint32_t nranks);

}  // namespace ptosim
