// AscendC register API: what every operation header shares. MaskReg, the AscendC::MicroAPI alias, the kernel
// qualifiers, asc_vf_call, and the checks on Unified Buffer addresses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "basic_api/reg_compute/kernel_reg_compute_utils.h"
#include "pto/common/qualifiers.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/reg/vreg.hpp"

// AscendC's element-type spellings (the same aliases pto/common/type.hpp declares).
using half = ptosim::float16;
using bfloat16_t = ptosim::bfloat16;

// Register-API kernels spell UB pointers either way.
#ifndef __local_mem__
#define __local_mem__ __ubuf__
#endif

// The profile this translation unit targets, by name, for compile-time messages (static_assert messages must
// be string literals, so it cannot come from ptosim::kArchCaps; the static_assert below keeps the two in
// step).
#if defined(PTO_NPU_ARCH_A2A3)
#define PTOSIM_REG_PROFILE "A2A3"
#elif defined(PTO_NPU_ARCH_KIRIN9030)
#define PTOSIM_REG_PROFILE "KIRIN9030"
#else
#define PTOSIM_REG_PROFILE "A5"
#endif
static_assert(ptosim::kArchCaps.name == PTOSIM_REG_PROFILE,
              "PTOSIM_REG_PROFILE disagrees with ptosim::kArch");

namespace AscendC {
namespace Reg {

// One predicate bit per byte lane (VL / 8 bits); element j of a b16 (b32, b64) operation reads bit 2j (4j,
// 8j).
using MaskReg = ptosim::reg::Mask;

namespace detail {

template <typename T>
inline constexpr bool kIsDefault = std::is_same_v<T, DefaultType>;

// True for the value types a register lane can hold (b8, b16, b32, b64).
template <typename T>
inline constexpr bool kIsRegElement =
    std::is_same_v<T, bool> || std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> ||
    std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>;

// Operations whose static rules hold for one profile only make the rule depend on a template parameter, so
// that including a header never fails and only using the operation does.
template <typename...>
inline constexpr bool kRegHistograms = ptosim::arch_caps(ptosim::kArch).reg_histograms;

inline std::string hex_address(const void* p) {
    char buf[2 + 2 * sizeof(void*) + 1];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
    return buf;
}

// Every UB access of the register API goes through this check: the address must have the alignment the
// access needs, and an access that starts inside the simulated UB must end inside it. Addresses outside the
// simulated UB (host buffers, tiles in auto mode) stand in for UB memory and are trusted.
inline void check_ub_access(const char* instr, const void* addr, std::size_t bytes, std::size_t align) {
    PTOSIM_CHECK(addr != nullptr, instr, "UB address is null");
    PTOSIM_CHECK(reinterpret_cast<uintptr_t>(addr) % align == 0, instr,
                 "UB address is not aligned as this access requires", {"addr", hex_address(addr)},
                 {"align", align});
    if (ptosim::ub::contains(addr, 1)) {
        const auto offset =
            static_cast<std::size_t>(static_cast<const std::byte*>(addr) - ptosim::ub::base());
        PTOSIM_CHECK(ptosim::ub::contains(addr, bytes), instr,
                     "access runs past the end of the Unified Buffer", {"offset", offset}, {"bytes", bytes},
                     {"ubSize", ptosim::ub::kSize});
    }
}

}  // namespace detail
}  // namespace Reg

// The register API's older name.
namespace MicroAPI = Reg;

}  // namespace AscendC

// Starts a __simd_vf__ function as a vector-function subtask; on the CPU that is a plain call.
template <auto funcPtr, typename... Args>
__aicore__ inline void asc_vf_call(Args&&... args) {
    funcPtr(static_cast<Args&&>(args)...);
}
