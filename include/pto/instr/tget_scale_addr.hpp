// TGET_SCALE_ADDR(dst, src): bind dst to the MX scale storage that belongs to src. A Left (L0A) or Right
// (L0B) tile's scales sit in the MX scale buffer (L0A_MX / L0B_MX) at its byte offset / 16, where the
// devices' mad_mx reads them (pto-isa's GetScaleAddr: address >> SHIFT_MX_ADDR); any other tile's "scale
// address" is its own storage, as in pto-isa's CPU simulation (dst.data() = src.data()).
#pragma once

#include <cstddef>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "ptosim/core/buffers.hpp"
#include "ptosim/core/check.hpp"

namespace pto {

namespace detail {
inline constexpr unsigned kMxScaleShift = 4;  // pto-isa's SHIFT_MX_ADDR
}  // namespace detail

template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TGET_SCALE_ADDR(TileDataOut& dst, TileDataIn& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataOut>, "TGET_SCALE_ADDR", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataIn>, "TGET_SCALE_ADDR", "src must be a Tile");
    PTOSIM_TSYNC(events...);
    using Out = typename TileDataOut::DType;
    const ptosim::TileView v = src.view();
    const auto place = ptosim::mem::locate(v.data);
    const bool cube_operand =
        place && (place->buffer == ptosim::mem::Buffer::L0A || place->buffer == ptosim::mem::Buffer::L0B);
    if (!cube_operand) {
        dst.AssignAddress(reinterpret_cast<Out*>(v.data), v.capacity);
        return {};
    }
    const auto mx =
        place->buffer == ptosim::mem::Buffer::L0A ? ptosim::mem::Buffer::L0AMx : ptosim::mem::Buffer::L0BMx;
    const std::size_t offset = place->offset >> detail::kMxScaleShift;
    PTOSIM_CHECK(offset < ptosim::mem::size(mx), "TGET_SCALE_ADDR",
                 "the scale address lies outside the MX scale buffer", {"offset", offset},
                 {"buffer_bytes", ptosim::mem::size(mx)});
    dst.AssignAddress(reinterpret_cast<Out*>(ptosim::mem::base(mx) + offset), ptosim::mem::size(mx) - offset);
    return {};
}

}  // namespace pto
