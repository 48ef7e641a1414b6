// TQUANT<QuantType::INT8_SYM / INT8_ASYM>(dst, src, scale[, tmp][, &offset]): float tiles to int8_t / uint8_t
// with a per-row scale (and offset); TQUANT's MX forms (MXFP8 / MXFP4_E2M1 with exponent, max and scaling
// tiles, by QuantType and QuantScaleAlg, by MxQuantAlg with the block axis, and MXFP8 with the ZZ exponent
// copy) (docs/isa/TQUANT.md); TDEQUANT(dst, src, scale, offset): int8 / int16 tiles back to float
// (docs/isa/TDEQUANT.md). pto-isa's signatures; the parameter tiles share one type.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/cpu/MXTypes.hpp"
#include "pto/cpu/quant_helpers.hpp"
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
        PTOSIM_STATIC_CHECK(
            (Q == QuantType::INT8_SYM || Q == QuantType::INT8_ASYM), "TQUANT",
            "this form is INT8_SYM / INT8_ASYM; MXFP8 and MXFP4_E2M1 take (dst, src, &exp, &max, "
            "&scaling)");
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

// The static rules of TQUANT's MX forms.
template <QuantType Q, QuantScaleAlg A, int Axis, typename Out, typename Src, typename Exp, typename Max,
          typename Scaling>
