#include "ptosim/core/exec_context.hpp"

// The CCE built-in variables (declared in include/pto/common/kernel.hpp), per thread.
namespace ptosim::cce_builtins {
thread_local int64_t block_idx = 0;
thread_local int64_t block_num = 1;
}  // namespace ptosim::cce_builtins

namespace ptosim {

ExecContext& exec_context() {
    thread_local ExecContext c;
    return c;
}

void set_exec_context(const ExecContext& c) {
    exec_context() = c;
    cce_builtins::block_idx = c.block_idx;
    cce_builtins::block_num = c.block_num;
}

namespace {
struct RankContext {
    uint32_t rank = 0;
    uint32_t nranks = 1;
};
thread_local RankContext t_rank;
}  // namespace

uint32_t rank_id() {
    return t_rank.rank;
}
uint32_t rank_num() {
    return t_rank.nranks;
}
void set_rank(uint32_t rank, uint32_t nranks) {
    t_rank = {rank, nranks};
}

}  // namespace ptosim
