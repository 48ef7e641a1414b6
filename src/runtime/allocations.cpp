// The registry of runtime allocations: an ordered map from base address to size behind a reader-writer lock
// (kernels on many simulated cores look blocks up at once; only the host allocates and frees). Each thread
// keeps the last block it found, valid until the registry next changes, so that a kernel's TLOADs and TSTOREs
// into the same buffers take no lock at all.
#include "ptosim/runtime/allocations.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace ptosim::allocations {

namespace {

struct Registry {
    std::shared_mutex mutex;
    std::map<const std::byte*, std::size_t, std::less<>> blocks;
    // Lets lookups skip the lock entirely in programs that never use the runtime's allocator.
    std::atomic<std::size_t> count{0};
    // Bumped by every add and remove: a thread's cached block is current while this has not moved.
    std::atomic<uint64_t> generation{0};
};

struct CachedBlock {
    uint64_t generation = ~uint64_t{0};
    Block block;
};
thread_local CachedBlock t_last;

bool holds(const Block& b, const std::byte* p) {
    return !std::less<>{}(p, b.base) && std::less<>{}(p, b.base + b.size);
}

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

void add(const void* base, std::size_t size) {
    Registry& r = registry();
    std::unique_lock lock(r.mutex);
    r.blocks[static_cast<const std::byte*>(base)] = size;
    r.count.store(r.blocks.size(), std::memory_order_release);
    r.generation.fetch_add(1, std::memory_order_acq_rel);
}

bool remove(const void* base) {
    Registry& r = registry();
    std::unique_lock lock(r.mutex);
    const bool found = r.blocks.erase(static_cast<const std::byte*>(base)) == 1;
    r.count.store(r.blocks.size(), std::memory_order_release);
    r.generation.fetch_add(1, std::memory_order_acq_rel);
    return found;
}

std::optional<Block> containing(const void* p) {
    Registry& r = registry();
    if (r.count.load(std::memory_order_acquire) == 0)
        return std::nullopt;
    const auto* b = static_cast<const std::byte*>(p);
    if (t_last.generation == r.generation.load(std::memory_order_acquire) && holds(t_last.block, b))
        return t_last.block;
    std::shared_lock lock(r.mutex);
    auto it = r.blocks.upper_bound(b);  // the first block starting after p
    if (it == r.blocks.begin())
        return std::nullopt;
    --it;
    const Block found{it->first, it->second};
    if (!holds(found, b))
        return std::nullopt;
    t_last = {r.generation.load(std::memory_order_relaxed),
              found};  // stable: writers hold the lock exclusively
    return found;
}

}  // namespace ptosim::allocations
