// Architecture profiles and their capability table.
//
// A profile only narrows what compiles or assembles; results never differ between profiles except where a
// profile's documented hardware behaviour differs (shared semantics.md). The C++ API reads the profile from a
// compile definition (PTO_NPU_ARCH_A2A3 / PTO_NPU_ARCH_KIRIN9030 / PTO_NPU_ARCH_A5; without one, a build for
// pto-isa's CPU simulation (`__CPU_SIM` defined) gets the CPU profile and any other build A5); the assembler
// takes it as an option. Both consult the same table.
//
// The CPU profile is pto-isa's CPU simulation: it accepts every element type some device profile accepts,
// plus the few that only pto-isa's CPU simulation takes (each instruction's page lists them), and behaves as
// A5. It lets kernels and tests written against that simulation build unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ptosim {

enum class Arch : uint8_t { A5, A2A3, KIRIN9030, CPU };

struct ArchCaps {
    std::string_view name;      // "A5", "A2A3", "KIRIN9030", "CPU"
    std::string_view products;  // marketing names, for messages and docs
    bool thistogram;            // THISTOGRAM tile instruction
    bool interleave;            // TINTERLEAVE / TDEINTERLEAVE (documented for A5 only)
    bool reg_histograms;        // AscendC::Reg::Histograms (register level)
    bool tcmp_wide_dtypes;      // TCMP/TCMPS on every integer/float width with u8 or u32 masks
    bool tcmp_int32_eq_only;    // int32 compares support only EQ/NE; other modes behave as EQ
    uint32_t ub_bytes;          // Unified Buffer per core
};

constexpr ArchCaps arch_caps(Arch a) {
    switch (a) {
        case Arch::A2A3:
            return {"A2A3", "Atlas A2/A3", false, false, false, false, true, 512 * 1024};
        case Arch::KIRIN9030:
            return {"KIRIN9030", "Kirin 9030", true, false, false, true, false, 512 * 1024};
        case Arch::CPU:
            return {"CPU", "pto-isa CPU simulation", true, true, true, true, false, 512 * 1024};
        case Arch::A5:
        default:
            return {"A5", "Ascend 950PR/950DT", true, true, true, true, false, 512 * 1024};
    }
}

constexpr std::optional<Arch> parse_arch(std::string_view s) {
    if (s == "A5" || s == "a5")
        return Arch::A5;
    if (s == "A2A3" || s == "a2a3")
        return Arch::A2A3;
    if (s == "KIRIN9030" || s == "kirin9030")
        return Arch::KIRIN9030;
    if (s == "CPU" || s == "cpu")
        return Arch::CPU;
    return std::nullopt;
}

// The profile this translation unit was compiled for.
#if defined(PTO_NPU_ARCH_A2A3)
inline constexpr Arch kArch = Arch::A2A3;
#elif defined(PTO_NPU_ARCH_KIRIN9030)
inline constexpr Arch kArch = Arch::KIRIN9030;
#elif defined(__CPU_SIM) && !defined(PTO_NPU_ARCH_A5)
inline constexpr Arch kArch = Arch::CPU;
#else
inline constexpr Arch kArch = Arch::A5;
#endif
inline constexpr ArchCaps kArchCaps = arch_caps(kArch);

}  // namespace ptosim
