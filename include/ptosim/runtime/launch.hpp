// Running a kernel on several simulated cores ("blocks"), as `kernel<<<blockDim, l2ctrl, stream>>>(args...)`
// does on the device. Each block runs on a thread with its own Unified Buffer and sees its index through
// get_block_idx(). Blocks must not wait for each other (there is no cross-block barrier).
#pragma once

#include <cstdint>
#include <functional>
#include <utility>

namespace ptosim {

// Index and count of the block the calling thread is running (0 and 1 outside a launch).
uint32_t block_idx();
uint32_t block_num();

// Run body once per block index in [0, block_dim). Returns when every block has finished; an exception thrown
// by a block (for example a CheckError from a throwing check handler) is rethrown here.
void launch_blocks(uint32_t block_dim, const std::function<void()>& body);

template <typename Kernel, typename... Args>
void launch(uint32_t block_dim, Kernel&& kernel, Args&&... args) {
    launch_blocks(block_dim, [&] { kernel(args...); });
}

}  // namespace ptosim