constexpr void check_tquant_mx() {
    constexpr bool kTiles = all_tiles<Out, Src, Exp, Max, Scaling>();
    PTOSIM_STATIC_CHECK(kTiles, "TQUANT", "the MX form takes tiles: (dst, src, &exp, &max, &scaling)");
    if constexpr (kTiles) {
        using SrcT = typename Src::DType;
        PTOSIM_STATIC_CHECK((Q == QuantType::MXFP8 || Q == QuantType::MXFP4_E2M1), "TQUANT",
                            "the form with exponent, max and scaling tiles is MXFP8 or MXFP4_E2M1");
        PTOSIM_STATIC_CHECK((A == QuantScaleAlg::OCP || A == QuantScaleAlg::NV), "TQUANT",
                            "the scale algorithm is QuantScaleAlg::OCP or NV");
        PTOSIM_STATIC_CHECK((Axis == 0 || Axis == 1), "TQUANT",
                            "the block axis is 1 (ND: 32 columns of a row) or 0 (DN: 32 rows of a column)");
        PTOSIM_STATIC_CHECK(
            (profile_allows<Out>(ptosim::kArch == ptosim::Arch::A5 || ptosim::kArch == ptosim::Arch::CPU)),
            "TQUANT", "the MX forms exist on A5 (and pto-isa's CPU simulation) only");
        PTOSIM_STATIC_CHECK((type_in<SrcT>(ptosim::isa::kFloats)), "TQUANT",
                            "MX quantisation reads float, half or bfloat16_t tiles");
        PTOSIM_STATIC_CHECK(
            (Q != QuantType::MXFP4_E2M1 || ptosim::kArch != ptosim::Arch::A5 || !std::is_same_v<SrcT, float>),
            "TQUANT", "A5's MXFP4_E2M1 reads half or bfloat16_t tiles (not float)");
        PTOSIM_STATIC_CHECK((Q != QuantType::MXFP8 || std::is_same_v<typename Out::DType, int8_t>), "TQUANT",
                            "MXFP8 writes an int8_t tile (the FP8 E4M3 codes)");
        PTOSIM_STATIC_CHECK(
            (Q != QuantType::MXFP4_E2M1 || std::is_same_v<typename Out::DType, float4_e2m1x2_t>), "TQUANT",
            "MXFP4_E2M1 writes a float4_e2m1x2_t tile");
        PTOSIM_STATIC_CHECK((std::is_same_v<typename Exp::DType, uint8_t>), "TQUANT",
                            "exp is a uint8_t tile (the E8M0 exponents)");
        PTOSIM_STATIC_CHECK(
            (std::is_same_v<typename Max::DType, float> && std::is_same_v<typename Scaling::DType, float>),
            "TQUANT", "max and scaling are float tiles");
        PTOSIM_STATIC_CHECK((all_vec<Out, Src, Exp, Max, Scaling>()), "TQUANT",
                            "operands must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK((all_row_major<Out, Src>()), "TQUANT", "dst and src must be row-major");
        PTOSIM_STATIC_CHECK((Out::Rows == Src::Rows && Out::Cols == Src::Cols), "TQUANT",
                            "dst and src have the same static shape");
        PTOSIM_STATIC_CHECK(((Axis == 1 && Src::Cols % 32 == 0) || (Axis == 0 && Src::Rows % 32 == 0)),
                            "TQUANT", "blocks of 32: src's Cols (ND) or Rows (DN) must be a multiple of 32");
    }
}

template <QuantType Q, QuantScaleAlg A, int Axis, typename Out, typename Src, typename Exp, typename Max,
          typename Scaling>
void run_tquant_mx(Out& dst, Src& src, Exp* exp, Max* max, Scaling* scaling, Exp* exp_zz) {
    PTOSIM_CHECK(exp != nullptr && max != nullptr && scaling != nullptr, "TQUANT",
                 "the MX forms need the exp, max and scaling tiles (null pointer given)");
    const ptosim::ops::MxQuant q{
        Q == QuantType::MXFP8 ? ptosim::mx::Element::E4M3 : ptosim::mx::Element::E2M1,
        A == QuantScaleAlg::OCP ? ptosim::mx::ScaleAlg::Ocp : ptosim::mx::ScaleAlg::Nv, Axis == 1};
    if (exp_zz == nullptr) {
        ptosim::ops::tquant_mx(q, dst.view(), src.view(), exp->view(), max->view(), scaling->view(), nullptr);
    } else {
        const ptosim::TileView zz = exp_zz->view();
        ptosim::ops::tquant_mx(q, dst.view(), src.view(), exp->view(), max->view(), scaling->view(), &zz);
    }
}

// pto-isa's MxQuantAlg names the element format and the scale algorithm together.
template <auto Alg>
constexpr QuantType mx_alg_type() {
    return Alg == MxQuantAlg::OcpMxFp4E2M1 || Alg == MxQuantAlg::NvMxFp4E2M1 ? QuantType::MXFP4_E2M1
                                                                             : QuantType::MXFP8;
}
template <auto Alg>
constexpr QuantScaleAlg mx_alg_scale() {
    return Alg == MxQuantAlg::OcpMxFp8E4M3 || Alg == MxQuantAlg::OcpMxFp4E2M1 ? QuantScaleAlg::OCP
                                                                              : QuantScaleAlg::NV;
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
    PTOSIM_TSYNC(events...);
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
    PTOSIM_TSYNC(events...);
    if constexpr (detail::all_tiles<TileDataOut, TileDataSrc, TileDataPara>())
        detail::run_tquant<quant_type>(dst, src, scale, offset);
    return {};
}

// MX quantisation with blocks of 32 columns (ND); scale_alg OCP (the OCP MX rule) or NV.
template <auto quant_type, typename TileDataOut, typename TileDataSrc, typename TileDataExp,
          typename TileDataMax, typename TileDataScaling, auto scale_alg = QuantScaleAlg::OCP,
          typename... WaitEvents>
PTO_INST RecordEvent TQUANT(TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max,
                            TileDataScaling* scaling, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(quant_type), QuantType> &&
                         std::is_same_v<decltype(scale_alg), QuantScaleAlg>),
                        "TQUANT", "the template arguments are a QuantType and a QuantScaleAlg");
    if constexpr (std::is_same_v<decltype(quant_type), QuantType> &&
                  std::is_same_v<decltype(scale_alg), QuantScaleAlg>) {
        detail::check_tquant_mx<quant_type, scale_alg, 1, TileDataOut, TileDataSrc, TileDataExp, TileDataMax,
                                TileDataScaling>();
        PTOSIM_TSYNC(events...);
        if constexpr (detail::all_tiles<TileDataOut, TileDataSrc, TileDataExp, TileDataMax,
                                        TileDataScaling>())
            detail::run_tquant_mx<quant_type, scale_alg, 1>(dst, src, exp, max, scaling,
                                                            static_cast<TileDataExp*>(nullptr));
    }
    return {};
}

