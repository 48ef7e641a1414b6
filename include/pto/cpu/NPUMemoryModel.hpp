// pto-isa's CPU memory model API (NPUArch, NPUMemoryModel, NPU_MEMORY_INIT / NPU_MEMORY_CLEAR, GetScaleAddr),
// over ptosim's per-thread on-chip buffers (ptosim/core/buffers.hpp). Every call acts on the calling thread's
// simulated core, as in pto-isa.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "ptosim/core/buffers.hpp"
#include "ptosim/core/check.hpp"

namespace pto {

enum class NPUArch { A2A3, A5 };

using ArchMemorySizes = std::size_t[ptosim::mem::kBufferCount];  // REG, UB, L1, L0A, L0B, L0C, L0A_MX, L0B_MX

class NPUMemoryModel {
  public:
    // The calling thread's model (each simulated core has its own buffers).
    static NPUMemoryModel& Instance() {
        thread_local NPUMemoryModel model;
        return model;
    }
    // The architecture a thread sizes its buffers for when it first uses them.
    static void SetDefaultArch(NPUArch arch) { ptosim::mem::set_default_arch(to_mem(arch)); }

    // Size this thread's buffers for `arch` (plus the PTO_CPU_SIM_*_BYTES overrides). Contents are kept where
    // a size does not change.
    void Initialize(NPUArch arch) { ptosim::mem::initialize(to_mem(arch)); }
    void EnsureInitialized() { ptosim::mem::ensure_initialized(ptosim::mem::MemArch::A5); }
    bool IsInitialized() const { return ptosim::mem::initialized(); }
    NPUArch GetArch() const { return ptosim::mem::arch() == ptosim::mem::MemArch::A2A3 ? NPUArch::A2A3 : NPUArch::A5; }
    const ArchMemorySizes& GetSizes() const {
        // std::array is standard-layout with its element array as the only member: the two share an address.
        return *reinterpret_cast<const ArchMemorySizes*>(ptosim::mem::sizes().data());
    }

    char* GetREGBase() { return base(ptosim::mem::Buffer::Reg); }
    char* GetUBBase() { return base(ptosim::mem::Buffer::UB); }
    char* GetL1Base() { return base(ptosim::mem::Buffer::L1); }
    char* GetL0ABase() { return base(ptosim::mem::Buffer::L0A); }
    char* GetL0BBase() { return base(ptosim::mem::Buffer::L0B); }
    char* GetL0CBase() { return base(ptosim::mem::Buffer::L0C); }

    bool ContainsAddress(std::uintptr_t addr) const {
        return ptosim::mem::locate(reinterpret_cast<const void*>(addr)).has_value();
    }
    void Clear() { ptosim::mem::clear(); }  // zero every buffer
    void Reset() { ptosim::mem::reset(); }  // free the buffers; the next use sizes them again

    // The byte offset of a pointer in the buffer that holds it.
    template <typename T>
    std::size_t GetNPUAddr(T* p) const {
        const auto place = ptosim::mem::locate(p);
        PTOSIM_CHECK(place.has_value(), "NPUMemoryModel", "the pointer is not inside a simulated on-chip buffer");
        return place->offset;
    }

  private:
    static ptosim::mem::MemArch to_mem(NPUArch a) {
        return a == NPUArch::A2A3 ? ptosim::mem::MemArch::A2A3 : ptosim::mem::MemArch::A5;
    }
    static char* base(ptosim::mem::Buffer b) { return reinterpret_cast<char*>(ptosim::mem::base(b)); }
};

// The MX scale address of a pointer in a scale buffer: its byte offset in 16-byte units.
inline constexpr int SHIFT_MX_ADDR = 4;
template <typename T>
std::size_t GetScaleAddr(T* p) {
    return NPUMemoryModel::Instance().GetNPUAddr(p) >> SHIFT_MX_ADDR;
}

// Size the calling thread's buffers for `arch` and make it the default for threads that start later.
inline void NPU_MEMORY_INIT(NPUArch arch = NPUArch::A2A3) {
    NPUMemoryModel::SetDefaultArch(arch);
    NPUMemoryModel::Instance().Initialize(arch);
}
// Zero the calling thread's buffers.
inline void NPU_MEMORY_CLEAR() {
    NPUMemoryModel::Instance().Clear();
}

}  // namespace pto
