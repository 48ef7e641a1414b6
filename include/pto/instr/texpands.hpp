// TEXPANDS: broadcast a scalar into every valid element of a tile (docs/isa/TEXPANDS.md).
#pragma once

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/fill.hpp"

namespace pto {

template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TEXPANDS(TileData& dst, typename TileData::DType scalar, WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TEXPANDS", "dst must be a Tile");
    PTOSIM_STATIC_CHECK((detail::type_on_profile<isa::Op::TEXPANDS, typename TileData::DType>()), "TEXPANDS",
                        PTOSIM_TYPE_RULE("TEXPANDS", "element type"));
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Vec || TileData::Loc == TileType::Mat, "TEXPANDS",
                        "dst must be a TileType::Vec or TileType::Mat tile");
    PTOSIM_STATIC_CHECK(TileData::Loc != TileType::Vec || detail::is_plain_row_major<TileData>(), "TEXPANDS",
                        "a TileType::Vec dst must be row-major");
    PTOSIM_TSYNC(events...);
    if constexpr (TileData::Loc == TileType::Mat) {
        // The device fills a Mat tile whole, Rows x Cols elements in any layout (a5/TExpandS.hpp,
        // TExpandsTile; a2a3/TExpandS.hpp): the same bytes as a full row-major tile of that shape.
        ptosim::TileView v = dst.view();
        v.layout = ptosim::Layout::row_major(TileData::Rows, TileData::Cols);
        v.valid_rows = TileData::Rows;
        v.valid_cols = TileData::Cols;
        ptosim::ops::texpands(v, ptosim::scalar_bits(scalar));
    } else {
        ptosim::ops::texpands(dst.view(), ptosim::scalar_bits(scalar));
    }
    return {};
}

}  // namespace pto
