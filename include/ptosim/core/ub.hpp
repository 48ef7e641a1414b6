// The simulated Unified Buffer (UB) of the calling thread's simulated core: the buffer vector tiles live in
// (ptosim/core/buffers.hpp has the whole set). 512 KiB unless PTO_CPU_SIM_UB_BYTES says otherwise.
#pragma once

#include <cstddef>
#include <memory>

#include "ptosim/core/buffers.hpp"

namespace ptosim::ub {

inline constexpr std::size_t kSize = 512 * 1024;  // the default size (pto-isa's, both architectures)
inline constexpr std::size_t kAlign = 32;         // TASSIGN address granularity

// This thread's UB (zero-filled on first use, 64-byte aligned).
inline std::byte* base() {
    return mem::base(mem::Buffer::UB);
}
inline std::size_t size() {
    return mem::size(mem::Buffer::UB);
}
// Zero this thread's UB.
void clear();
// True when [p, p + n) lies inside this thread's UB.
bool contains(const void* p, std::size_t n);

// Storage for a tile that was never assigned an address ("auto mode"): zero-filled, 64-byte aligned, shared
// by copies of the tile handle.
std::shared_ptr<std::byte[]> allocate_auto(std::size_t bytes);

}  // namespace ptosim::ub
