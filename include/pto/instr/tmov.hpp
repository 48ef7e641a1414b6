// TMOV, TEXTRACT, TINSERT and their ReLU / quantising forms (docs/isa/TMOV.md): moves between tiles of any
// type and layout, with the element type converted on the way. pto-isa's overloads, with and without the
// STPhase unit-flag hint and the AccToVecMode (which the CPU model records nowhere: the whole matrix goes to
// the destination).
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/quant_args.hpp"
#include "ptosim/ops/move.hpp"

namespace pto {

namespace detail {

template <typename Dst, typename Src>
constexpr bool movable_tiles() {
    return is_tile_data_v<Dst> && is_tile_data_v<Src>;
}

template <typename Dst, typename Src>
void apply_quant(ptosim::MoveSpec& s, QuantArg& q) {
    constexpr auto st = ptosim::dtype_of<typename Src::DType>;
    constexpr auto dt = ptosim::dtype_of<typename Dst::DType>;
    if (q.kind == QuantArg::Kind::Scalar) {
        s.mode = ptosim::prequant::scalar_mode(st, dt);
        s.scalar = q.scalar;
    } else if (q.kind == QuantArg::Kind::Vector) {
        s.mode = ptosim::prequant::vector_mode(st, dt);
        if (s.mode != ptosim::prequant::Mode::NoQuant)
            s.words = q.words;
    }
    s.saturate = quant_saturation();
}

// TMOV: src's valid region to the same positions of dst; ReLU sets negative results to 0.
template <typename Dst, typename Src>
void tmov(Dst& dst, Src& src, ReluPreMode relu) {
    PTOSIM_STATIC_CHECK((movable_tiles<Dst, Src>()), "TMOV", "dst and src must be Tiles");
    ptosim::MoveSpec s;
    s.rows = static_cast<int32_t>(src.GetValidRow());
    s.cols = static_cast<int32_t>(src.GetValidCol());
    s.relu = relu_of(relu, ptosim::prequant::Relu::Negative);
    ptosim::ops::tmove("TMOV", dst.view(), src.view(), s);
}

// TEXTRACT: dst's valid region from src at (indexRow, indexCol); ReLU and quantisation on the source value.
template <typename Dst, typename Src>
void textract(const char* instr, Dst& dst, Src& src, uint16_t r, uint16_t c, ReluPreMode relu, QuantArg q) {
    PTOSIM_STATIC_CHECK((movable_tiles<Dst, Src>()), "TEXTRACT", "dst and src must be Tiles");
    ptosim::MoveSpec s;
    s.rows = static_cast<int32_t>(dst.GetValidRow());
    s.cols = static_cast<int32_t>(dst.GetValidCol());
    s.src_row = r;
    s.src_col = c;
    s.relu = relu_of(relu, ptosim::prequant::Relu::Positive);
    apply_quant<Dst, Src>(s, q);
    ptosim::ops::tmove(instr, dst.view(), src.view(), s, true);
}

// TINSERT: src's valid region into dst at (indexRow, indexCol).
template <typename Dst, typename Src>
void tinsert(const char* instr, Dst& dst, Src& src, uint16_t r, uint16_t c, ReluPreMode relu, QuantArg q) {
    PTOSIM_STATIC_CHECK((movable_tiles<Dst, Src>()), "TINSERT", "dst and src must be Tiles");
    ptosim::MoveSpec s;
    s.rows = static_cast<int32_t>(src.GetValidRow());
    s.cols = static_cast<int32_t>(src.GetValidCol());
    s.dst_row = r;
    s.dst_col = c;
    s.relu = relu_of(relu, ptosim::prequant::Relu::Positive);
    apply_quant<Dst, Src>(s, q);
    ptosim::ops::tmove(instr, dst.view(), src.view(), s, true);
}

template <typename T>
inline constexpr bool dependent_false_v = false;

}  // namespace detail

// ---- TMOV
// ---------------------------------------------------------------------------------------------------

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tmov(dst, src, ReluPreMode::NoRelu);
    return {};
}
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tmov(dst, src, reluMode);
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tmov(dst, src, ReluPreMode::NoRelu);
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData, ReluPreMode reluMode,
          typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tmov(dst, src, reluMode);
    return {};
}
template <typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tmov(dst, src, reluMode);
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tmov(dst, src, reluMode);
    return {};
}

// With a quantisation tile: TEXTRACT_FP at (0, 0) (the plain three-tile form included, as in pto-isa).
template <typename DstTileData, typename SrcTileData, typename TmpTileData, typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<TmpTileData>, int> = 0>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, TmpTileData& tmp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, ReluPreMode::NoRelu, detail::vector_quant(tmp, "TMOV"));
    return {};
}
template <int grp_axis, typename DstTileData, typename SrcTileData, typename TmpTileData,
          typename... WaitEvents, std::enable_if_t<is_tile_data_v<TmpTileData>, int> = 0>
