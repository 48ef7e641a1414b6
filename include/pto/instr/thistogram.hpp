// THISTOGRAM: per source row, the cumulative counts of one byte of the elements that pass the cascaded
// high-byte filter (docs/isa/THISTOGRAM.md).
#pragma once

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/histogram.hpp"

namespace pto {

static_assert(static_cast<int>(HistByte::BYTE_3) == static_cast<int>(ptosim::HistByte::Byte3));

template <HistByte byte, typename TileDataDst, typename TileDataSrc, typename TileDataIdx,
          typename... WaitEvents>
PTO_INST RecordEvent THISTOGRAM(TileDataDst& dst, TileDataSrc& src, TileDataIdx& idx, WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK((detail::available_on_profile<isa::Op::THISTOGRAM, TileDataDst>()), "THISTOGRAM",
                        PTOSIM_AVAILABLE_RULE);
    PTOSIM_STATIC_CHECK(
        is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc> && is_tile_data_v<TileDataIdx>,
        "THISTOGRAM", "dst, src and idx must be Tiles");
    if constexpr (is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc> && is_tile_data_v<TileDataIdx>) {
        constexpr ptosim::DType src_t = ptosim::dtype_of<typename TileDataSrc::DType>;
        constexpr int k = static_cast<int>(byte);
        PTOSIM_STATIC_CHECK((detail::type_on_profile<isa::Op::THISTOGRAM, typename TileDataSrc::DType>()),
                            "THISTOGRAM", PTOSIM_TYPE_RULE("THISTOGRAM", "source element type"));
        PTOSIM_STATIC_CHECK((detail::dst_type_on_profile<isa::Op::THISTOGRAM, typename TileDataDst::DType>()),
                            "THISTOGRAM", PTOSIM_TYPE_RULE("THISTOGRAM", "dst element type"));
        PTOSIM_STATIC_CHECK(detail::type_in<typename TileDataIdx::DType>(isa::kHistogramFilter), "THISTOGRAM",
                            "idx dtype must be uint8_t");
        PTOSIM_STATIC_CHECK(src_t != ptosim::DType::U16 || k <= 1, "THISTOGRAM",
                            "a uint16_t source has only BYTE_0 and BYTE_1");
        PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc::Loc == TileType::Vec &&
                                TileDataIdx::Loc == TileType::Vec,
                            "THISTOGRAM", "dst, src and idx must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileDataSrc>(), "THISTOGRAM", "src must be row-major");
        PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileDataDst>(), "THISTOGRAM", "dst must be row-major");
        PTOSIM_STATIC_CHECK(TileDataDst::Cols >= 256, "THISTOGRAM",
                            "dst must have at least 256 columns (one count per byte value)");
        PTOSIM_STATIC_CHECK(detail::static_at_least(TileDataDst::ValidCol, 256), "THISTOGRAM",
                            "dst valid columns must be >= 256");
        PTOSIM_STATIC_CHECK(detail::static_at_least(TileDataDst::ValidRow, TileDataSrc::ValidRow),
                            "THISTOGRAM", "dst valid rows must be >= src valid rows");
        constexpr bool u16_filter = src_t == ptosim::DType::U16 && k == 0;
        constexpr bool u32_filter = src_t == ptosim::DType::U32 && k < 3;
        PTOSIM_STATIC_CHECK(
            !u16_filter ||
                (!TileDataIdx::isRowMajor && !TileDataIdx::isBoxedLayout && TileDataIdx::Cols == 1),
            "THISTOGRAM",
            "for a uint16_t source with BYTE_0, idx must be a column-major (DN) tile with one "
            "column (filter byte idx[r, 0] per row)");
        PTOSIM_STATIC_CHECK(
            !u16_filter || detail::static_at_least(TileDataIdx::ValidRow, TileDataSrc::ValidRow),
            "THISTOGRAM", "idx must have a valid row per source row");
        PTOSIM_STATIC_CHECK(!u32_filter || detail::is_plain_row_major<TileDataIdx>(), "THISTOGRAM",
                            "for a uint32_t source, idx must be row-major (filter bytes idx[0 .. 2-k, 0])");
        PTOSIM_STATIC_CHECK(
            !u32_filter ||
                (TileDataIdx::Rows >= 3 - k && detail::static_at_least(TileDataIdx::ValidRow, 3 - k)),
            "THISTOGRAM", "for a uint32_t source with BYTE_k, idx must have 3 - k valid rows");
    }
    PTOSIM_TSYNC(events...);
    ptosim::ops::thistogram(dst.view(), src.view(), idx.view(), static_cast<ptosim::HistByte>(byte));
    return {};
}

}  // namespace pto
