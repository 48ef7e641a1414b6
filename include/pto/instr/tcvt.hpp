// TCVT: element-type conversion with a rounding mode and a saturation mode (docs/isa/TCVT.md), in pto-isa's
// four forms. The (source, destination) pairs each profile accepts come from the TCVT descriptor
// (ptosim/isa/ops.def, isa::kConvertPairs); the element rules from ptosim/core/convert.hpp. Without a
// SaturationMode the pair's device default applies. NeedSetCtrl (the devices' CTRL register bookkeeping) and
// the tmp tile (A2A3 scratch) change nothing.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/elementwise.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/convert.hpp"

namespace pto::detail {

template <typename D, typename S>
constexpr bool convert_pair_on_profile() {
    if constexpr (ptosim::HasDType<typename D::DType>::value && ptosim::HasDType<typename S::DType>::value) {
        return ptosim::isa::kConvertPairs.allows(ptosim::kArch, ptosim::dtype_of<typename S::DType>,
                                                 ptosim::dtype_of<typename D::DType>);
    } else {
        return false;
    }
}

template <typename TileDataD, typename TileDataS>
void run_tcvt(TileDataD& dst, TileDataS& src, RoundMode mode, ptosim::convert::SatMode sat) {
    PTOSIM_STATIC_CHECK((is_tile_data_v<TileDataD> && is_tile_data_v<TileDataS>), "TCVT",
                        "dst and src must be Tiles");
    if constexpr (is_tile_data_v<TileDataD> && is_tile_data_v<TileDataS>) {
        PTOSIM_STATIC_CHECK((available_on_profile<ptosim::isa::Op::TCVT, TileDataD>()), "TCVT",
                            PTOSIM_AVAILABLE_RULE);
        PTOSIM_STATIC_CHECK((convert_pair_on_profile<TileDataD, TileDataS>()), "TCVT",
                            "conversion from src's to dst's element type not supported on the compiled "
                            "architecture profile (docs/isa/TCVT.md lists the pairs per profile)");
        PTOSIM_STATIC_CHECK((all_vec<TileDataD, TileDataS>()), "TCVT",
                            "operands must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK((!TileDataD::isBoxedLayout && !TileDataS::isBoxedLayout), "TCVT",
                            "tiles must be row-major or column-major");
        PTOSIM_STATIC_CHECK((static_at_least(TileDataS::ValidRow, TileDataD::ValidRow) &&
                             static_at_least(TileDataS::ValidCol, TileDataD::ValidCol)),
                            "TCVT", "src's valid region must cover dst's");
        ptosim::ops::tcvt(dst.view(), src.view(), static_cast<ptosim::convert::RoundMode>(mode), sat);
    }
}

inline ptosim::convert::SatMode sat_mode(SaturationMode m) {
    return m == SaturationMode::ON ? ptosim::convert::SatMode::On : ptosim::convert::SatMode::Off;
}

}  // namespace pto::detail

namespace pto {

template <bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCVT(TileDataD& dst, TileDataS& src, RoundMode mode, SaturationMode satMode,
                          WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::run_tcvt(dst, src, mode, detail::sat_mode(satMode));
    return {};
}

template <bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCVT(TileDataD& dst, TileDataS& src, RoundMode mode, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::run_tcvt(dst, src, mode, ptosim::convert::SatMode::Default);
    return {};
}

template <bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename TmpTileData,
          typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<TmpTileData> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCVT(TileDataD& dst, TileDataS& src, TmpTileData& tmp, RoundMode mode,
                          SaturationMode satMode, WaitEvents&... events) {
    (void)tmp;
    PTOSIM_TSYNC(events...);
    detail::run_tcvt(dst, src, mode, detail::sat_mode(satMode));
    return {};
}

template <bool NeedSetCtrl = true, typename TileDataD, typename TileDataS, typename TmpTileData,
          typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<TmpTileData> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCVT(TileDataD& dst, TileDataS& src, TmpTileData& tmp, RoundMode mode,
                          WaitEvents&... events) {
    (void)tmp;
    PTOSIM_TSYNC(events...);
    detail::run_tcvt(dst, src, mode, ptosim::convert::SatMode::Default);
    return {};
}

}  // namespace pto
