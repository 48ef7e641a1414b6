// TCI (docs/isa/TCI.md) and TTRI (docs/isa/TTRI.md): tiles generated from their positions.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/ops/generate.hpp"

namespace pto {

namespace detail {

template <typename TileData, typename T, int descending>
void tci_checks() {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TCI", "dst must be a Tile");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename TileData::DType, T>), "TCI",
                        "the start value's type must be dst's element type");
    PTOSIM_STATIC_CHECK(type_in<typename TileData::DType>(ptosim::generate::tci_types(ptosim::kArch)), "TCI",
                        PTOSIM_TYPE_RULE("TCI", "element type"));
    PTOSIM_STATIC_CHECK(TileData::Rows == 1, "TCI", "dst must have one row (the sequence runs along it)");
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Vec, "TCI", "dst must be a TileType::Vec tile");
    PTOSIM_STATIC_CHECK(is_plain_row_major<TileData>(), "TCI", "dst must be row-major");
}

}  // namespace detail

template <typename TileData, typename T, int descending, typename... WaitEvents>
PTO_INST RecordEvent TCI(TileData& dst, T start, WaitEvents&... events) {
    detail::tci_checks<TileData, T, descending>();
    PTOSIM_TSYNC(events...);
    ptosim::ops::tci(dst.view(), ptosim::scalar_bits(start), descending != 0);
    return {};
}

// The scratch tile of A2A3's vector path (at least 768 bytes for 32-bit, 1792 for 16-bit elements, of a
// 4-byte element type); A5 takes and ignores it. Its contents are not part of the result.
template <typename TileData, typename TileDataTmp, typename T, int descending, typename... WaitEvents>
PTO_INST RecordEvent TCI(TileData& dst, T start, TileDataTmp& tmp, WaitEvents&... events) {
    detail::tci_checks<TileData, T, descending>();
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, "TCI", "tmp must be a Tile");
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataTmp>(ptosim::kArch != ptosim::Arch::A2A3 ||
                                                            sizeof(typename TileDataTmp::DType) == 4),
                        "TCI", "tmp must have a 4-byte element type (float, int32_t, uint32_t) on A2A3");
    if constexpr (ptosim::kArch == ptosim::Arch::A2A3) {
        const std::size_t need = sizeof(T) == 4 ? 768 : 1792;
        PTOSIM_CHECK(tmp.view().capacity >= need, "TCI", "tmp is smaller than A2A3's vector path needs",
                     {"tmp_bytes", tmp.view().capacity}, {"needed", need});
    }
    PTOSIM_TSYNC(events...);
    ptosim::ops::tci(dst.view(), ptosim::scalar_bits(start), descending != 0);
    return {};
}

template <typename TileData, int isUpperOrLower, typename... WaitEvents>
PTO_INST RecordEvent TTRI(TileData& dst, int diagonal, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TTRI", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(
        detail::type_in<typename TileData::DType>(ptosim::generate::ttri_types(ptosim::kArch)), "TTRI",
        PTOSIM_TYPE_RULE("TTRI", "element type"));
    // A2A3 asserts 0 or 1 (a2a3/TTri.hpp); A5 takes any non-zero value as upper (a5/TTri.hpp, TTRI_IMPL).
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileData>(ptosim::kArch != ptosim::Arch::A2A3 ||
                                                         isUpperOrLower == 0 || isUpperOrLower == 1),
                        "TTRI", "isUpperOrLower must be 0 (lower) or 1 (upper) on A2A3");
    PTOSIM_STATIC_CHECK(TileData::Loc == TileType::Vec, "TTRI", "dst must be a TileType::Vec tile");
    PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileData>(), "TTRI", "dst must be row-major");
    PTOSIM_TSYNC(events...);
    ptosim::ops::ttri(dst.view(), diagonal, isUpperOrLower != 0);
    return {};
}

}  // namespace pto
