// TLOAD / TSTORE: copy the valid region of a tile from / to a GlobalTensor.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/ops/memory.hpp"

namespace pto {

namespace detail {

template <typename GlobalData>
ptosim::GlobalView global_view(GlobalData& g) {
    ptosim::GlobalView v;
    v.data = reinterpret_cast<std::byte*>(const_cast<typename GlobalData::RawDType*>(g.data()));
    v.dtype = ptosim::dtype_of<typename GlobalData::RawDType>;
    for (int i = 0; i < 5; ++i) {
        v.shape[i] = g.GetShape(i);
        v.stride[i] = g.GetStride(i);
    }
    v.layout = GlobalData::layout == Layout::DN   ? ptosim::GlobalLayout::DN
               : GlobalData::layout == Layout::NZ ? ptosim::GlobalLayout::NZ
                                                  : ptosim::GlobalLayout::ND;
    return v;
}

constexpr bool movable_global_layout(Layout l) {
    return l == Layout::ND || l == Layout::DN || l == Layout::NZ;
}

template <auto P>
constexpr ptosim::Pad pad_of() {
    if constexpr (std::is_same_v<decltype(P), PadValue>) {
        static_assert(static_cast<uint64_t>(P) <= 3, "TLOAD: custom pad values are not supported");
        return static_cast<ptosim::Pad>(static_cast<uint8_t>(P));
    } else {
        static_assert(std::is_same_v<decltype(P), PadValue>, "TLOAD: the tile's PadVal must be a PadValue");
        return ptosim::Pad::Null;
    }
}

}  // namespace detail

template <typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TLOAD(TileData& dst, GlobalData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TLOAD", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TLOAD", "src must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(sizeof(typename TileData::DType) == sizeof(typename GlobalData::RawDType), "TLOAD",
                        "tile and global tensor element sizes must match");
    PTOSIM_STATIC_CHECK(detail::movable_global_layout(GlobalData::layout), "TLOAD",
                        "the global tensor layout must be Layout::ND, Layout::DN or Layout::NZ");
    TSYNC(events...);
    ptosim::ops::tload(dst.view(), detail::global_view(src), detail::pad_of<TileData::PadVal>());
    return {};
}

template <typename GlobalData, typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TSTORE", "dst must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TSTORE", "src must be a Tile");
    PTOSIM_STATIC_CHECK(sizeof(typename TileData::DType) == sizeof(typename GlobalData::RawDType), "TSTORE",
                        "tile and global tensor element sizes must match");
    PTOSIM_STATIC_CHECK(detail::movable_global_layout(GlobalData::layout), "TSTORE",
                        "the global tensor layout must be Layout::ND, Layout::DN or Layout::NZ");
    TSYNC(events...);
    ptosim::ops::tstore(detail::global_view(dst), src.view());
    return {};
}

}  // namespace pto
