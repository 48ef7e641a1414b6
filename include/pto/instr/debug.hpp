// TPRINT and TPREFETCH: the debugging print and the prefetch hint.
#pragma once

#include <cstdio>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "pto/instr/tload.hpp"
#include "ptosim/ops/prefetch.hpp"
#include "ptosim/ops/print.hpp"

namespace pto {

namespace detail {

constexpr const char* tile_type_name(TileType t) {
    switch (t) {
        case TileType::Vec:
            return "Vec";
        case TileType::Mat:
            return "Mat";
        case TileType::Left:
            return "Left";
        case TileType::Right:
            return "Right";
        case TileType::Acc:
            return "Acc";
        case TileType::Bias:
            return "Bias";
        default:
            return "Other";
    }
}

constexpr ptosim::ops::PrintStyle print_style(PrintFormat f) {
    return static_cast<ptosim::ops::PrintStyle>(static_cast<uint8_t>(f));
}

}  // namespace detail

// Prints a Vec tile (its whole physical shape, the valid region marked) or a GlobalTensor to stdout, in the
// device's format (docs/isa/TPRINT.md).
template <PrintFormat Format = PrintFormat::Width8_Precision4, typename T>
PTO_INST void TPRINT(T& src) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<T> || is_global_data_v<T>, "TPRINT",
                        "src must be a Tile or a GlobalTensor");
    if constexpr (is_tile_data_v<T>) {
        PTOSIM_STATIC_CHECK(T::Loc == TileType::Vec, "TPRINT",
                            "a Mat or Acc tile is printed through a GlobalTensor: TPRINT(tile, tmp)");
        ptosim::ops::print_tile_to_cout(src.view(), detail::print_style(Format), "Vec");
    } else {
        ptosim::ops::print_global_to_cout(detail::global_view(src), detail::print_style(Format));
    }
}

// Prints a Vec, Mat or Acc tile. As on the device, a Mat or Acc tile is first copied to `tmp` (its Rows x
// Cols elements, row-major); a Vec tile is printed directly and `tmp` is not written, so for a Vec tile `tmp`
// may also be a Tile (pto-isa's CPU simulation ignores it; kernels pass their scratch tile).
template <PrintFormat Format = PrintFormat::Width8_Precision4, typename TileData, typename GlobalData>
PTO_INST void TPRINT(TileData& src, GlobalData& tmp) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TPRINT", "the first operand must be a Tile");
    PTOSIM_STATIC_CHECK(
        is_global_data_v<GlobalData> || (is_tile_data_v<GlobalData> && TileData::Loc == TileType::Vec),
        "TPRINT", "the second operand must be a GlobalTensor (a Tile too when printing a Vec tile)");
    PTOSIM_STATIC_CHECK(
        TileData::Loc == TileType::Vec || TileData::Loc == TileType::Mat || TileData::Loc == TileType::Acc,
        "TPRINT", "the tile must be Vec, Mat or Acc");
    if constexpr (TileData::Loc != TileType::Vec) {
        PTOSIM_STATIC_CHECK(sizeof(typename TileData::DType) == sizeof(typename GlobalData::RawDType),
                            "TPRINT", "tile and tmp element sizes must match");
        ptosim::ops::print_copy(detail::global_view(tmp), src.view());
    }
    ptosim::ops::print_tile_to_cout(src.view(), detail::print_style(Format),
                                    detail::tile_type_name(TileData::Loc));
}

// pto-isa's implementation names, which some of its tests call directly.
template <PrintFormat Format = PrintFormat::Width8_Precision4, typename T>
inline void TPRINT_IMPL(T& src) {
    TPRINT<Format>(src);
}
template <PrintFormat Format = PrintFormat::Width8_Precision4, typename TileData, typename GlobalData>
inline void TPRINT_IMPL(TileData& src, GlobalData& tmp) {
    TPRINT<Format>(src, tmp);
}

// Prefetch hint: reads the global tensor and uses dst as scratch (its contents afterwards are the device's
// last packed chunk; do not rely on them). Unlike most instructions it does not wait on events.
template <typename TileData, typename GlobalData>
PTO_INST RecordEvent TPREFETCH(TileData& dst, GlobalData& src) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TPREFETCH", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_tile_data_v<GlobalData> || is_global_data_v<GlobalData>, "TPREFETCH",
                        "src must be a GlobalTensor (or, as pto-isa's CPU simulation allows, a Tile)");
    if constexpr (is_tile_data_v<GlobalData>)
        ptosim::ops::tprefetch(dst.view(), src.view());
    else
        ptosim::ops::tprefetch(dst.view(), detail::global_view(src));
    return {};
}

}  // namespace pto
