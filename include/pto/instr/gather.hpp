// TGATHER (docs/isa/TGATHER.md) and TSCATTER (docs/isa/TSCATTER.md): the pattern forms (along rows and down
// columns) and the index forms.
#pragma once

#include <string>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/ops/gather.hpp"

namespace pto {

namespace detail {

// Element sizes the profile's kernels move: A2A3 2 and 4 bytes, the others also 1 and 8.
template <typename T>
constexpr bool gather_element_size() {
    constexpr std::size_t s = sizeof(T);
    if constexpr (ptosim::kArch == ptosim::Arch::A2A3)
        return s == 2 || s == 4;
    else
        return s == 1 || s == 2 || s == 4 || s == 8;
}

template <typename T>
constexpr bool gather_index_type() {
    constexpr bool b32 = std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;
    constexpr bool b16 = std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>;
    // A5 and KIRIN9030 also take 16-bit indices; A2A3 and pto-isa's CPU simulation 32-bit ones only.
    if constexpr (ptosim::kArch == ptosim::Arch::A5 || ptosim::kArch == ptosim::Arch::KIRIN9030)
        return b32 || b16;
    else
        return b32;
}

// TSCATTER's index type for an element of `data_size` bytes on the devices (npu/a5, npu/a2a3 TScatter.hpp):
// 32-bit indices for 4- and 8-byte data, 16-bit ones for 1- and 2-byte data; the CPU profile takes 16- or
// 32-bit indices for any data.
template <typename I>
constexpr bool scatter_index_type(std::size_t data_size) {
    constexpr bool b32 = std::is_same_v<I, int32_t> || std::is_same_v<I, uint32_t>;
    constexpr bool b16 = std::is_same_v<I, int16_t> || std::is_same_v<I, uint16_t>;
    if (ptosim::kArch == ptosim::Arch::CPU)
        return b32 || b16;
    return data_size >= 4 ? b32 : b16;
}

template <typename DstTileData, typename SrcTileData>
constexpr void scatter_tile_checks() {
    PTOSIM_STATIC_CHECK(DstTileData::Loc == TileType::Vec && SrcTileData::Loc == TileType::Vec, "TSCATTER",
                        "dst and src must be TileType::Vec tiles");
    PTOSIM_STATIC_CHECK(is_plain_row_major<DstTileData>() && is_plain_row_major<SrcTileData>(), "TSCATTER",
                        "dst and src must be row-major");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename DstTileData::DType, typename SrcTileData::DType>),
                        "TSCATTER", "dst and src must have the same element type");
    PTOSIM_STATIC_CHECK(
        gather_element_size<typename DstTileData::DType>(), "TSCATTER",
        "element size not supported on the compiled architecture profile (A2A3: 2 or 4 bytes; "
        "A5: 1, 2, 4 or 8)");
}

}  // namespace detail

// Pattern gather. GATHER_ROW: the kept columns of every valid row of src, one stream through dst's storage;
// GATHER_COL: the kept rows of src's valid region, one dst row each.
template <typename DstTileData, typename SrcTileData, MaskPattern maskPattern = MaskPattern::P1111,
          auto gatherType = GatherAxis::GATHER_ROW, typename... WaitEvents>
PTO_INST RecordEvent TGATHER(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    using D = typename DstTileData::DType;
    using S = typename SrcTileData::DType;
    PTOSIM_STATIC_CHECK(is_tile_data_v<DstTileData> && is_tile_data_v<SrcTileData>, "TGATHER",
                        "dst and src must be Tiles");
    PTOSIM_STATIC_CHECK(DstTileData::Loc == TileType::Vec && SrcTileData::Loc == TileType::Vec, "TGATHER",
                        "dst and src must be TileType::Vec tiles");
    PTOSIM_STATIC_CHECK(
        detail::is_plain_row_major<DstTileData>() && detail::is_plain_row_major<SrcTileData>(), "TGATHER",
        "dst and src must be row-major");
    PTOSIM_STATIC_CHECK(sizeof(D) == sizeof(S), "TGATHER", "dst and src must have the same element size");
    PTOSIM_STATIC_CHECK(
        detail::gather_element_size<S>(), "TGATHER",
        "element size not supported on the compiled architecture profile (A2A3: 2 or 4 bytes; "
        "A5: 1, 2, 4 or 8)");
    PTOSIM_STATIC_CHECK(static_cast<int>(maskPattern) >= 1 && static_cast<int>(maskPattern) <= 7, "TGATHER",
                        "maskPattern must be one of P0101, P1010, P0001, P0010, P0100, P1000, P1111");
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(gatherType), GatherAxis>), "TGATHER",
                        "gatherType must be a GatherAxis");
    ptosim::GatherPattern pattern;
    ptosim::GatherPattern::from_mask_pattern(static_cast<int>(maskPattern), &pattern);
    PTOSIM_TSYNC(events...);
    ptosim::ops::tgather(dst.view(), src.view(), pattern, gatherType == GatherAxis::GATHER_COL);
    return {};
}

