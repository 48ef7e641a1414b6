// TASSIGN: bind a Tile to a byte offset in the simulated Unified Buffer, or a GlobalTensor to a pointer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pto/common/pto_tile.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/ub.hpp"

namespace pto {

template <typename T, typename AddrType>
PTO_INST void TASSIGN(T& obj, AddrType addr) {
    if constexpr (is_tile_data_v<T>) {
        PTOSIM_STATIC_CHECK(std::is_integral_v<AddrType>, "TASSIGN",
                            "a Tile is assigned a Unified Buffer byte offset (an integer)");
        constexpr std::size_t bytes = T::GetSizeInBytes();
        const auto offset = static_cast<long long>(addr);
        PTOSIM_CHECK(offset % static_cast<long long>(ptosim::ub::kAlign) == 0, "TASSIGN",
                     "address must be 32-byte aligned", {"address", offset});
        PTOSIM_CHECK(offset >= 0 && static_cast<unsigned long long>(offset) <= ptosim::ub::kSize - bytes,
                     "TASSIGN", "tile does not fit in the 512 KiB Unified Buffer", {"address", offset},
                     {"bytes", bytes}, {"UB", ptosim::ub::kSize});
        obj.AssignAddress(reinterpret_cast<typename T::DType*>(ptosim::ub::base() + offset));
    } else if constexpr (is_global_data_v<T>) {
        PTOSIM_STATIC_CHECK(std::is_pointer_v<AddrType>, "TASSIGN", "a GlobalTensor is assigned a pointer");
        obj.SetAddr(addr);
    } else {
        PTOSIM_STATIC_CHECK(is_tile_data_v<T> || is_global_data_v<T>, "TASSIGN",
                            "operand must be a Tile or a GlobalTensor");
    }
}

// Compile-time address: the alignment and bounds rules are checked by the compiler.
template <std::size_t Addr, typename T>
PTO_INST void TASSIGN(T& obj) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<T>, "TASSIGN", "a compile-time address can only be given to a Tile");
    PTOSIM_STATIC_CHECK(Addr % ptosim::ub::kAlign == 0, "TASSIGN", "address must be 32-byte aligned");
    PTOSIM_STATIC_CHECK(
        T::GetSizeInBytes() <= ptosim::ub::kSize && Addr <= ptosim::ub::kSize - T::GetSizeInBytes(),
        "TASSIGN", "tile does not fit in the 512 KiB Unified Buffer");
    TASSIGN(obj, Addr);
}

}  // namespace pto
