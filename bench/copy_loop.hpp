// The SIMD copy-loop baseline of ptosim-bench (see copy_loop.cpp for why memcpy alone is not enough).
#pragma once

#include <cstddef>

namespace ptosim::bench {

// Copies `bytes` bytes with vector loads and stores of the best SIMD target dispatch allows.
void copy_loop(const std::byte* src, std::byte* dst, std::size_t bytes);

}  // namespace ptosim::bench
