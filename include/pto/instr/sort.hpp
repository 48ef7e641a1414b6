// TSORT32 (docs/isa/TSORT32.md): sort each block of 32 elements into value-index pairs. TMRGSORT
// (docs/isa/TMRGSORT.md): merge sorted lists of value-index pairs, or the groups of four sorted blocks of one
// tile.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/ops/sort.hpp"

namespace pto {

// What a TMRGSORT with exhausted = true took from each list before one ran out (pto-isa's VMS4_SR fields).
struct MrgSortExecutedNumList {
    uint16_t mrgSortList0;
    uint16_t mrgSortList1;
    uint16_t mrgSortList2;
    uint16_t mrgSortList3;
};

// The tmp columns a multi-list TMRGSORT needs: every column of every list.
template <typename Src0TileData, typename Src1TileData>
constexpr uint32_t GETMRGSORTTMPSIZE() {
    return Src0TileData::Cols + Src1TileData::Cols;
}
template <typename Src0TileData, typename Src1TileData, typename Src2TileData>
constexpr uint32_t GETMRGSORTTMPSIZE() {
    return Src0TileData::Cols + Src1TileData::Cols + Src2TileData::Cols;
}
template <typename Src0TileData, typename Src1TileData, typename Src2TileData, typename Src3TileData>
constexpr uint32_t GETMRGSORTTMPSIZE() {
    return Src0TileData::Cols + Src1TileData::Cols + Src2TileData::Cols + Src3TileData::Cols;
}

namespace detail {

template <typename T>
constexpr bool sort_type() {
    return type_in<T>(ptosim::sort::types(ptosim::kArch));
}

template <typename Dst, typename Src, typename Idx>
constexpr void tsort32_checks() {
    PTOSIM_STATIC_CHECK(is_tile_data_v<Dst> && is_tile_data_v<Src> && is_tile_data_v<Idx>, "TSORT32",
                        "dst, src and idx must be Tiles");
    PTOSIM_STATIC_CHECK(sort_type<typename Src::DType>(), "TSORT32",
                        PTOSIM_TYPE_RULE("TSORT32", "element type"));
    PTOSIM_STATIC_CHECK((std::is_same_v<typename Dst::DType, typename Src::DType>), "TSORT32",
                        "dst must have src's element type");
    PTOSIM_STATIC_CHECK((std::is_same_v<typename Idx::DType, uint32_t>), "TSORT32", "idx must be uint32_t");
    PTOSIM_STATIC_CHECK(Dst::Loc == TileType::Vec && Src::Loc == TileType::Vec && Idx::Loc == TileType::Vec,
                        "TSORT32", "dst, src and idx must be TileType::Vec tiles");
    PTOSIM_STATIC_CHECK(is_plain_row_major<Dst>() && is_plain_row_major<Src>() && is_plain_row_major<Idx>(),
                        "TSORT32", "dst, src and idx must be row-major");
}

template <typename Dst, typename... Tiles>
constexpr void tmrgsort_checks() {
    PTOSIM_STATIC_CHECK(is_tile_data_v<Dst> && (is_tile_data_v<Tiles> && ...), "TMRGSORT",
                        "dst, tmp and the sources must be Tiles");
    PTOSIM_STATIC_CHECK(sort_type<typename Dst::DType>(), "TMRGSORT",
                        PTOSIM_TYPE_RULE("TMRGSORT", "element type"));
    PTOSIM_STATIC_CHECK((std::is_same_v<typename Tiles::DType, typename Dst::DType> && ...), "TMRGSORT",
                        "every tile must have dst's element type");
    PTOSIM_STATIC_CHECK(Dst::Loc == TileType::Vec && ((Tiles::Loc == TileType::Vec) && ...), "TMRGSORT",
                        "every tile must be a TileType::Vec tile");
    PTOSIM_STATIC_CHECK(is_plain_row_major<Dst>() && (is_plain_row_major<Tiles>() && ...), "TMRGSORT",
                        "every tile must be row-major");
    PTOSIM_STATIC_CHECK(Dst::Rows == 1 && ((Tiles::Rows == 1) && ...), "TMRGSORT",
                        "every tile must have one row");
}

// The scratch a device profile's tmp form needs when the last block is short (pto-isa's TSort32.hpp: the
// whole row rounded up to 32 elements while it fits one 8160-unit UB-to-UB copy, else one block; A2A3 counts
// the limit in elements, A5 in bytes). The CPU simulation does not use tmp.
template <typename T>
std::size_t tsort32_tmp_bytes(int32_t valid_cols) {
    constexpr std::size_t kCopyLimit = 32 * 255;
    const std::size_t cols = static_cast<std::size_t>(valid_cols);
    const std::size_t row = ptosim::kArch == ptosim::Arch::A2A3 ? cols : cols * sizeof(T);
    const std::size_t elems = row <= kCopyLimit ? (cols + 31) / 32 * 32 : 32;
    return elems * sizeof(T);
}

template <typename Dst, typename Tmp, typename... Srcs>
ptosim::sort::Executed tmrgsort_lists(Dst& dst, Tmp& tmp, bool exhausted, Srcs&... srcs) {
    const ptosim::TileView views[] = {srcs.view()...};
    return ptosim::ops::tmrgsort(dst.view(), tmp.view(), views, exhausted);
}

template <bool exhausted>
void record_executed(MrgSortExecutedNumList& out, const ptosim::sort::Executed& taken) {
    if constexpr (exhausted) {  // the device reads VMS4_SR only in this mode
        out.mrgSortList0 = taken[0];
        out.mrgSortList1 = taken[1];
        out.mrgSortList2 = taken[2];
        out.mrgSortList3 = taken[3];
    }
}

}  // namespace detail

// As pto-isa: TSORT32 does not take events (synchronise with TSYNC first).
template <typename DstTileData, typename SrcTileData, typename IdxTileData>
PTO_INST RecordEvent TSORT32(DstTileData& dst, SrcTileData& src, IdxTileData& idx) {
    detail::tsort32_checks<DstTileData, SrcTileData, IdxTileData>();
    ptosim::ops::tsort32(dst.view(), src.view(), idx.view(), false);
    return {};
}

// tmp is the device's scratch for a last block shorter than 32 (padded there); ptosim checks that it is large
// enough on the device profiles and leaves it untouched.
template <typename DstTileData, typename SrcTileData, typename IdxTileData, typename TmpTileData>
PTO_INST RecordEvent TSORT32(DstTileData& dst, SrcTileData& src, IdxTileData& idx, TmpTileData& tmp) {
    detail::tsort32_checks<DstTileData, SrcTileData, IdxTileData>();
    PTOSIM_STATIC_CHECK(is_tile_data_v<TmpTileData>, "TSORT32", "tmp must be a Tile");
    PTOSIM_STATIC_CHECK(TmpTileData::Loc == TileType::Vec, "TSORT32", "tmp must be a TileType::Vec tile");
    const ptosim::TileView s = src.view();
    if constexpr (ptosim::kArch != ptosim::Arch::CPU) {
        if (s.valid_rows > 0 && s.valid_cols % ptosim::sort::kBlock != 0) {
            const ptosim::TileView t = tmp.view();
            const std::size_t need = detail::tsort32_tmp_bytes<typename SrcTileData::DType>(s.valid_cols);
            PTOSIM_CHECK(t.bytes() >= need && t.capacity >= need, "TSORT32",
                         "tmp is smaller than the device pads the last block in", {"tmp_bytes", t.bytes()},
                         {"needed", need});
        }
    }
    ptosim::ops::tsort32(dst.view(), s, idx.view(), true);
    return {};
}

template <typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData,
          typename Src2TileData, typename Src3TileData, bool exhausted, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(DstTileData& dst, MrgSortExecutedNumList& executedNumList, TmpTileData& tmp,
                              Src0TileData& src0, Src1TileData& src1, Src2TileData& src2, Src3TileData& src3,
                              WaitEvents&... events) {
    detail::tmrgsort_checks<DstTileData, TmpTileData, Src0TileData, Src1TileData, Src2TileData,
                            Src3TileData>();
    PTOSIM_TSYNC(events...);
    detail::record_executed<exhausted>(executedNumList,
                                       detail::tmrgsort_lists(dst, tmp, exhausted, src0, src1, src2, src3));
    return {};
}

template <typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData,
          typename Src2TileData, bool exhausted, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(DstTileData& dst, MrgSortExecutedNumList& executedNumList, TmpTileData& tmp,
                              Src0TileData& src0, Src1TileData& src1, Src2TileData& src2,
                              WaitEvents&... events) {
    detail::tmrgsort_checks<DstTileData, TmpTileData, Src0TileData, Src1TileData, Src2TileData>();
    PTOSIM_TSYNC(events...);
    detail::record_executed<exhausted>(executedNumList,
                                       detail::tmrgsort_lists(dst, tmp, exhausted, src0, src1, src2));
    return {};
}

template <typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData,
          bool exhausted, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(DstTileData& dst, MrgSortExecutedNumList& executedNumList, TmpTileData& tmp,
                              Src0TileData& src0, Src1TileData& src1, WaitEvents&... events) {
    detail::tmrgsort_checks<DstTileData, TmpTileData, Src0TileData, Src1TileData>();
    PTOSIM_TSYNC(events...);
    detail::record_executed<exhausted>(executedNumList,
                                       detail::tmrgsort_lists(dst, tmp, exhausted, src0, src1));
    return {};
}

// The single-tile form: src is groups of four sorted blocks of blockLen elements (pairs included); each group
// is merged into the same columns of dst.
template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TMRGSORT(DstTileData& dst, SrcTileData& src, uint32_t blockLen, WaitEvents&... events) {
    detail::tmrgsort_checks<DstTileData, SrcTileData>();
    PTOSIM_TSYNC(events...);
    ptosim::ops::tmrgsort_blocks(dst.view(), src.view(), blockLen);
    return {};
}

}  // namespace pto
