#include "ptosim/core/buffers.hpp"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "ptosim/core/check.hpp"

namespace ptosim::mem {

namespace {

constexpr std::size_t kAlign = 32;  // TASSIGN address granularity

// The process-wide default (set_default_arch); kUnset until someone sets it.
constexpr int kUnset = -1;
std::atomic<int> g_default_arch{kUnset};

struct AlignedDelete {
    void operator()(std::byte* p) const { ::operator delete[](p, std::align_val_t{64}); }
};
using Storage = std::unique_ptr<std::byte[], AlignedDelete>;

// One simulated core's buffers (one per thread).
struct Core {
    bool sized = false;
    MemArch arch = MemArch::A5;
    Sizes sizes{};
    std::array<Storage, kBufferCount> storage;  // allocated on first use
};

Core& core() {
    thread_local Core c;
    return c;
}

// PTO_CPU_SIM_<NAME>_BYTES: a positive decimal byte count, or absent.
std::optional<std::size_t> env_bytes(const char* name) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0')
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const unsigned long long n = std::strtoull(v, &end, 10);
    PTOSIM_CHECK(errno == 0 && end != nullptr && *end == '\0' && n > 0 && n <= (uint64_t{1} << 32), "ptosim",
                 "a buffer size override must be a byte count in 1..2^32", {"variable", name}, {"value", v});
    return static_cast<std::size_t>(n);
}

Sizes sizes_with_overrides(MemArch a) {
    Sizes s = arch_sizes(a);
    static constexpr std::pair<Buffer, const char*> kEnv[] = {
        {Buffer::UB, "PTO_CPU_SIM_UB_BYTES"},   {Buffer::L1, "PTO_CPU_SIM_L1_BYTES"},
        {Buffer::L0A, "PTO_CPU_SIM_L0A_BYTES"}, {Buffer::L0B, "PTO_CPU_SIM_L0B_BYTES"},
        {Buffer::L0C, "PTO_CPU_SIM_L0C_BYTES"},
    };
    for (const auto& [b, name] : kEnv)
        if (auto n = env_bytes(name))
            s[static_cast<std::size_t>(b)] = *n;
    return s;
}

Core& sized_core() {
    Core& c = core();
    if (!c.sized)
        ensure_initialized(MemArch::A5);
    return c;
}

Storage allocate_zeroed(std::size_t bytes) {
    auto* p = static_cast<std::byte*>(::operator new[](bytes == 0 ? 1 : bytes, std::align_val_t{64}));
    std::memset(p, 0, bytes);
    return Storage(p);
}

}  // namespace

std::string_view buffer_name(Buffer b) {
    static constexpr std::string_view kNames[] = {"REG", "UB", "L1", "L0A", "L0B", "L0C", "L0A_MX", "L0B_MX"};
    return kNames[static_cast<std::size_t>(b)];
}

void set_default_arch(MemArch a) {
    g_default_arch.store(static_cast<int>(a));
}

void ensure_initialized(MemArch fallback) {
    if (core().sized)
        return;
    const int set = g_default_arch.load();
    initialize(set == kUnset ? fallback : static_cast<MemArch>(set));
}

void initialize(MemArch a) {
    Core& c = core();
    const Sizes s = sizes_with_overrides(a);
    for (std::size_t i = 0; i < kBufferCount; ++i)
        if (!c.sized || s[i] != c.sizes[i])
            c.storage[i].reset();
    c.sizes = s;
    c.arch = a;
    c.sized = true;
}

bool initialized() {
    return core().sized;
}

MemArch arch() {
    return sized_core().arch;
}

const Sizes& sizes() {
    return sized_core().sizes;
}

std::byte* base(Buffer b) {
    Core& c = sized_core();
    Storage& s = c.storage[static_cast<std::size_t>(b)];
    if (!s)
        s = allocate_zeroed(c.sizes[static_cast<std::size_t>(b)]);
    return s.get();
}

std::size_t size(Buffer b) {
    return sized_core().sizes[static_cast<std::size_t>(b)];
}

Extent extent(Buffer b) {
    Core& c = sized_core();
    Storage& s = c.storage[static_cast<std::size_t>(b)];
    if (!s)
        s = allocate_zeroed(c.sizes[static_cast<std::size_t>(b)]);
    return {s.get(), c.sizes[static_cast<std::size_t>(b)]};
}

void clear() {
    Core& c = core();
    for (std::size_t i = 0; i < kBufferCount; ++i)
        if (c.storage[i])
            std::memset(c.storage[i].get(), 0, c.sizes[i]);
}

void reset() {
    Core& c = core();
    for (Storage& s : c.storage)
        s.reset();
    c.sized = false;
}

std::optional<Place> locate(const void* p) {
    const Core& c = core();
    const auto q = reinterpret_cast<std::uintptr_t>(p);
    for (std::size_t i = 0; i < kBufferCount; ++i) {
        if (!c.storage[i])
            continue;
        const auto b = reinterpret_cast<std::uintptr_t>(c.storage[i].get());
        if (q >= b && q - b < c.sizes[i])
            return Place{static_cast<Buffer>(i), static_cast<std::size_t>(q - b)};
    }
    return std::nullopt;
}

std::byte* resolve_tile_address(Buffer buffer, uint64_t addr, std::size_t whole_bytes,
                                std::size_t valid_bytes, std::size_t* capacity, const char* instr) {
    const std::string_view want = buffer_name(buffer);
    uint64_t offset = addr;
    if (auto place = locate(reinterpret_cast<const void*>(static_cast<std::uintptr_t>(addr)))) {
        // An address inside one of this core's buffers: the alias idiom. It must be the tile's own buffer.
        PTOSIM_CHECK(place->buffer == buffer, instr,
                     "a tile is bound inside the buffer of its TileType (Vec: UB, Mat: L1, Left: L0A, Right: "
                     "L0B, Acc: L0C)",
                     {"tile_buffer", want}, {"address_buffer", buffer_name(place->buffer)});
        offset = place->offset;
    }
    const std::size_t bytes = size(buffer);
    PTOSIM_CHECK(offset % kAlign == 0, instr, "address must be 32-byte aligned", {"buffer", want},
                 {"address", offset});
    PTOSIM_CHECK(offset <= bytes && valid_bytes <= bytes - offset, instr, "tile does not fit in its buffer",
                 {"buffer", want}, {"address", offset}, {"bytes", whole_bytes}, {"valid_bytes", valid_bytes},
                 {"buffer_bytes", bytes});
    *capacity = bytes - static_cast<std::size_t>(offset);
    return base(buffer) + offset;
}

}  // namespace ptosim::mem

namespace ptosim {
std::mutex& element_lock() {
    static std::mutex m;
    return m;
}
}  // namespace ptosim
