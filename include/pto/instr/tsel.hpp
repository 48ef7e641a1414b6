// TSEL: choose each element from src0 (mask bit set) or src1 (bit clear); the mask is a packed predicate as
// TCMP/TCMPS write it (docs/isa/TSEL.md).
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/select.hpp"

namespace pto {

// tmp is pto-isa's scratch tile: the A2A3 hardware stages the mask in it (it must be a uint32_t tile there);
// A5 ignores it, and so does ptosim, which never writes it.
template <typename TileData, typename MaskTile, typename TmpTile, typename... WaitEvents>
PTO_INST RecordEvent TSEL(TileData& dst, MaskTile& selMask, TileData& src0, TileData& src1, TmpTile& tmp,
                          WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData> && is_tile_data_v<MaskTile> && is_tile_data_v<TmpTile>,
                        "TSEL", "dst, selMask, src0, src1 and tmp must be Tiles");
    if constexpr (is_tile_data_v<TileData> && is_tile_data_v<MaskTile> && is_tile_data_v<TmpTile>) {
        constexpr bool a2a3 = ptosim::kArch == ptosim::Arch::A2A3;
        PTOSIM_STATIC_CHECK((detail::type_on_profile<isa::Op::TSEL, typename TileData::DType>()), "TSEL",
                            PTOSIM_TYPE_RULE("TSEL", "element type"));
        PTOSIM_STATIC_CHECK(detail::type_in<typename MaskTile::DType>(isa::kMaskWords), "TSEL",
                            "selMask dtype must be uint8_t or uint32_t");
        PTOSIM_STATIC_CHECK(!a2a3 || (std::is_same_v<typename TmpTile::DType, uint32_t>), "TSEL",
                            "on the A2A3 profile tmp must be a uint32_t tile");
        PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Vec && MaskTile::Loc == TileType::Vec, "TSEL",
                            "dst, selMask, src0 and src1 must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileData>() && detail::is_plain_row_major<MaskTile>(),
                            "TSEL", "dst, selMask, src0 and src1 must be row-major");
        PTOSIM_STATIC_CHECK(detail::static_at_least(MaskTile::ValidRow, TileData::ValidRow), "TSEL",
                            "selMask must have a valid row per dst row");
    }
    (void)tmp;
    PTOSIM_TSYNC(events...);
    ptosim::ops::tsel(dst.view(), selMask.view(), src0.view(), src1.view());
    return {};
}

}  // namespace pto