// MXFP8 ND (OCP) that also writes the exponents in ZZ order (store_mode VecStoreMode::NZ): exp gets them as a
// flat array, exp_zz reordered in 16-row x 2-block groups.
template <auto quant_type, auto store_mode, typename TileDataOut, typename TileDataSrc, typename TileDataExp,
          typename TileDataMax, typename TileDataScaling, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max,
                            TileDataScaling* scaling, TileDataExp* exp_zz, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(quant_type), QuantType> &&
                         std::is_same_v<decltype(store_mode), VecStoreMode>),
                        "TQUANT", "the template arguments are a QuantType and a VecStoreMode");
    if constexpr (std::is_same_v<decltype(quant_type), QuantType> &&
                  std::is_same_v<decltype(store_mode), VecStoreMode>) {
        PTOSIM_STATIC_CHECK(quant_type == QuantType::MXFP8 && store_mode == VecStoreMode::NZ, "TQUANT",
                            "the form with a ZZ exponent copy is TQUANT<QuantType::MXFP8, VecStoreMode::NZ>");
        detail::check_tquant_mx<quant_type, QuantScaleAlg::OCP, 1, TileDataOut, TileDataSrc, TileDataExp,
                                TileDataMax, TileDataScaling>();
        PTOSIM_TSYNC(events...);
        PTOSIM_CHECK(exp_zz != nullptr, "TQUANT", "the NZ form needs the exp_zz tile (null pointer given)");
        if constexpr (detail::all_tiles<TileDataOut, TileDataSrc, TileDataExp, TileDataMax,
                                        TileDataScaling>())
            detail::run_tquant_mx<quant_type, QuantScaleAlg::OCP, 1>(dst, src, exp, max, scaling, exp_zz);
    }
    return {};
}

// MX quantisation by MxQuantAlg along grp_axis: 1 = blocks of 32 columns of a row (ND), 0 = blocks of 32 rows
// of a column (DN). MxQuantAlg::Hif4 is not provided.
template <int grp_axis, auto mx_alg, typename TileDataOut, typename TileDataSrc, typename TileDataExp,
          typename TileDataMax, typename TileDataScaling, typename... WaitEvents>
PTO_INST RecordEvent TQUANT(TileDataOut& dst, TileDataSrc& src, TileDataExp* exp, TileDataMax* max,
                            TileDataScaling* scaling, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(mx_alg), MxQuantAlg>), "TQUANT",
                        "the second template argument is an MxQuantAlg");
    if constexpr (std::is_same_v<decltype(mx_alg), MxQuantAlg>) {
        PTOSIM_STATIC_CHECK(mx_alg != MxQuantAlg::Hif4, "TQUANT",
                            "MxQuantAlg::Hif4 is not provided (HiF4 quantisation is an A6 device form)");
        constexpr QuantType kType = detail::mx_alg_type<mx_alg>();
        constexpr QuantScaleAlg kScale = detail::mx_alg_scale<mx_alg>();
        detail::check_tquant_mx<kType, kScale, grp_axis, TileDataOut, TileDataSrc, TileDataExp, TileDataMax,
                                TileDataScaling>();
        PTOSIM_TSYNC(events...);
        if constexpr (detail::all_tiles<TileDataOut, TileDataSrc, TileDataExp, TileDataMax,
                                        TileDataScaling>() &&
                      (grp_axis == 0 || grp_axis == 1))
            detail::run_tquant_mx<kType, kScale, grp_axis>(dst, src, exp, max, scaling,
                                                           static_cast<TileDataExp*>(nullptr));
    }
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
        PTOSIM_TSYNC(events...);
        ptosim::ops::tdequant(dst.view(), src.view(), scale.view(), offset.view());
    }
    return {};
}

}  // namespace pto