// Index gather: dst(i, j) = src0's element number src1(i, j) (row-major over src0's storage). tmp is the
// scratch tile of A2A3's kernel (same element type as the indices, src1's valid shape); A5 ignores it.
template <typename TileDataD, typename TileDataS0, typename TileDataS1, typename TileDataTmp,
          typename... WaitEvents>
PTO_INST RecordEvent TGATHER(TileDataD& dst, TileDataS0& src0, TileDataS1& src1, TileDataTmp& tmp,
                             WaitEvents&... events) {
    using D = typename TileDataD::DType;
    using I = typename TileDataS1::DType;
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataD> && is_tile_data_v<TileDataS0> &&
                            is_tile_data_v<TileDataS1> && is_tile_data_v<TileDataTmp>,
                        "TGATHER", "dst, src0, src1 and tmp must be Tiles");
    PTOSIM_STATIC_CHECK((std::is_same_v<D, typename TileDataS0::DType>), "TGATHER",
                        "dst and src0 must have the same element type");
    PTOSIM_STATIC_CHECK(
        detail::gather_element_size<D>(), "TGATHER",
        "element size not supported on the compiled architecture profile (A2A3: 2 or 4 bytes; "
        "A5: 1, 2, 4 or 8)");
    PTOSIM_STATIC_CHECK(detail::gather_index_type<I>(), "TGATHER",
                        "index type not supported on the compiled architecture profile (int32_t or uint32_t; "
                        "A5 also int16_t or uint16_t)");
    PTOSIM_STATIC_CHECK(sizeof(D) != 8 || sizeof(I) == 4, "TGATHER", "8-byte elements need 32-bit indices");
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataTmp>(ptosim::kArch != ptosim::Arch::A2A3 ||
                                                            std::is_same_v<typename TileDataTmp::DType, I>),
                        "TGATHER", "tmp must have the indices' element type on A2A3");
    PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileDataD>() && detail::is_plain_row_major<TileDataS0>() &&
                            detail::is_plain_row_major<TileDataS1>(),
                        "TGATHER", "dst, src0 and src1 must be row-major");
    if constexpr (ptosim::kArch == ptosim::Arch::A2A3) {
        PTOSIM_CHECK(
            src1.GetValidRow() == TileDataTmp::Rows && src1.GetValidCol() == TileDataTmp::Cols, "TGATHER",
            "on A2A3 tmp's shape must be src1's valid shape",
            {"src1_valid", std::to_string(src1.GetValidRow()) + "x" + std::to_string(src1.GetValidCol())},
            {"tmp", std::to_string(TileDataTmp::Rows) + "x" + std::to_string(TileDataTmp::Cols)});
    }
    (void)tmp;
    PTOSIM_TSYNC(events...);
    ptosim::ops::tgather(dst.view(), src0.view(), src1.view());
    return {};
}

// Compare gather (A5): for each valid row i of src0, dst row i = the indices of the elements that are greater
// than (GT) or equal to (EQ) the i-th threshold of k_value, numbered from `offset` on and carried from row to
// row; element i of cdst = their count. tmp is the scratch tile of A2A3's kernel; A5 ignores it.
template <typename TileDataD, typename TileDataS, typename TileDataS1, typename TileDataC,
          typename TileDataTmp, CmpMode cmpMode, typename... WaitEvents>
PTO_INST RecordEvent TGATHER(TileDataD& dst, TileDataS& src0, TileDataS1& k_value, TileDataC& cdst,
                             TileDataTmp& tmp, int offset, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataD> && is_tile_data_v<TileDataS> &&
                            is_tile_data_v<TileDataS1> && is_tile_data_v<TileDataC> &&
                            is_tile_data_v<TileDataTmp>,
                        "TGATHER", "dst, src0, k_value, cdst and tmp must be Tiles");
    // The A5 device code is the one implemented; A2A3's kernel (another type list, tmp as scratch) and
    // KIRIN9030's (empty) are not.
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataD>(ptosim::kArch == ptosim::Arch::A5 ||
                                                          ptosim::kArch == ptosim::Arch::CPU),
                        "TGATHER", "the compare form is " PTOSIM_AVAILABLE_RULE);
    using D = typename TileDataD::DType;
    using S = typename TileDataS::DType;
    PTOSIM_STATIC_CHECK((std::is_same_v<D, int32_t> || std::is_same_v<D, uint32_t>), "TGATHER",
                        "the compare form's dst element type must be int32_t or uint32_t");
    PTOSIM_STATIC_CHECK(detail::type_in<S>(ptosim::isa::kInt8To32 | ptosim::isa::kF16F32), "TGATHER",
                        "the compare form's src0 element type must be int8_t, uint8_t, int16_t, uint16_t, "
                        "int32_t, uint32_t, half or float");
    PTOSIM_STATIC_CHECK(cmpMode == CmpMode::GT || cmpMode == CmpMode::EQ, "TGATHER",
                        "cmpMode must be CmpMode::GT or CmpMode::EQ");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataS1::DType, uint16_t> ||
                         std::is_same_v<typename TileDataS1::DType, uint32_t>),
                        "TGATHER", "k_value's element type must be uint16_t or uint32_t");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataC::DType, int32_t> ||
                         std::is_same_v<typename TileDataC::DType, uint32_t>),
                        "TGATHER", "cdst's element type must be int32_t or uint32_t");
    PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileDataD>() && detail::is_plain_row_major<TileDataS>(),
                        "TGATHER", "dst and src0 must be row-major");
    (void)tmp;
    PTOSIM_TSYNC(events...);
    ptosim::ops::tgather_cmp(dst.view(), src0.view(), k_value.view(), cdst.view(),
                             static_cast<uint32_t>(offset), static_cast<ptosim::CmpMode>(cmpMode));
    return {};
}

