// The simulated on-chip Unified Buffer (UB): 512 KiB per simulated core. Each thread that runs kernel code is
// one simulated core and gets its own UB on first use, so kernels launched on several blocks never share a
// UB.
#pragma once

#include <cstddef>
#include <memory>

namespace ptosim::ub {

inline constexpr std::size_t kSize = 512 * 1024;
inline constexpr std::size_t kAlign = 32;  // TASSIGN address granularity

// This thread's UB (zero-filled on first use, 64-byte aligned).
std::byte* base();
// Zero this thread's UB.
void clear();
// True when [p, p + n) lies inside this thread's UB.
bool contains(const void* p, std::size_t n);

// Storage for a tile that was never assigned an address ("auto mode"): zero-filled, 64-byte aligned, shared
// by copies of the tile handle.
std::shared_ptr<std::byte[]> allocate_auto(std::size_t bytes);

}  // namespace ptosim::ub
