// MGATHER: read a global-memory table into a tile through indices, element by element (Coalesce::Elem) or row
// by row (Coalesce::Row), with an out-of-bounds policy (docs/isa/MGATHER.md). Three forms, as in pto-isa:
// GM -> UB (dst and idx UB tiles), GM -> L1 Row (an NZ Mat dst, idx in global memory) and GM -> L1 Elem (the
// same plus a global scratch tensor the device stages the NZ tile in).
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/constants.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/mscatter.hpp"
#include "pto/instr/tload.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/mgather.hpp"

namespace pto {

// pto-isa's executor choice for the GM -> L1 Elem form (npu/a5/MGather.hpp; A5 only): the cube's scalar unit
// or a SIMT kernel on the vector core. Both stage the same bytes, so ptosim runs them alike.
#ifndef PTO_GATHER_EXEC_ENUM_DEFINED
#define PTO_GATHER_EXEC_ENUM_DEFINED
enum class GatherExec : uint8_t { Scalar = 0, Simt = 1 };
#endif

static_assert(static_cast<int>(GatherOOB::Zero) == static_cast<int>(ptosim::GatherOob::Zero) &&
              static_cast<int>(GatherOOB::Wrap) == static_cast<int>(ptosim::GatherOob::Wrap));

namespace detail {

// pto-isa's NZ tile (IsMGatherNZTile): column-major 512-byte boxes, row-major inside.
template <typename TileT>
constexpr bool is_mgather_nz() {
    return !TileT::isRowMajor && TileT::SFractal == SLayout::RowMajor &&
           TileT::SFractalSize == TileConfig::fractalABSize;
}

template <typename T>
constexpr bool mgather_index_type() {
    return std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>;
}

template <Coalesce Mode, typename TileDst, typename TileIdx>
constexpr bool mgather_idx_shape_ok() {
    if constexpr (Mode == Coalesce::Elem) {
        return same_static_valid_shape<TileDst, TileIdx>();
    } else {
        // 1 x R or R x 1 (the A2A3 device: 1 x R only); rejected statically only when neither can hold.
        const bool one_row =
            static_equal(TileIdx::ValidRow, 1) && static_equal(TileIdx::ValidCol, TileDst::ValidRow);
        const bool one_col = static_equal(TileIdx::ValidCol, 1) &&
                             static_equal(TileIdx::ValidRow, TileDst::ValidRow) &&
                             ptosim::kArch != ptosim::Arch::A2A3;
        return one_row || one_col;
    }
}

// The rules every form shares: operand kinds and element types.
template <typename TileDst, typename GlobalTable, typename IdxT>
constexpr void mgather_common_checks() {
    using T = typename TileDst::DType;
    PTOSIM_STATIC_CHECK(ptosim::kGatherData.for_arch(ptosim::kArch).contains(ptosim::dtype_of<T>), "MGATHER",
                        PTOSIM_TYPE_RULE("MGATHER", "dst element type"));
    PTOSIM_STATIC_CHECK((std::is_same_v<typename GlobalTable::RawDType, T>), "MGATHER",
                        "the table's element type must be the destination tile's");
    PTOSIM_STATIC_CHECK(mgather_index_type<IdxT>(), "MGATHER", "idx dtype must be int32_t or uint32_t");
}

// The GM -> L1 destination (MGatherCheckGm2L1 of npu/a5 and npu/a2a3).
template <typename TileDst, typename GlobalTable>
constexpr void mgather_l1_checks() {
    using T = typename TileDst::DType;
    PTOSIM_STATIC_CHECK(
        is_mgather_nz<TileDst>(), "MGATHER",
        "a TileType::Mat dst must be NZ (BLayout::ColMajor, SLayout::RowMajor, 512-byte boxes)");
    PTOSIM_STATIC_CHECK(
        TileDst::Cols % (C0_SIZE_BYTE / sizeof(T)) == 0 && TileDst::Rows % FRACTAL_NZ_ROW == 0, "MGATHER",
        "a TileType::Mat dst needs Cols a multiple of 32 / sizeof(T) and Rows of 16");
    PTOSIM_STATIC_CHECK(GlobalTable::layout == Layout::ND, "MGATHER",
                        "the GM -> L1 forms need a Layout::ND table");
}

}  // namespace detail

// GM -> UB: MGATHER(dst, table, idx) (Coalesce::Row, pto-isa's device default), MGATHER<Mode>(...) and
// MGATHER<Mode, Oob>(...), idx a UB tile. With a TileType::Mat dst and idx a GlobalTensor, the same call is
// the GM -> L1 Row form.
template <Coalesce Mode = Coalesce::Row, GatherOOB Oob = GatherOOB::Undefined, typename TileDst,
          typename GlobalTable, typename Idx, typename... WaitEvents>
requires(!is_global_data_v<WaitEvents> && ...) PTO_INST RecordEvent
    MGATHER(TileDst& dst, GlobalTable& table, Idx& indexes, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDst>, "MGATHER", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalTable>, "MGATHER", "the table must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(is_tile_data_v<Idx> || is_global_data_v<Idx>, "MGATHER",
                        "idx must be a Tile (or, with a TileType::Mat dst, a GlobalTensor)");
    if constexpr (is_tile_data_v<TileDst> && is_global_data_v<GlobalTable> && is_global_data_v<Idx>) {
        using T = typename TileDst::DType;
        PTOSIM_STATIC_CHECK(TileDst::Loc == TileType::Mat, "MGATHER",
                            "indices in global memory need a TileType::Mat dst (the GM -> L1 form)");
        PTOSIM_STATIC_CHECK(
            Mode == Coalesce::Row, "MGATHER",
            "the three-operand GM -> L1 form is Coalesce::Row (Coalesce::Elem takes a scratch "
            "tensor)");
        detail::mgather_common_checks<TileDst, GlobalTable, typename Idx::RawDType>();
        detail::mgather_l1_checks<TileDst, GlobalTable>();
        PTOSIM_STATIC_CHECK(sizeof(T) <= 4, "MGATHER",
                            "the GM -> L1 Row form moves 1-, 2- or 4-byte elements");
        PTOSIM_TSYNC(events...);
        ptosim::ops::mgather_l1_rows(dst.view(), detail::global_view(table), detail::global_view(indexes),
                                     static_cast<ptosim::GatherOob>(Oob));
    } else if constexpr (is_tile_data_v<TileDst> && is_global_data_v<GlobalTable> && is_tile_data_v<Idx>) {
        using T = typename TileDst::DType;
        constexpr bool a2a3 = ptosim::kArch == ptosim::Arch::A2A3;
        constexpr bool nz_table = GlobalTable::layout == Layout::NZ;
        detail::mgather_common_checks<TileDst, GlobalTable, typename Idx::DType>();
        PTOSIM_STATIC_CHECK(
            TileDst::Loc == TileType::Vec, "MGATHER",
            "with a UB index tile dst must be a TileType::Vec tile (a TileType::Mat dst takes "
            "its indices from a GlobalTensor)");
        PTOSIM_STATIC_CHECK(Idx::Loc == TileType::Vec, "MGATHER", "idx must be a TileType::Vec tile");
        PTOSIM_STATIC_CHECK(GlobalTable::layout == Layout::ND || (a2a3 && nz_table), "MGATHER",
                            "the table must be Layout::ND (Layout::NZ only on the A2A3 profile)");
        PTOSIM_STATIC_CHECK(!Idx::isBoxedLayout, "MGATHER",
                            "idx must be row-major or column-major (no boxed layout)");
        PTOSIM_STATIC_CHECK(!a2a3 || Idx::isRowMajor, "MGATHER", "on the A2A3 profile idx must be row-major");
        if constexpr (nz_table) {
            PTOSIM_STATIC_CHECK(detail::is_mgather_nz<TileDst>(), "MGATHER",
                                "an NZ table needs an NZ dst (BLayout::ColMajor, SLayout::RowMajor, 512-byte "
                                "boxes)");
            PTOSIM_STATIC_CHECK(GlobalTable::staticShape[3] == FRACTAL_NZ_ROW &&
                                    GlobalTable::staticShape[4] == C0_SIZE_BYTE / static_cast<int>(sizeof(T)),
                                "MGATHER",
                                "an NZ table needs static shape[3] == 16 and shape[4] == 32 / sizeof(T)");
            PTOSIM_STATIC_CHECK(
                TileDst::Cols % (C0_SIZE_BYTE / sizeof(T)) == 0 && TileDst::Rows % FRACTAL_NZ_ROW == 0,
                "MGATHER", "an NZ dst needs Cols a multiple of 32 / sizeof(T) and Rows of 16");
        } else {
            PTOSIM_STATIC_CHECK(!TileDst::isBoxedLayout, "MGATHER",
                                "with an ND table dst must be row-major or column-major (no boxed layout)");
            PTOSIM_STATIC_CHECK(!a2a3 || TileDst::isRowMajor, "MGATHER",
                                "on the A2A3 profile dst must be row-major (with an ND table)");
        }
        constexpr bool idx_ok = detail::mgather_idx_shape_ok<Mode, TileDst, Idx>();
        PTOSIM_STATIC_CHECK(Mode != Coalesce::Elem || idx_ok, "MGATHER",
                            "Coalesce::Elem needs idx with the valid shape of dst");
        PTOSIM_STATIC_CHECK(Mode != Coalesce::Row || idx_ok, "MGATHER",
                            "Coalesce::Row needs idx with valid shape 1 x R or R x 1 (A2A3: 1 x R; R = dst "
                            "valid rows)");
        // The A5 SIMT row kernel reads rows ValidCol apart: the table's rows must be exactly that wide.
        PTOSIM_STATIC_CHECK(
            Mode != Coalesce::Row || ptosim::kArch != ptosim::Arch::A5 || nz_table ||
                detail::static_equal(static_cast<int>(GlobalTable::staticShape[4]), TileDst::ValidCol),
            "MGATHER", "on the A5 profile Coalesce::Row needs table shape[4] == dst ValidCol");
        PTOSIM_TSYNC(events...);
        ptosim::ops::mgather(dst.view(), detail::global_view(table), indexes.view(),
                             {static_cast<ptosim::Coalesce>(Mode), static_cast<ptosim::GatherOob>(Oob)});
    }
    return {};
}

