// TRESHAPE and TSUBVIEW (views of another tile's storage, docs/isa/TRESHAPE.md), TFILLPAD and its in-place
// and expanding forms (docs/isa/TFILLPAD.md), TCONCAT (docs/isa/TCONCAT.md) and TTRANS (docs/isa/TTRANS.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "pto/common/constants.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/ops/rearrange.hpp"

namespace pto {

namespace detail {

template <typename T>
constexpr bool one_two_or_four_bytes() {
    return !ptosim::dtype_is_twin(ptosim::dtype_of<T>) &&
           (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4);
}

// dst becomes a view of src's storage from element `offset` on (TRESHAPE, TSUBVIEW).
template <typename Dst, typename Src>
void alias_tile(const char* instr, Dst& dst, Src& src, std::size_t offset) {
    const ptosim::TileView from = src.view();
    const std::size_t bytes = ptosim::dtype_bytes(from.dtype, offset);
    ptosim::TileView to = dst.view();
    to.data = from.data + bytes;
    const std::size_t left = ptosim::ops::alias_view(instr, to, from, bytes);
    dst.AssignAddress(reinterpret_cast<typename Dst::DType*>(to.data), left);
}

template <typename Dst>
constexpr bool pad_is_value() {
    return std::is_same_v<std::remove_cv_t<decltype(Dst::PadVal)>, PadValue>;
}

// The bit pattern of Dst's pad value for its element type.
template <typename Dst>
uint64_t fill_pad_bits() {
    constexpr PadValue pv = Dst::PadVal;
    if constexpr (isCustomPadValue(pv)) {
        return getCustomPadBits(pv);
    } else {
        return ptosim::ops::pad_bits(ptosim::dtype_of<typename Dst::DType>,
                                     static_cast<ptosim::Pad>(static_cast<uint8_t>(pv)));
    }
}

template <TFillPadMode mode, typename Dst, typename Src>
void tfillpad_vec(Dst& dst, Src& src) {
    constexpr const char* kInstr = mode == TFillPadMode::InPlace  ? "TFILLPAD_INPLACE"
                                   : mode == TFillPadMode::Expand ? "TFILLPAD_EXPAND"
                                                                  : "TFILLPAD";
    PTOSIM_STATIC_CHECK(pad_is_value<Dst>(), "TFILLPAD", "dst's PadVal must be a PadValue");
    PTOSIM_STATIC_CHECK(Dst::PadVal != PadValue::Null, "TFILLPAD", "dst's pad value must not be Null");
    PTOSIM_STATIC_CHECK(sizeof(typename Dst::DType) == sizeof(typename Src::DType), "TFILLPAD",
                        "src and dst element types must have the same size");
    PTOSIM_STATIC_CHECK(one_two_or_four_bytes<typename Dst::DType>(), "TFILLPAD",
                        "the element type must be 1, 2 or 4 bytes wide");
    if constexpr (mode == TFillPadMode::Expand) {
        PTOSIM_STATIC_CHECK(Dst::Rows >= Src::Rows && Dst::Cols >= Src::Cols, "TFILLPAD",
                            "TFILLPAD_EXPAND: dst's Rows and Cols must be at least src's");
    } else {
        PTOSIM_STATIC_CHECK(Dst::Rows == Src::Rows && Dst::Cols == Src::Cols, "TFILLPAD",
                            "dst and src must have the same Rows and Cols");
    }
    const auto dst_rows = static_cast<int32_t>(dst.GetValidRow());
    if (dst_rows == 0 || dst.GetValidCol() == 0)
        return;
    ptosim::FillPadSpec s;
    s.keep_rows = static_cast<int32_t>(src.GetValidRow());
    s.keep_cols = static_cast<int32_t>(src.GetValidCol());
    s.fill_rows = std::max(dst_rows, s.keep_rows);
    s.fill_cols = Dst::Cols;
    s.copy = mode != TFillPadMode::InPlace;
    s.pad = fill_pad_bits<Dst>();
    ptosim::ops::tfillpad(kInstr, dst.view(), src.view(), s);
}

// The cube buffer's form: pads an NZ tile around its valid region (columns rounded up to whole 32-byte
// blocks: 64 elements of a 4-bit type, as pto-isa's A5 code counts them) with zeros.
template <typename TileData>
void tfillpad_mat(TileData& dst, TileData& src) {
    using T = typename TileData::DType;
    constexpr bool kTwin = ptosim::dtype_is_twin(ptosim::dtype_of<T>);
    PTOSIM_STATIC_CHECK(!TileData::isRowMajor && TileData::SFractal == SLayout::RowMajor, "TFILLPAD",
                        "a Mat tile must have the NZ layout");
    PTOSIM_STATIC_CHECK(pad_is_value<TileData>(), "TFILLPAD", "the tile's PadVal must be a PadValue");
    PTOSIM_STATIC_CHECK(TileData::PadVal == PadValue::Zero || TileData::PadVal == PadValue::Null, "TFILLPAD",
                        "a Mat tile's pad value must be Zero or Null");
    PTOSIM_STATIC_CHECK(one_two_or_four_bytes<T>() || kTwin, "TFILLPAD",
                        "a Mat tile's element type must be 4-bit (two a byte), 1, 2 or 4 bytes wide");
    constexpr int32_t kC0 = (kTwin ? 64 : 32) / static_cast<int32_t>(sizeof(T));
    const auto rows = static_cast<int32_t>(dst.GetValidRow());
    // (a 4-bit tile's boxes are 32 elements wide, so its Cols need not be a multiple of 64)
    const auto cols =
        std::min((static_cast<int32_t>(dst.GetValidCol()) + kC0 - 1) / kC0 * kC0, TileData::Cols);
    ptosim::FillPadSpec s;
    s.keep_rows = rows;
    s.keep_cols = cols;
    if constexpr (TileData::Compact == CompactMode::RowAlignedPadding) {
        s.fill_rows = std::min((rows + 15) / 16 * 16, TileData::Rows);
        s.fill_cols = cols;
    } else {
        s.fill_rows = TileData::Rows;
        s.fill_cols = TileData::Cols;
    }
    s.copy = false;
    ptosim::ops::tfillpad("TFILLPAD", dst.view(), src.view(), s);
}

template <typename Dst, typename Src0, typename Src1>
constexpr void tconcat_static_checks() {
    using T = typename Dst::DType;
    PTOSIM_STATIC_CHECK((std::is_same_v<T, typename Src0::DType> && std::is_same_v<T, typename Src1::DType>),
                        "TCONCAT", "dst, src0 and src1 must have the same element type");
    PTOSIM_STATIC_CHECK(
        (std::is_same_v<T, int32_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, int8_t> ||
         std::is_same_v<T, uint32_t> || std::is_same_v<T, uint16_t> || std::is_same_v<T, uint8_t> ||
         std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, bfloat16_t>),
        "TCONCAT", "the element type must be int8_t..uint32_t, half, bfloat16_t or float");
    PTOSIM_STATIC_CHECK(Dst::Loc == TileType::Vec && Src0::Loc == TileType::Vec && Src1::Loc == TileType::Vec,
                        "TCONCAT", "dst, src0 and src1 must be Vec tiles");
    PTOSIM_STATIC_CHECK(Dst::isRowMajor && Src0::isRowMajor && Src1::isRowMajor, "TCONCAT",
                        "dst, src0 and src1 must be row-major");
}

template <typename I>
constexpr bool concat_index_type() {
    return std::is_same_v<I, int32_t> || std::is_same_v<I, int16_t> || std::is_same_v<I, int8_t> ||
           std::is_same_v<I, uint32_t> || std::is_same_v<I, uint16_t> || std::is_same_v<I, uint8_t>;
}

template <typename Dst, typename Src0, typename Src1, typename Idx0, typename Idx1>
constexpr void tconcat_idx_static_checks() {
    tconcat_static_checks<Dst, Src0, Src1>();
    PTOSIM_STATIC_CHECK((std::is_same_v<typename Idx0::DType, typename Idx1::DType>), "TCONCAT",
                        "src0Idx and src1Idx must have the same element type");
    PTOSIM_STATIC_CHECK(concat_index_type<typename Idx0::DType>(), "TCONCAT",
                        "the index type must be int8_t..uint32_t");
    PTOSIM_STATIC_CHECK(Idx0::Loc == TileType::Vec && Idx1::Loc == TileType::Vec, "TCONCAT",
                        "the index tiles must be Vec tiles");
}

}  // namespace detail

// ---- TRESHAPE, TSUBVIEW
// -------------------------------------------------------------------------------------

template <typename TileDataOut, typename TileDataIn, typename... WaitEvents>
PTO_INST RecordEvent TRESHAPE(TileDataOut& dst, TileDataIn& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((is_tile_data_v<TileDataOut> && is_tile_data_v<TileDataIn>), "TRESHAPE",
                        "dst and src must be Tiles");
    PTOSIM_STATIC_CHECK(TileDataOut::Loc == TileDataIn::Loc, "TRESHAPE",
                        "dst and src must have the same TileType");
    PTOSIM_STATIC_CHECK(TileDataOut::GetSizeInBytes() == TileDataIn::GetSizeInBytes(), "TRESHAPE",
                        "dst and src must have the same size in bytes");
    PTOSIM_STATIC_CHECK(TileDataOut::isBoxedLayout == TileDataIn::isBoxedLayout, "TRESHAPE",
                        "cannot reshape between boxed and non-boxed layouts");
    PTOSIM_TSYNC(events...);
    detail::alias_tile("TRESHAPE", dst, src, 0);
    return {};
}

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TSUBVIEW(TileDataDst& dst, TileDataSrc& src, uint16_t rowIdx, uint16_t colIdx,
                              WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>), "TSUBVIEW",
                        "dst and src must be Tiles");
    PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileDataSrc::Loc, "TSUBVIEW",
                        "dst and src must have the same TileType");
    PTOSIM_STATIC_CHECK(sizeof(typename TileDataDst::DType) == sizeof(typename TileDataSrc::DType) &&
                            TileDataDst::kTwin == TileDataSrc::kTwin,
                        "TSUBVIEW", "dst and src elements must have the same size");
    PTOSIM_TSYNC(events...);
    PTOSIM_CHECK(rowIdx + dst.GetValidRow() <= static_cast<unsigned>(TileDataSrc::Rows) &&
                     colIdx + dst.GetValidCol() <= static_cast<unsigned>(TileDataSrc::Cols),
                 "TSUBVIEW", "dst's valid region at (rowIdx, colIdx) must lie inside src's shape",
                 {"rowIdx", rowIdx}, {"colIdx", colIdx}, {"dst.validRow", dst.GetValidRow()},
                 {"dst.validCol", dst.GetValidCol()}, {"src.Rows", TileDataSrc::Rows},
                 {"src.Cols", TileDataSrc::Cols});
    const std::size_t offset = static_cast<std::size_t>(rowIdx) * TileDataSrc::RowStride +
                               static_cast<std::size_t>(colIdx) * TileDataSrc::ColStride;
    PTOSIM_CHECK(!TileDataSrc::kTwin || offset % 2 == 0, "TSUBVIEW",
                 "a view of a 4-bit tile must start on a whole byte", {"offset", offset});
    detail::alias_tile("TSUBVIEW", dst, src, offset);
    return {};
}

