// TCMP / TCMPS: compare a tile with a tile, a scalar or the first element of a tile, and write a packed
// predicate mask (docs/isa/TCMP.md, docs/isa/TCMPS.md).
#pragma once

#include <string>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/core/diagnostic.hpp"
#include "ptosim/isa/profile.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/compare.hpp"

namespace pto {

static_assert(static_cast<int>(CmpMode::GT) == static_cast<int>(ptosim::CmpMode::GT) &&
              static_cast<int>(CmpMode::LE) == static_cast<int>(ptosim::CmpMode::LE));

namespace detail {

template <typename TileDataDst>
constexpr int mask_bits_per_word() {
    return sizeof(typename TileDataDst::DType) == 1 ? 8 : 32;
}

// The mask can hold every result: static when both valid column counts are.
template <typename TileDataDst, typename TileDataSrc>
constexpr bool mask_capacity_ok() {
    constexpr int w = mask_bits_per_word<TileDataDst>();
    if constexpr (TileDataSrc::ValidCol == DYNAMIC)
        return true;
    else if constexpr (TileDataDst::ValidCol == DYNAMIC)
        return TileDataDst::Cols * w >= TileDataSrc::ValidCol;
    else
        return TileDataDst::ValidCol * w >= TileDataSrc::ValidCol;
}

// The mode the profile's hardware applies (A2A3 compares int32 only for equality; ptosim/isa/profile.hpp).
template <typename T>
ptosim::CmpMode profile_cmp_mode(CmpMode mode, const char* instr) {
    return ptosim::isa::applied_cmp_mode(ptosim::kArch, ptosim::dtype_of<T>,
                                         static_cast<ptosim::CmpMode>(mode), instr);
}

template <typename TileDataDst, typename TileDataSrc0>
constexpr void tcmps_static_checks() {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK((type_on_profile<isa::Op::TCMPS, typename TileDataSrc0::DType>()), "TCMPS",
                        PTOSIM_TYPE_RULE("TCMPS", "source element type"));
    PTOSIM_STATIC_CHECK((dst_type_on_profile<isa::Op::TCMPS, typename TileDataDst::DType>()), "TCMPS",
                        PTOSIM_TYPE_RULE("TCMPS", "dst element type"));
    PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc0::Loc == TileType::Vec, "TCMPS",
                        "dst and src0 must be TileType::Vec tiles");
    PTOSIM_STATIC_CHECK(is_plain_row_major<TileDataDst>() && is_plain_row_major<TileDataSrc0>(), "TCMPS",
                        "dst and src0 must be row-major");
    PTOSIM_STATIC_CHECK(static_equal(TileDataDst::ValidRow, TileDataSrc0::ValidRow), "TCMPS",
                        "dst valid rows must equal src0 valid rows");
    PTOSIM_STATIC_CHECK((mask_capacity_ok<TileDataDst, TileDataSrc0>()), "TCMPS",
                        "dst valid columns must hold ceil(src0 valid columns / bits per word) mask words");
}

}  // namespace detail

template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents>
PTO_INST RecordEvent TCMP(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, CmpMode cmpMode,
                          WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(
        is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc0> && is_tile_data_v<TileDataSrc1>, "TCMP",
        "dst, src0 and src1 must be Tiles");
    using T = typename TileDataSrc0::DType;
    PTOSIM_STATIC_CHECK((std::is_same_v<T, typename TileDataSrc1::DType>), "TCMP",
                        "src0 and src1 must have the same dtype");
    PTOSIM_STATIC_CHECK((detail::type_on_profile<isa::Op::TCMP, T>()), "TCMP",
                        PTOSIM_TYPE_RULE("TCMP", "source element type"));
    PTOSIM_STATIC_CHECK((detail::dst_type_on_profile<isa::Op::TCMP, typename TileDataDst::DType>()), "TCMP",
                        PTOSIM_TYPE_RULE("TCMP", "dst element type"));
    PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc0::Loc == TileType::Vec &&
                            TileDataSrc1::Loc == TileType::Vec,
                        "TCMP", "dst, src0 and src1 must be TileType::Vec tiles");
    PTOSIM_STATIC_CHECK(detail::is_plain_row_major<TileDataDst>() &&
                            detail::is_plain_row_major<TileDataSrc0>() &&
                            detail::is_plain_row_major<TileDataSrc1>(),
                        "TCMP", "dst, src0 and src1 must be row-major");
    PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataSrc0, TileDataSrc1>()), "TCMP",
                        "src0 and src1 must have the same valid shape");
    PTOSIM_STATIC_CHECK(detail::static_equal(TileDataDst::ValidRow, TileDataSrc0::ValidRow), "TCMP",
                        "dst valid rows must equal src0 valid rows");
    PTOSIM_STATIC_CHECK((detail::mask_capacity_ok<TileDataDst, TileDataSrc0>()), "TCMP",
                        "dst valid columns must hold ceil(src0 valid columns / bits per word) mask words");
    PTOSIM_TSYNC(events...);
    ptosim::ops::tcmp(dst.view(), src0.view(), src1.view(), detail::profile_cmp_mode<T>(cmpMode, "TCMP"));
    return {};
}

// Scalar form: every element of src0 against one value.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCMPS(TileDataDst& dst, TileDataSrc& src0, typename TileDataSrc::DType src1,
                           CmpMode mode, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>, "TCMPS",
                        "dst and src0 must be Tiles");
    detail::tcmps_static_checks<TileDataDst, TileDataSrc>();
    using T = typename TileDataSrc::DType;
    PTOSIM_TSYNC(events...);
    ptosim::ops::tcmps(dst.view(), src0.view(), ptosim::scalar_bits(src1),
                       detail::profile_cmp_mode<T>(mode, "TCMPS"));
    return {};
}

// Tile form: every element of src0 against src1[0, 0].
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<TileDataSrc1> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TCMPS(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, CmpMode mode,
                           WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc0>, "TCMPS",
                        "dst and src0 must be Tiles");
    detail::tcmps_static_checks<TileDataDst, TileDataSrc0>();
    using T = typename TileDataSrc0::DType;
    PTOSIM_STATIC_CHECK((std::is_same_v<T, typename TileDataSrc1::DType>), "TCMPS",
                        "src0 and src1 must have the same dtype");
    PTOSIM_STATIC_CHECK(TileDataSrc1::Loc == TileType::Vec, "TCMPS", "src1 must be a TileType::Vec tile");
    PTOSIM_TSYNC(events...);
    ptosim::ops::tcmps(dst.view(), src0.view(), src1.view(), detail::profile_cmp_mode<T>(mode, "TCMPS"));
    return {};
}

}  // namespace pto
