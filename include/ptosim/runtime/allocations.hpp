// Global-memory blocks handed out by the host runtime (aclrtMalloc, aclrtMallocHost). TLOAD, TSTORE, MGATHER
// and MSCATTER look a global tensor's address up here: a tensor that starts inside a block must stay inside
// it, which turns an out-of-bounds access to device memory into a run-time check failure instead of silent
// corruption. Memory the runtime did not allocate (a std::vector handed to a GlobalTensor, say) is not
// checked.
#pragma once

#include <cstddef>
#include <optional>

namespace ptosim::allocations {

struct Block {
    const std::byte* base = nullptr;
    std::size_t size = 0;
};

// Records [base, base + size). Blocks never overlap (they come from the allocator).
void add(const void* base, std::size_t size);

// Forgets the block starting at base; false if there is none.
bool remove(const void* base);

// The recorded block that holds the byte at p, if any.
std::optional<Block> containing(const void* p);

}  // namespace ptosim::allocations