// GM -> L1 Elem: MGATHER<Coalesce::Elem, Oob>(dst, table, idx, scratch) and MGATHER<Coalesce::Elem, Oob,
// Exec>(...), dst an NZ Mat tile, idx and scratch GlobalTensors (scratch: at least Rows x Cols elements).
template <Coalesce Mode = Coalesce::Elem, GatherOOB Oob = GatherOOB::Undefined,
          GatherExec Exec = GatherExec::Scalar, typename TileDst, typename GlobalTable, typename GlobalIdx,
          typename GlobalScratch>
requires is_global_data_v<GlobalScratch> PTO_INST RecordEvent MGATHER(TileDst& dst, GlobalTable& table,
                                                                      GlobalIdx& indexes,
                                                                      GlobalScratch& scratch) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDst>, "MGATHER", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalTable> && is_global_data_v<GlobalIdx>, "MGATHER",
                        "the scratch form takes the table and idx as GlobalTensors");
    if constexpr (is_tile_data_v<TileDst> && is_global_data_v<GlobalTable> && is_global_data_v<GlobalIdx>) {
        using T = typename TileDst::DType;
        PTOSIM_STATIC_CHECK(TileDst::Loc == TileType::Mat, "MGATHER",
                            "the scratch form writes a TileType::Mat dst (GM -> L1)");
        PTOSIM_STATIC_CHECK(Mode == Coalesce::Elem, "MGATHER",
                            "the scratch (four-operand) GM -> L1 form is Coalesce::Elem");
        PTOSIM_STATIC_CHECK(Exec == GatherExec::Scalar || ptosim::kArch != ptosim::Arch::A2A3, "MGATHER",
                            "GatherExec::Simt is not available on the A2A3 profile (no SIMT unit)");
        detail::mgather_common_checks<TileDst, GlobalTable, typename GlobalIdx::RawDType>();
        detail::mgather_l1_checks<TileDst, GlobalTable>();
        PTOSIM_STATIC_CHECK((std::is_same_v<typename GlobalScratch::RawDType, T>), "MGATHER",
                            "the scratch tensor's element type must be the destination tile's");
        PTOSIM_STATIC_CHECK(GlobalScratch::layout == Layout::ND, "MGATHER",
                            "the scratch tensor must be Layout::ND");
        ptosim::ops::mgather_l1_elems(dst.view(), detail::global_view(table), detail::global_view(indexes),
                                      detail::global_view(scratch), static_cast<ptosim::GatherOob>(Oob));
    }
    return {};
}

}  // namespace pto
