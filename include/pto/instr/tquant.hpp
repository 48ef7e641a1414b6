// TQUANT<QuantType::INT8_SYM / INT8_ASYM>(dst, src, scale[, tmp][, &offset]): float tiles to int8_t / uint8_t
// with a per-row scale (and offset) (docs/isa/TQUANT.md); TDEQUANT(dst, src, scale, offset): int8 / int16
// tiles back to float (docs/isa/TDEQUANT.md). pto-isa's signatures; the parameter tiles share one type. The
// MX forms (MXFP8, MXFP4_E2M1, with exponent / max / scaling tiles) are not provided.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/elementwise.hpp"
#include "ptosim/ops/quant.hpp"

namespace pto::detail {

// The static rules of TQUANT's INT8 forms.
template <auto Q, typename Out, typename Src, typename Para>
constexpr void check_tquant() {
    constexpr bool kTiles = all_tiles<Out, Src, Para>();
    PTOSIM_STATIC_CHECK(kTiles, "TQUANT", "operands must be Tiles");
    if constexpr (kTiles) {
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(Q), QuantType>), "TQUANT",
                            "the template argument must be a QuantType");
        PTOSIM_STATIC_CHECK((Q == QuantType::INT8_SYM || Q == QuantType::INT8_ASYM), "TQUANT",
                            "only the INT8_SYM and INT8_ASYM forms are provided (MX quantisation is not)");
        PTOSIM_STATIC_CHECK((available_on_profile<ptosim::isa::Op::TQUANT, Out>()), "TQUANT",
                            PTOSIM_AVAILABLE_RULE);
        PTOSIM_STATIC_CHECK(
            (std::is_same_v<typename Src::DType, float> && std::is_same_v<typename Para::DType, float>),
            "TQUANT", "src, scale and offset must be float tiles");
        PTOSIM_STATIC_CHECK((Q != QuantType::INT8_SYM || std::is_same_v<typename Out::DType, int8_t>),
                            "TQUANT", "INT8_SYM writes an int8_t tile");
        PTOSIM_STATIC_CHECK((Q != QuantType::INT8_ASYM || std::is_same_v<typename Out::DType, uint8_t>),
                            "TQUANT", "INT8_ASYM writes a uint8_t tile");
        PTOSIM_STATIC_CHECK((all_vec<Out, Src, Para>()), "TQUANT", "operands must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK((all_row_major<Out, Src>()), "TQUANT", "dst and src must be row-major");
        PTOSIM_STATIC_CHECK(!Para::isBoxedLayout && (!Para::isRowMajor || Para::Cols == 1), "TQUANT",
                            "scale and offset must be [R, 1] column-major tiles (one parameter per row)");
        PTOSIM_STATIC_CHECK((same_static_valid_shape<Out, Src>()), "TQUANT",
                            "dst must have src's valid shape");
    }
}

template <auto Q, typename Out, typename Src, typename Para>
void run_tquant(Out& dst, Src& src, Para& scale, Para* offset) {
    PTOSIM_CHECK(Q != QuantType::INT8_ASYM || offset != nullptr, "TQUANT", "INT8_ASYM needs an offset tile");
    if constexpr (Q == QuantType::INT8_SYM) {
        ptosim::ops::tquant(dst.view(), src.view(), scale.view(), nullptr);
    } else {
        const ptosim::TileView off = offset->view();
        ptosim::ops::tquant(dst.view(), src.view(), scale.view(), &off);
    }
}

}  // namespace pto::detail

namespace pto {

// A5 and KIRIN9030; A2A3 has only the form with a tmp tile.
template <auto quant_type, typename TileDataOut, typename TileDataSrc, typename TileDataPara,
          typename... WaitEvents>
PTO_INST RecordEvent TQUANT(TileDataOut& dst, TileDataSrc& src, TileDataPara& scale,
                            TileDataPara* offset = nullptr, WaitEvents&... events) {
    detail::check_tquant<quant_type, TileDataOut, TileDataSrc, TileDataPara>();
    PTOSIM_STATIC_CHECK((detail::profile_allows<TileDataOut>(ptosim::kArch != ptosim::Arch::A2A3)), "TQUANT",
                        "A2A3 has only the form with a tmp tile: TQUANT<Q>(dst, src, scale, tmp[, &offset])");
    TSYNC(events...);
    if constexpr (detail::all_tiles<TileDataOut, TileDataSrc, TileDataPara>())
        detail::run_tquant<quant_type>(dst, src, scale, offset);
    return {};
}

// The form with pto-isa's tmp tile (A2A3's scratch; A5 ignores it, and so does ptosim).
template <auto quant_type, typename TileDataOut, typename TileDataSrc, typename TileDataPara,
          typename TileDataTmp, typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<TileDataTmp>, int> = 0>
PTO_INST RecordEvent TQUANT(TileDataOut& dst, TileDataSrc& src, TileDataPara& scale, TileDataTmp& tmp,
                            TileDataPara* offset = nullptr, WaitEvents&... events) {
    detail::check_tquant<quant_type, TileDataOut, TileDataSrc, TileDataPara>();
    (void)tmp;
    TSYNC(events...);
    if constexpr (detail::all_tiles<TileDataOut, TileDataSrc, TileDataPara>())
        detail::run_tquant<quant_type>(dst, src, scale, offset);
    return {};
}

template <typename TileDataDst, typename TileDataSrc, typename TileDataPara, typename... WaitEvents>
PTO_INST RecordEvent TDEQUANT(TileDataDst& dst, TileDataSrc& src, TileDataPara& scale, TileDataPara& offset,
                              WaitEvents&... events) {
    constexpr bool kTiles = detail::all_tiles<TileDataDst, TileDataSrc, TileDataPara>();
    PTOSIM_STATIC_CHECK(kTiles, "TDEQUANT", "operands must be Tiles");
    if constexpr (kTiles) {
        PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::TDEQUANT, TileDataDst>()),
                            "TDEQUANT", PTOSIM_AVAILABLE_RULE);
        PTOSIM_STATIC_CHECK(
            (detail::type_on_profile<ptosim::isa::Op::TDEQUANT, typename TileDataSrc::DType>()), "TDEQUANT",
            "src must be int8_t or int16_t");
        PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataDst::DType, float> &&
                             std::is_same_v<typename TileDataPara::DType, float>),
                            "TDEQUANT", "dst, scale and offset must be float tiles");
        PTOSIM_STATIC_CHECK((detail::all_vec<TileDataDst, TileDataSrc, TileDataPara>()), "TDEQUANT",
                            "operands must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK((detail::all_row_major<TileDataDst, TileDataSrc>()), "TDEQUANT",
                            "dst and src must be row-major");
        PTOSIM_STATIC_CHECK(!TileDataPara::isBoxedLayout, "TDEQUANT",
                            "scale and offset must be row-major or column-major");
        PTOSIM_STATIC_CHECK((detail::same_static_valid_shape<TileDataDst, TileDataSrc>()), "TDEQUANT",
                            "src must have dst's valid shape");
        TSYNC(events...);
        ptosim::ops::tdequant(dst.view(), src.view(), scale.view(), offset.view());
    }
    return {};
}

}  // namespace pto