// ---- TFILLPAD
// -----------------------------------------------------------------------------------------------

template <typename TileData, PadValue PadVal = PadValue::Zero,
          std::enable_if_t<(TileData::Loc == TileType::Mat), int> = 0, typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD(TileData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tfillpad_mat(dst, src);
    return {};
}

template <
    TFillPadMode mode = TFillPadMode::Normal, typename DstTileData, typename SrcTileData,
    std::enable_if_t<(DstTileData::Loc == TileType::Vec) && (SrcTileData::Loc == TileType::Vec), int> = 0,
    typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(
        mode == TFillPadMode::Normal || mode == TFillPadMode::InPlace || mode == TFillPadMode::Expand,
        "TFILLPAD", "invalid mode");
    PTOSIM_TSYNC(events...);
    detail::tfillpad_vec<mode>(dst, src);
    return {};
}

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD_INPLACE(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    return TFILLPAD<TFillPadMode::InPlace>(dst, src, events...);
}

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TFILLPAD_EXPAND(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    return TFILLPAD<TFillPadMode::Expand>(dst, src, events...);
}

// ---- TCONCAT
// ------------------------------------------------------------------------------------------------

// pto-isa's implementation entry points, which its tests call directly.
template <typename TileDst, typename TileSrc0, typename TileSrc1>
PTO_INST void TCONCAT_IMPL(TileDst& dst, TileSrc0& src0, TileSrc1& src1) {
    detail::tconcat_static_checks<TileDst, TileSrc0, TileSrc1>();
    ptosim::ops::tconcat(dst.view(), src0.view(), src1.view());
}
template <typename TileDst, typename TileSrc0, typename TileSrc1, typename TileSrc0Idx, typename TileSrc1Idx>
PTO_INST void TCONCAT_IMPL(TileDst& dst, TileSrc0& src0, TileSrc1& src1, TileSrc0Idx& src0Idx,
                           TileSrc1Idx& src1Idx) {
    detail::tconcat_idx_static_checks<TileDst, TileSrc0, TileSrc1, TileSrc0Idx, TileSrc1Idx>();
    ptosim::ops::tconcat(dst.view(), src0.view(), src1.view(),
                         ptosim::ConcatCounts{nullptr, src0Idx.view(), src1Idx.view()});
}
template <typename TileDst, typename TileSrc0, typename TileSrc1, typename TileDstIdx, typename TileSrc0Idx,
          typename TileSrc1Idx>
