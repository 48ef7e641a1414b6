// TINTERLEAVE / TDEINTERLEAVE (and pto-isa's spellings TInterleave / TDeInterleave): bit-exact element
// shuffles between rows (docs/isa/TINTERLEAVE.md, docs/isa/TDEINTERLEAVE.md). Operand order is
// (dst1, dst0, src1, src0).
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/isa/dtype_rules.hpp"
#include "ptosim/ops/interleave.hpp"

namespace pto {

namespace detail {

template <typename TileDataDst, typename TileDataSrc>
constexpr bool interleave_tiles() {
    return is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>;
}

}  // namespace detail

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TINTERLEAVE(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0,
                                 WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataDst>(isa::interleave_available(ptosim::kArch)),
                        "TINTERLEAVE", "not available on this architecture profile (A5 only)");
    PTOSIM_STATIC_CHECK((detail::interleave_tiles<TileDataDst, TileDataSrc>()), "TINTERLEAVE",
                        "operands must be Tiles");
    if constexpr (detail::interleave_tiles<TileDataDst, TileDataSrc>()) {
        PTOSIM_STATIC_CHECK(isa::interleave_dtype_ok(ptosim::dtype_of<typename TileDataSrc::DType>),
                            "TINTERLEAVE",
                            "dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, "
                            "bfloat16_t or float");
        PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataDst::DType, typename TileDataSrc::DType>),
                            "TINTERLEAVE", "all tiles must have the same dtype");
        PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc::Loc == TileType::Vec,
                            "TINTERLEAVE", "tiles must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(
            detail::is_plain_row_major<TileDataDst>() && detail::is_plain_row_major<TileDataSrc>(),
            "TINTERLEAVE", "tiles must be row-major");
        PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataDst, TileDataSrc>()), "TINTERLEAVE",
                            "all tiles must have the same valid shape");
        PTOSIM_STATIC_CHECK(TileDataDst::ValidCol == DYNAMIC || TileDataDst::ValidCol % 2 == 0, "TINTERLEAVE",
                            "valid columns must be even");
    }
    TSYNC(events...);
    ptosim::ops::tinterleave(dst1.view(), dst0.view(), src1.view(), src0.view());
    return {};
}

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TInterleave(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0,
                                 WaitEvents&... events) {
    return TINTERLEAVE(dst1, dst0, src1, src0, events...);
}

// Two-source form: the inverse of TINTERLEAVE.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TDEINTERLEAVE(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0,
                                   WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataDst>(isa::interleave_available(ptosim::kArch)),
                        "TDEINTERLEAVE", "not available on this architecture profile (A5 only)");
    PTOSIM_STATIC_CHECK((detail::interleave_tiles<TileDataDst, TileDataSrc>()), "TDEINTERLEAVE",
                        "operands must be Tiles");
    if constexpr (detail::interleave_tiles<TileDataDst, TileDataSrc>()) {
        PTOSIM_STATIC_CHECK(isa::interleave_dtype_ok(ptosim::dtype_of<typename TileDataSrc::DType>),
                            "TDEINTERLEAVE",
                            "dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, "
                            "bfloat16_t or float");
        PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataDst::DType, typename TileDataSrc::DType>),
                            "TDEINTERLEAVE", "all tiles must have the same dtype");
        PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc::Loc == TileType::Vec,
                            "TDEINTERLEAVE", "tiles must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(
            detail::is_plain_row_major<TileDataDst>() && detail::is_plain_row_major<TileDataSrc>(),
            "TDEINTERLEAVE", "tiles must be row-major");
        PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataDst, TileDataSrc>()), "TDEINTERLEAVE",
                            "all tiles must have the same valid shape");
        PTOSIM_STATIC_CHECK(TileDataDst::ValidCol == DYNAMIC || TileDataDst::ValidCol % 2 == 0,
                            "TDEINTERLEAVE", "valid columns must be even");
    }
    TSYNC(events...);
    ptosim::ops::tdeinterleave(dst1.view(), dst0.view(), src1.view(), src0.view());
    return {};
}

// Single-source form: dst0 = the even columns of src, dst1 = the odd columns.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TDEINTERLEAVE(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src,
                                   WaitEvents&... events) {
    namespace isa = ptosim::isa;
    PTOSIM_STATIC_CHECK(detail::profile_allows<TileDataDst>(isa::interleave_available(ptosim::kArch)),
                        "TDEINTERLEAVE", "not available on this architecture profile (A5 only)");
    PTOSIM_STATIC_CHECK((detail::interleave_tiles<TileDataDst, TileDataSrc>()), "TDEINTERLEAVE",
                        "operands must be Tiles");
    if constexpr (detail::interleave_tiles<TileDataDst, TileDataSrc>()) {
        PTOSIM_STATIC_CHECK(isa::interleave_dtype_ok(ptosim::dtype_of<typename TileDataSrc::DType>),
                            "TDEINTERLEAVE",
                            "dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, "
                            "bfloat16_t or float");
        PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataDst::DType, typename TileDataSrc::DType>),
                            "TDEINTERLEAVE", "all tiles must have the same dtype");
        PTOSIM_STATIC_CHECK(TileDataDst::Loc == TileType::Vec && TileDataSrc::Loc == TileType::Vec,
                            "TDEINTERLEAVE", "tiles must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK(
            detail::is_plain_row_major<TileDataDst>() && detail::is_plain_row_major<TileDataSrc>(),
            "TDEINTERLEAVE", "tiles must be row-major");
        PTOSIM_STATIC_CHECK(TileDataSrc::ValidCol == DYNAMIC || TileDataSrc::ValidCol % 2 == 0,
                            "TDEINTERLEAVE", "src valid columns must be even");
        PTOSIM_STATIC_CHECK(detail::static_equal(TileDataDst::ValidRow, TileDataSrc::ValidRow) &&
                                (TileDataDst::ValidCol == DYNAMIC || TileDataSrc::ValidCol == DYNAMIC ||
                                 2 * TileDataDst::ValidCol == TileDataSrc::ValidCol),
                            "TDEINTERLEAVE",
                            "dst valid shape must be src valid rows x (src valid columns / 2)");
    }
    TSYNC(events...);
    ptosim::ops::tdeinterleave(dst1.view(), dst0.view(), src.view());
    return {};
}

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TDeInterleave(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0,
                                   WaitEvents&... events) {
    return TDEINTERLEAVE(dst1, dst0, src1, src0, events...);
}

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TDeInterleave(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src,
                                   WaitEvents&... events) {
    return TDEINTERLEAVE(dst1, dst0, src, events...);
}

}  // namespace pto
