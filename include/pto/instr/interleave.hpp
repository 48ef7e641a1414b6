// TINTERLEAVE / TDEINTERLEAVE (and pto-isa's spellings TInterleave / TDeInterleave): bit-exact element
// shuffles between rows (docs/isa/TINTERLEAVE.md, docs/isa/TDEINTERLEAVE.md). Operand order is
// (dst1, dst0, src1, src0).
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/interleave.hpp"

namespace pto {

namespace detail {

template <typename TileDataDst, typename TileDataSrc>
constexpr bool interleave_tiles() {
    return is_tile_data_v<TileDataDst> && is_tile_data_v<TileDataSrc>;
}

}  // namespace detail

// The rules every form shares. A macro, because a static_assert message must be a string literal and each
// message names its instruction.
#define PTOSIM_INTERLEAVE_COMMON_CHECKS(INSTR, Dst, Src)                                                    \
    PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::TINTERLEAVE, Dst>()), INSTR,         \
                        PTOSIM_AVAILABLE_RULE);                                                             \
    PTOSIM_STATIC_CHECK((detail::interleave_tiles<Dst, Src>()), INSTR, "operands must be Tiles");           \
    if constexpr (detail::interleave_tiles<Dst, Src>()) {                                                   \
        PTOSIM_STATIC_CHECK((detail::type_on_profile<ptosim::isa::Op::TINTERLEAVE, typename Src::DType>()), \
                            INSTR, PTOSIM_TYPE_RULE(INSTR, "element type"));                                \
        PTOSIM_STATIC_CHECK((std::is_same_v<typename Dst::DType, typename Src::DType>), INSTR,              \
                            "all tiles must have the same dtype");                                          \
        PTOSIM_STATIC_CHECK(Dst::Loc == TileType::Vec && Src::Loc == TileType::Vec, INSTR,                  \
                            "tiles must be TileType::Vec tiles");                                           \
        PTOSIM_STATIC_CHECK(detail::is_plain_row_major<Dst>() && detail::is_plain_row_major<Src>(), INSTR,  \
                            "tiles must be row-major");                                                     \
    }

template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>
PTO_INST RecordEvent TINTERLEAVE(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src1, TileDataSrc& src0,
                                 WaitEvents&... events) {
    PTOSIM_INTERLEAVE_COMMON_CHECKS("TINTERLEAVE", TileDataDst, TileDataSrc)
    if constexpr (detail::interleave_tiles<TileDataDst, TileDataSrc>()) {
        PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataDst, TileDataSrc>()), "TINTERLEAVE",
                            "all tiles must have the same valid shape");
        PTOSIM_STATIC_CHECK(TileDataDst::ValidCol == DYNAMIC || TileDataDst::ValidCol % 2 == 0, "TINTERLEAVE",
                            "valid columns must be even");
    }
    PTOSIM_TSYNC(events...);
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
    PTOSIM_INTERLEAVE_COMMON_CHECKS("TDEINTERLEAVE", TileDataDst, TileDataSrc)
    if constexpr (detail::interleave_tiles<TileDataDst, TileDataSrc>()) {
        PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataDst, TileDataSrc>()), "TDEINTERLEAVE",
                            "all tiles must have the same valid shape");
        PTOSIM_STATIC_CHECK(TileDataDst::ValidCol == DYNAMIC || TileDataDst::ValidCol % 2 == 0,
                            "TDEINTERLEAVE", "valid columns must be even");
    }
    PTOSIM_TSYNC(events...);
    ptosim::ops::tdeinterleave(dst1.view(), dst0.view(), src1.view(), src0.view());
    return {};
}

// Single-source form: dst0 = the even columns of src, dst1 = the odd columns.
template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents,
          std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TDEINTERLEAVE(TileDataDst& dst1, TileDataDst& dst0, TileDataSrc& src,
                                   WaitEvents&... events) {
    PTOSIM_INTERLEAVE_COMMON_CHECKS("TDEINTERLEAVE", TileDataDst, TileDataSrc)
    if constexpr (detail::interleave_tiles<TileDataDst, TileDataSrc>()) {
        PTOSIM_STATIC_CHECK(TileDataSrc::ValidCol == DYNAMIC || TileDataSrc::ValidCol % 2 == 0,
                            "TDEINTERLEAVE", "src valid columns must be even");
        PTOSIM_STATIC_CHECK(detail::static_equal(TileDataDst::ValidRow, TileDataSrc::ValidRow) &&
                                (TileDataDst::ValidCol == DYNAMIC || TileDataSrc::ValidCol == DYNAMIC ||
                                 2 * TileDataDst::ValidCol == TileDataSrc::ValidCol),
                            "TDEINTERLEAVE",
                            "dst valid shape must be src valid rows x (src valid columns / 2)");
    }
    PTOSIM_TSYNC(events...);
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

#undef PTOSIM_INTERLEAVE_COMMON_CHECKS

}  // namespace pto