// Pattern scatter, the inverse of the pattern gather: SCATTER_ROW places src row r's elements at the kept
// columns of dst row r; SCATTER_COL places src's rows at dst's kept rows; the rest of dst's tile becomes 0.
template <MaskPattern maskPattern = MaskPattern::P1111, auto ScatterType = ScatterAxis::SCATTER_ROW,
          typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TSCATTER(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<DstTileData> && is_tile_data_v<SrcTileData>, "TSCATTER",
                        "dst and src must be Tiles");
    detail::scatter_tile_checks<DstTileData, SrcTileData>();
    PTOSIM_STATIC_CHECK(static_cast<int>(maskPattern) >= 1 && static_cast<int>(maskPattern) <= 7, "TSCATTER",
                        "maskPattern must be one of P0101, P1010, P0001, P0010, P0100, P1000, P1111");
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(ScatterType), ScatterAxis>), "TSCATTER",
                        "ScatterType must be a ScatterAxis");
    ptosim::GatherPattern pattern;
    ptosim::GatherPattern::from_mask_pattern(static_cast<int>(maskPattern), &pattern);
    PTOSIM_TSYNC(events...);
    ptosim::ops::tscatter(dst.view(), src.view(), pattern, ScatterType == ScatterAxis::SCATTER_COL);
    return {};
}

// Index scatter: dst's tile becomes 0, then dst's element number indexes(i, j) (row-major over its storage)
// = src(i, j) for the indices' valid region; of two writes to one element the later (row-major) wins.
template <typename TileDataD, typename TileDataS, typename TileDataI, typename... WaitEvents>
PTO_INST RecordEvent TSCATTER(TileDataD& dst, TileDataS& src, TileDataI& indexes, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataD> && is_tile_data_v<TileDataS> && is_tile_data_v<TileDataI>,
                        "TSCATTER", "dst, src and indexes must be Tiles");
    detail::scatter_tile_checks<TileDataD, TileDataS>();
    PTOSIM_STATIC_CHECK(TileDataI::Loc == TileType::Vec && detail::is_plain_row_major<TileDataI>(),
                        "TSCATTER", "indexes must be a row-major TileType::Vec tile");
    PTOSIM_STATIC_CHECK(
        detail::scatter_index_type<typename TileDataI::DType>(sizeof(typename TileDataD::DType)), "TSCATTER",
        "index type not supported for this element size on the compiled architecture profile (4- and 8-byte "
        "data: int32_t or uint32_t; 1- and 2-byte data: int16_t or uint16_t)");
    PTOSIM_TSYNC(events...);
    ptosim::ops::tscatter(dst.view(), src.view(), indexes.view());
    return {};
}

// Block gather: block b (32 bytes) of dst row r = the 32 bytes at byte offset offset(r, b) of src's storage.
template <typename TileDataDst, typename TileDataSrc, typename TileDataOffset, typename... WaitEvents>
PTO_INST RecordEvent TGATHERB(TileDataDst& dst, TileDataSrc& src, TileDataOffset& offset,
                              WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(
        is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc> && is_tile_data_v<TileDataOffset>,
        "TGATHERB", "dst, src and offset must be Tiles");
    using D = typename TileDataDst::DType;
    PTOSIM_STATIC_CHECK(
        detail::is_plain_row_major<TileDataDst>() && detail::is_plain_row_major<TileDataOffset>(), "TGATHERB",
        "dst and offset must be row-major");
    PTOSIM_STATIC_CHECK(detail::type_in<D>(ptosim::isa::kInt8To32 | ptosim::isa::kFloats), "TGATHERB",
                        "dst's element type must be an 8-, 16- or 32-bit integer, half, bfloat16_t or float");
    PTOSIM_STATIC_CHECK(detail::type_in<typename TileDataOffset::DType>(ptosim::isa::kI32), "TGATHERB",
                        "offset must hold uint32_t (or int32_t) byte offsets");
    PTOSIM_TSYNC(events...);
    ptosim::ops::tgatherb(dst.view(), src.view(), offset.view());
    return {};
}

}  // namespace pto
