// TASSIGN: bind a Tile to an address in the buffer of its TileType (ptosim/core/buffers.hpp), or a
// GlobalTensor to a pointer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pto/common/pto_tile.hpp"
#include "ptosim/core/arch.hpp"
#include "ptosim/core/buffers.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/sync/hazards.hpp"

namespace pto {

namespace detail {

// The buffer a tile of each TileType lives in. Bias, Scaling and Ctrl tiles share the UB, as in pto-isa's CPU
// memory model.
constexpr ptosim::mem::Buffer buffer_of(TileType t) {
    switch (t) {
        case TileType::Mat:
            return ptosim::mem::Buffer::L1;
        case TileType::Left:
            return ptosim::mem::Buffer::L0A;
        case TileType::Right:
            return ptosim::mem::Buffer::L0B;
        case TileType::Acc:
            return ptosim::mem::Buffer::L0C;
        case TileType::ScaleLeft:
            return ptosim::mem::Buffer::L0AMx;
        case TileType::ScaleRight:
            return ptosim::mem::Buffer::L0BMx;
        default:
            return ptosim::mem::Buffer::UB;
    }
}

// The memory sizes of the compiled profile (a kernel built for A2A3 sees A2A3's L0C).
inline constexpr ptosim::mem::MemArch kProfileMemArch =
    ptosim::kArch == ptosim::Arch::A2A3 ? ptosim::mem::MemArch::A2A3 : ptosim::mem::MemArch::A5;

}  // namespace detail

// A Tile takes a byte offset in its buffer or, as in pto-isa's alias idiom, a host address that already lies
// inside that buffer (`TASSIGN(alias, reinterpret_cast<uintptr_t>(base.data()))`). The address must be
// 32-byte aligned in the buffer and the tile's valid region must fit in it.
template <typename T, typename AddrType>
PTO_INST void TASSIGN(T& obj, AddrType addr) {
    // The call site, for a failed check's location (hosts that report it: the Python package's Kernel).
    const ::ptosim::hazards::Site site(__builtin_return_address(0));
    if constexpr (is_tile_data_v<T>) {
        PTOSIM_STATIC_CHECK(
            std::is_integral_v<AddrType>, "TASSIGN",
            "a Tile is assigned a byte offset in its buffer or an address inside it (an integer)");
        if constexpr (std::is_signed_v<AddrType>)
            PTOSIM_CHECK(addr >= 0, "TASSIGN", "address must not be negative",
                         {"address", static_cast<long long>(addr)});
        ptosim::mem::ensure_initialized(detail::kProfileMemArch);
        const ptosim::TileView shape{nullptr, ptosim::dtype_of<typename T::DType>, T::layout,
                                     static_cast<int32_t>(obj.GetValidRow()),
                                     static_cast<int32_t>(obj.GetValidCol())};
        std::size_t capacity = 0;
        std::byte* p =
            ptosim::mem::resolve_tile_address(detail::buffer_of(T::Loc), static_cast<uint64_t>(addr),
                                              T::GetSizeInBytes(), shape.valid_bytes(), &capacity);
        obj.AssignAddress(reinterpret_cast<typename T::DType*>(p), capacity);
    } else if constexpr (is_global_data_v<T>) {
        PTOSIM_STATIC_CHECK(std::is_pointer_v<AddrType>, "TASSIGN", "a GlobalTensor is assigned a pointer");
        obj.SetAddr(addr);
    } else {
        PTOSIM_STATIC_CHECK(is_tile_data_v<T> || is_global_data_v<T>, "TASSIGN",
                            "operand must be a Tile or a GlobalTensor");
    }
}

// Compile-time address: the alignment and bounds rules are checked by the compiler, against the buffer's
// default size for the profile.
template <std::size_t Addr, typename T>
PTO_INST void TASSIGN(T& obj) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<T>, "TASSIGN", "a compile-time address can only be given to a Tile");
    constexpr std::size_t kBufferBytes =
        ptosim::mem::arch_sizes(detail::kProfileMemArch)[static_cast<std::size_t>(detail::buffer_of(T::Loc))];
    PTOSIM_STATIC_CHECK(Addr % 32 == 0, "TASSIGN", "address must be 32-byte aligned");
    PTOSIM_STATIC_CHECK(T::GetSizeInBytes() <= kBufferBytes && Addr <= kBufferBytes - T::GetSizeInBytes(),
                        "TASSIGN", "tile does not fit in its buffer");
    TASSIGN(obj, Addr);
}

}  // namespace pto