PTO_INST void TCONCAT_IMPL(TileDst& dst, TileSrc0& src0, TileSrc1& src1, TileDstIdx& dstIdx,
                           TileSrc0Idx& src0Idx, TileSrc1Idx& src1Idx) {
    detail::tconcat_idx_static_checks<TileDst, TileSrc0, TileSrc1, TileSrc0Idx, TileSrc1Idx>();
    PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDstIdx::DType, typename TileSrc0Idx::DType>), "TCONCAT",
                        "dstIdx and src0Idx must have the same element type");
    PTOSIM_STATIC_CHECK(TileDstIdx::Loc == TileType::Vec, "TCONCAT", "the index tiles must be Vec tiles");
    const ptosim::TileView out = dstIdx.view();
    ptosim::ops::tconcat(dst.view(), src0.view(), src1.view(),
                         ptosim::ConcatCounts{&out, src0Idx.view(), src1Idx.view()});
}

template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCONCAT(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,
                             WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TCONCAT_IMPL(dst, src0, src1);
    return {};
}
template <
    typename DstTile, typename Src0Tile, typename Src1Tile, typename Src0IdxTile, typename Src1IdxTile,
    typename... WaitEvents,
    std::enable_if_t<
        is_tile_data_v<Src0IdxTile> && is_tile_data_v<Src1IdxTile> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCONCAT(DstTile& dst, Src0Tile& src0, Src1Tile& src1, Src0IdxTile& src0Idx,
                             Src1IdxTile& src1Idx, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TCONCAT_IMPL(dst, src0, src1, src0Idx, src1Idx);
    return {};
}
template <typename DstTile, typename Src0Tile, typename Src1Tile, typename DstIdxTile, typename Src0IdxTile,
          typename Src1IdxTile, typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<Src1IdxTile> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCONCAT(DstTile& dst, Src0Tile& src0, Src1Tile& src1, DstIdxTile& dstIdx,
                             Src0IdxTile& src0Idx, Src1IdxTile& src1Idx, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    TCONCAT_IMPL(dst, src0, src1, dstIdx, src0Idx, src1Idx);
    return {};
}

// ---- TTRANS
// -------------------------------------------------------------------------------------------------

// tmp: the devices' scratch tile; the CPU model does not need it.
template <typename TileDataDst, typename TileDataSrc, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TTRANS(TileDataDst& dst, TileDataSrc& src, TileDataTmp& tmp, WaitEvents&... events) {
    (void)tmp;
    PTOSIM_STATIC_CHECK((is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>), "TTRANS",
                        "dst and src must be Tiles, or both ConvTiles (pto/instr/conv.hpp)");
    PTOSIM_STATIC_CHECK(sizeof(typename TileDataDst::DType) == sizeof(typename TileDataSrc::DType), "TTRANS",
                        "src and dst element types must have the same size");
    PTOSIM_STATIC_CHECK(detail::one_two_or_four_bytes<typename TileDataSrc::DType>(), "TTRANS",
                        "the element type must be 1, 2 or 4 bytes wide");
    PTOSIM_STATIC_CHECK(TileDataSrc::isRowMajor, "TTRANS", "src must be row-major");
    PTOSIM_TSYNC(events...);
    ptosim::ops::ttrans(dst.view(), src.view());
    return {};
}

}  // namespace pto
