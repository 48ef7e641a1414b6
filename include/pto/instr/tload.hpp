// TLOAD / TSTORE: copy the valid region of a tile from / to a GlobalTensor (docs/isa/TLOAD.md, TSTORE.md);
// TSTORE's converting, ReLU, accumulating and quantising forms.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/quant_args.hpp"
#include "pto/instr/tload_mx.hpp"
#include "ptosim/core/global_view.hpp"
#include "ptosim/ops/memory.hpp"

namespace pto {

namespace detail {

template <typename GlobalData>
ptosim::GlobalView global_view(GlobalData& g) {
    ptosim::GlobalView v;
    v.data = reinterpret_cast<std::byte*>(const_cast<typename GlobalData::RawDType*>(g.data()));
    v.dtype = ptosim::dtype_of<typename GlobalData::RawDType>;
    for (int i = 0; i < 5; ++i) {
        v.shape[i] = g.GetShape(i);
        v.stride[i] = g.GetStride(i);
    }
    v.layout = GlobalData::layout == Layout::DN   ? ptosim::GlobalLayout::DN
               : GlobalData::layout == Layout::NZ ? ptosim::GlobalLayout::NZ
                                                  : ptosim::GlobalLayout::ND;
    if constexpr (is_mx_layout(GlobalData::layout))
        v.layout = mx_global_layout(GlobalData::layout);
    return v;
}

constexpr bool movable_global_layout(Layout l) {
    return l == Layout::ND || l == Layout::DN || l == Layout::NZ;
}

template <auto P>
constexpr ptosim::Pad pad_of() {
    if constexpr (std::is_same_v<decltype(P), PadValue>) {
        static_assert(static_cast<uint64_t>(P) <= 3, "TLOAD: custom pad values are not supported");
        return static_cast<ptosim::Pad>(static_cast<uint8_t>(P));
    } else {
        static_assert(std::is_same_v<decltype(P), PadValue>, "TLOAD: the tile's PadVal must be a PadValue");
        return ptosim::Pad::Null;
    }
}

}  // namespace detail

template <typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TLOAD(TileData& dst, GlobalData& src, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TLOAD", "dst must be a Tile");
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TLOAD", "src must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(sizeof(typename TileData::DType) == sizeof(typename GlobalData::RawDType), "TLOAD",
                        "tile and global tensor element sizes must match");
    PTOSIM_STATIC_CHECK(
        detail::movable_global_layout(GlobalData::layout) || detail::is_mx_layout(GlobalData::layout),
        "TLOAD",
        "the global tensor layout must be Layout::ND, Layout::DN, Layout::NZ or an MX scale layout (MX_A_ZZ, "
        "MX_A_ND, MX_A_DN, MX_B_NN, MX_B_ND, MX_B_DN)");
    if constexpr (detail::is_mx_layout(GlobalData::layout))
        detail::tload_mx_checks<TileData, GlobalData>();
    PTOSIM_TSYNC(events...);
    ptosim::ops::tload(dst.view(), detail::global_view(src), detail::pad_of<TileData::PadVal>());
    return {};
}

namespace detail {

// Every TSTORE form: the tile's valid region to the global tensor, converted (from an Acc tile, or with a
// quantisation word), with ReLU, or added to it (AtomicAdd).
template <bool kQuantised, typename TileData, typename GlobalData>
void tstore(GlobalData& dst, TileData& src, AtomicType atomic, ReluPreMode relu, QuantArg q = {}) {
    PTOSIM_STATIC_CHECK(is_global_data_v<GlobalData>, "TSTORE", "dst must be a GlobalTensor");
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileData>, "TSTORE", "src must be a Tile");
    PTOSIM_STATIC_CHECK(detail::movable_global_layout(GlobalData::layout), "TSTORE",
                        "the global tensor layout must be Layout::ND, Layout::DN or Layout::NZ");
    using TT = typename TileData::DType;
    using GT = typename GlobalData::RawDType;
    PTOSIM_STATIC_CHECK(
        kQuantised || TileData::Loc == TileType::Acc || sizeof(TT) == sizeof(GT), "TSTORE",
        "tile and global tensor element sizes must match (only an Acc tile, through the fixpipe, "
        "or a quantising form converts)");
    ptosim::StoreSpec s;
    s.relu = relu == ReluPreMode::NormalRelu;
    s.atomic_add = atomic == AtomicType::AtomicAdd;
    constexpr auto tt = ptosim::dtype_of<TT>;
    constexpr auto gt = ptosim::dtype_of<GT>;
    if (q.kind == QuantArg::Kind::Scalar) {
        s.mode = ptosim::prequant::scalar_mode(tt, gt);
        s.scalar = q.scalar;
    } else if (q.kind == QuantArg::Kind::Vector) {
        s.mode = ptosim::prequant::vector_mode(tt, gt);
        if (s.mode != ptosim::prequant::Mode::NoQuant)
            s.words = q.words;
        // One word per output column from an Acc tile (the devices' fixpipe); pto-isa's CPU rule for other
        // tiles: per column of a row-major tile, per row of a column-major one.
        s.words_by_row = TileData::Loc != TileType::Acc && !TileData::isRowMajor;
    }
    s.saturate = quant_saturation();
    ptosim::ops::tstore(global_view(dst), src.view(), s);
}

}  // namespace detail

template <typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<false>(dst, src, AtomicType::AtomicNone, ReluPreMode::NoRelu);
    return {};
}
template <STPhase Phase, typename TileData, typename GlobalData, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<false>(dst, src, AtomicType::AtomicNone, ReluPreMode::NoRelu);
    return {};
}
template <typename TileData, typename GlobalData, AtomicType atomicType, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<false>(dst, src, atomicType, ReluPreMode::NoRelu);
    return {};
}
template <STPhase Phase, typename TileData, typename GlobalData, AtomicType atomicType,
          typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<false>(dst, src, atomicType, ReluPreMode::NoRelu);
    return {};
}
template <typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone,
          ReluPreMode reluPreMode, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<false>(dst, src, atomicType, reluPreMode);
    return {};
}
template <STPhase Phase, typename TileData, typename GlobalData,
          AtomicType atomicType = AtomicType::AtomicNone, ReluPreMode reluPreMode, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<false>(dst, src, atomicType, reluPreMode);
    return {};
}
template <typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone,
          ReluPreMode reluPreMode = ReluPreMode::NoRelu, typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, uint64_t preQuantScalar, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<true>(dst, src, atomicType, reluPreMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <STPhase Phase, typename TileData, typename GlobalData,
          AtomicType atomicType = AtomicType::AtomicNone, ReluPreMode reluPreMode = ReluPreMode::NoRelu,
          typename... WaitEvents>
PTO_INST RecordEvent TSTORE(GlobalData& dst, TileData& src, uint64_t preQuantScalar, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<true>(dst, src, atomicType, reluPreMode, detail::scalar_quant(preQuantScalar));
    return {};
}
template <typename TileData, typename GlobalData, typename FpTileData,
          AtomicType atomicType = AtomicType::AtomicNone, ReluPreMode reluPreMode = ReluPreMode::NoRelu,
          typename... WaitEvents>
PTO_INST RecordEvent TSTORE_FP(GlobalData& dst, TileData& src, FpTileData& fp, WaitEvents&... events) {
    PTOSIM_TSYNC(events...);
    detail::tstore<true>(dst, src, atomicType, reluPreMode, detail::vector_quant(fp, "TSTORE_FP"));
    return {};
}

}  // namespace pto
