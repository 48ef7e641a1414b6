// The img2col registers of the calling thread's simulated core.
#include "ptosim/core/img2col_state.hpp"

#include "ptosim/core/check.hpp"

namespace ptosim::img2col {

namespace {
Registers* sets() {
    thread_local Registers r[2];
    return r;
}
}  // namespace

Registers& registers(int set) {
    PTOSIM_CHECK(set == 0 || set == 1, "ptosim", "img2col register set must be 0 (A) or 1 (B)", {"set", set});
    return sets()[set];
}

void reset() {
    sets()[0] = Registers{};
    sets()[1] = Registers{};
}

}  // namespace ptosim::img2col
