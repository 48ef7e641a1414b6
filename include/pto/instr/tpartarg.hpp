// TPARTARGMAX / TPARTARGMIN(dstVal, src0Val, src1Val, dstIdx, src0Idx, src1Idx): the partial max (min) of two
// value tiles, carrying each value's index (docs/isa/TPARTARGMAX.md). Values half or float, indices of 16
// (half only) or 32 bits, as pto-isa's devices take them; valid shapes are checked at run time.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/elementwise.hpp"
#include "ptosim/ops/partial_arg.hpp"

namespace pto::detail {

template <typename Val, typename Idx>
constexpr bool part_arg_index_ok() {
    if constexpr (std::is_same_v<Val, float>)
        return type_in<Idx>(ptosim::isa::kI32);
    else
        return type_in<Idx>(ptosim::isa::kPartArgIndex);
}

// A2A3 compares src0 >= src1 and so gives src1 an unordered pair; A5 (and the CPU profile) src1 > src0.
inline constexpr auto kPartArgUnordered =
    ptosim::kArch == ptosim::Arch::A2A3 ? ptosim::ops::Unordered::Src1 : ptosim::ops::Unordered::Src0;

}  // namespace pto::detail

#define PTOSIM_PART_ARG(NAME, PICK)                                                                          \
    template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataDstIdx,   \
              typename TileDataSrc0Idx, typename TileDataSrc1Idx, typename... WaitEvents>                    \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,                      \
                              TileDataDstIdx& dstIdx, TileDataSrc0Idx& src0Idx, TileDataSrc1Idx& src1Idx,    \
                              WaitEvents&... events) {                                                       \
        using DV = TileDataDst;                                                                              \
        using DI = TileDataDstIdx;                                                                           \
        constexpr bool kTiles =                                                                              \
            detail::all_tiles<DV, TileDataSrc0, TileDataSrc1, DI, TileDataSrc0Idx, TileDataSrc1Idx>();       \
        PTOSIM_STATIC_CHECK(kTiles, #NAME, "operands must be Tiles");                                        \
        if constexpr (kTiles) {                                                                              \
            PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::NAME, DV>()), #NAME,          \
                                PTOSIM_AVAILABLE_RULE);                                                      \
            PTOSIM_STATIC_CHECK((detail::same_element_type<DV, TileDataSrc0, TileDataSrc1>()), #NAME,        \
                                "the value tiles must have one element type");                               \
            PTOSIM_STATIC_CHECK((detail::same_element_type<DI, TileDataSrc0Idx, TileDataSrc1Idx>()), #NAME,  \
                                "the index tiles must have one element type");                               \
            PTOSIM_STATIC_CHECK((detail::type_on_profile<ptosim::isa::Op::NAME, typename DV::DType>()),      \
                                #NAME, "values must be half or float on the compiled architecture profile"); \
            PTOSIM_STATIC_CHECK(                                                                             \
                (detail::part_arg_index_ok<typename DV::DType, typename DI::DType>()), #NAME,                \
                "indices must be int32_t or uint32_t (also int16_t or uint16_t for half values)");           \
            PTOSIM_STATIC_CHECK(                                                                             \
                (detail::all_vec<DV, TileDataSrc0, TileDataSrc1, DI, TileDataSrc0Idx, TileDataSrc1Idx>()),   \
                #NAME, "operands must be TileType::Vec tiles");                                              \
            PTOSIM_STATIC_CHECK((detail::all_row_major<DV, TileDataSrc0, TileDataSrc1, DI, TileDataSrc0Idx,  \
                                                       TileDataSrc1Idx>()),                                  \
                                #NAME, "operands must be row-major");                                        \
            PTOSIM_TSYNC(events...);                                                                         \
            ptosim::ops::tpartarg(ptosim::ops::ArgPick::PICK, dst.view(), dstIdx.view(), src0.view(),        \
                                  src1.view(), src0Idx.view(), src1Idx.view(), detail::kPartArgUnordered);   \
        }                                                                                                    \
        return {};                                                                                           \
    }

namespace pto {
PTOSIM_PART_ARG(TPARTARGMAX, Max)
PTOSIM_PART_ARG(TPARTARGMIN, Min)
}  // namespace pto

#undef PTOSIM_PART_ARG