PTO_INST RecordEvent TMOV(DstTileData&, SrcTileData&, TmpTileData&, WaitEvents&...) {
    PTOSIM_STATIC_CHECK(
        detail::dependent_false_v<DstTileData>, "TMOV",
        "the grp_axis form (MX exponents to the ZZ layout) is not supported yet; pto-isa's CPU "
        "simulation has no implementation of it either");
    return {};
}
template <typename DstTileData, typename SrcTileData, typename FpTileData,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV_FP(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV_FP", dst, src, 0, 0, reluMode, detail::vector_quant(fp, "TMOV_FP"));
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData, typename FpTileData,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV_FP(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV_FP", dst, src, 0, 0, reluMode, detail::vector_quant(fp, "TMOV_FP"));
    return {};
}
template <typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, reluMode, detail::vector_quant(fp, "TMOV"));
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, FpTileData& fp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, reluMode, detail::vector_quant(fp, "TMOV"));
    return {};
}

// With a quantisation scalar: quantised as the devices' fixpipe does (pto-isa's CPU simulation ignores the
// scalar; docs/compat.md).
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
          typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar,
                          WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, reluMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar,
                          WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, reluMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar,
                          WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, reluMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <STPhase Phase, typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TMOV(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar,
                          WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TMOV", dst, src, 0, 0, reluMode, detail::scalar_quant(preQuantScalar));
    return {};
}

// ---- TEXTRACT
// -----------------------------------------------------------------------------------------------

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, SrcTileData& src, uint16_t indexRow = 0,
                              uint16_t indexCol = 0, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT", dst, src, indexRow, indexCol, ReluPreMode::NoRelu, {});
    return {};
}
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol,
                              WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT", dst, src, indexRow, indexCol, reluMode, {});
    return {};
}
template <typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol,
                              WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT", dst, src, indexRow, indexCol, reluMode, {});
    return {};
}
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
          typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow,
                              uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT", dst, src, indexRow, indexCol, reluMode,
                     detail::scalar_quant(preQuantScalar));
    return {};
}
template <typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow,
                              uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT", dst, src, indexRow, indexCol, reluMode,
                     detail::scalar_quant(preQuantScalar));
    return {};
}
template <typename DstTileData, typename SrcTileData, typename FpTileData,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT_FP(DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow,
                                 uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT_FP", dst, src, indexRow, indexCol, reluMode,
                     detail::vector_quant(fp, "TEXTRACT_FP"));
    return {};
}
template <typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TEXTRACT(DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow,
                              uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::textract("TEXTRACT", dst, src, indexRow, indexCol, reluMode,
                     detail::vector_quant(fp, "TEXTRACT"));
    return {};
}

// ---- TINSERT
// ------------------------------------------------------------------------------------------------

template <typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol,
                             WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, ReluPreMode::NoRelu, {});
    return {};
}
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol,
                             WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, reluMode, {});
    return {};
}
template <typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, uint16_t indexRow, uint16_t indexCol,
                             WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, reluMode, {});
    return {};
}
template <typename DstTileData, typename SrcTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow,
                             uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, reluMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <typename DstTileData, typename SrcTileData, typename FpTileData, AccToVecMode mode,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow,
                             uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, reluMode, detail::vector_quant(fp, "TINSERT"));
    return {};
}
template <typename DstTileData, typename SrcTileData, ReluPreMode reluMode = ReluPreMode::NoRelu,
          typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, uint64_t preQuantScalar, uint16_t indexRow,
                             uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, reluMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <typename DstTileData, typename SrcTileData, typename FpTileData,
          ReluPreMode reluMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TINSERT_FP(DstTileData& dst, SrcTileData& src, FpTileData& fp, uint16_t indexRow,
                                uint16_t indexCol, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT_FP", dst, src, indexRow, indexCol, reluMode,
                    detail::vector_quant(fp, "TINSERT_FP"));
    return {};
}
// The A5 split modes (SPLIT2 / SPLIT4 divide the work between vector cores): one core writes everything.
template <TInsertMode mode, typename DstTileData, typename SrcTileData, typename... WaitEvents>
PTO_INST RecordEvent TINSERT(DstTileData& dst, SrcTileData& src, uint16_t indexRow = 0, uint16_t indexCol = 0,
                             WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tinsert("TINSERT", dst, src, indexRow, indexCol, ReluPreMode::NoRelu, {});
    return {};
}

}  // namespace pto
