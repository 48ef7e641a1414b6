// The on-chip buffers of a simulated AI core: the Unified Buffer of the vector side and the cube side's L1,
// L0A, L0B, L0C and the MX scale buffers. Each thread that runs kernel code is one simulated core and has its
// own set, so blocks of a multi-block launch never share on-chip memory.
//
// Every buffer is its own address space: a tile is bound (TASSIGN) to a byte offset in the buffer of its
// TileType (Vec: UB, Mat: L1, Left: L0A, Right: L0B, Acc: L0C, ScaleLeft / ScaleRight: the MX buffers; Bias,
// Scaling and Ctrl tiles live in the UB, as in pto-isa's CPU model). Sizes follow pto-isa's memory model
// per architecture (A2A3: L0C 128 KiB; A5: L0C 256 KiB; both: UB 512 KiB, L1 512 KiB, L0A/L0B 64 KiB) and
// can be overridden per buffer with PTO_CPU_SIM_UB_BYTES, PTO_CPU_SIM_L1_BYTES, PTO_CPU_SIM_L0A_BYTES,
// PTO_CPU_SIM_L0B_BYTES and PTO_CPU_SIM_L0C_BYTES (read when a thread's buffers are sized).
//
// A buffer is allocated, zero-filled, the first time the thread touches it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string_view>

namespace ptosim::mem {

// pto-isa's order (NPUMemoryModel::GetSizes): REG, UB, L1, L0A, L0B, L0C, L0A_MX, L0B_MX.
enum class Buffer : uint8_t { Reg, UB, L1, L0A, L0B, L0C, L0AMx, L0BMx };
inline constexpr std::size_t kBufferCount = 8;
using Sizes = std::array<std::size_t, kBufferCount>;

// The architectures whose memory sizes pto-isa's model knows (its NPUArch).
enum class MemArch : uint8_t { A2A3, A5 };

std::string_view buffer_name(Buffer b);  // "UB", "L1", "L0A", ...

// pto-isa's memory model (include/pto/cpu/NPUMemoryModel.hpp), before environment overrides: the two
// architectures differ in L0C only.
constexpr Sizes arch_sizes(MemArch a) {
    constexpr std::size_t KiB = 1024;
    return {128,     512 * KiB, 512 * KiB, 64 * KiB, 64 * KiB, (a == MemArch::A2A3 ? 128 : 256) * KiB,
            4 * KiB, 4 * KiB};
}

// The architecture a thread's buffers are sized for when it first touches them: the one set here
// (process-wide), else the fallback the caller passes to ensure_initialized (the C++ API passes its
// profile's), else A5.
void set_default_arch(MemArch a);
void ensure_initialized(MemArch fallback);

// This thread's buffers: sized for `a` plus the environment overrides. Buffers whose size does not change
// keep their contents; a buffer whose size changes is allocated anew (zero-filled).
void initialize(MemArch a);
bool initialized();
MemArch arch();  // the architecture this thread's buffers are sized for (initializing them if needed)
const Sizes& sizes();

std::byte* base(Buffer b);  // allocates the buffer on first use
std::size_t size(Buffer b);
// Both at once (one look-up of the thread's buffers: the micro-instructions check every access against it).
struct Extent {
    std::byte* base;
    std::size_t size;
};
Extent extent(Buffer b);
void clear();  // zero every allocated buffer of this thread
void reset();  // free this thread's buffers; the next use sizes them again

// Where a pointer lies: the buffer of this thread that holds it and the byte offset in it.
struct Place {
    Buffer buffer;
    std::size_t offset;
};
std::optional<Place> locate(const void* p);

// Resolve a TASSIGN address for a tile of `buffer`: either a byte offset in that buffer, or a host address
// that already lies inside it (pto-isa's alias idiom, `TASSIGN(t, (uintptr_t)other.data())`). Checks that the
// address is 32-byte aligned in its buffer and that the tile's footprint fits; `whole_bytes` is the tile's
// physical size and `valid_bytes` the bytes up to its last valid element (a windowed view may declare more
// rows than fit, as long as its valid region does). Returns the address and, in *capacity, how many bytes
// from it lie inside the buffer. A failed check reports through PTOSIM_CHECK (instruction `instr`).
std::byte* resolve_tile_address(Buffer buffer, uint64_t addr, std::size_t whole_bytes,
                                std::size_t valid_bytes, std::size_t* capacity,
                                const char* instr = "TASSIGN");

}  // namespace ptosim::mem

namespace ptosim {
// The lock behind pto-isa's element-wise atomic accumulate (Tile / GlobalTensor AddToElement): one for the
// process, as in pto-isa's CPU model.
std::mutex& element_lock();
}  // namespace ptosim
