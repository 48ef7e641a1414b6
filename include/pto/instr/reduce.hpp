// Row and column reductions and expansions with pto-isa's signatures: TROWSUM/TROWMAX/TROWMIN/TROWPROD,
// TCOLSUM/TCOLMAX/TCOLMIN/TCOLPROD, the arg reductions TROWARGMAX/TROWARGMIN/TCOLARGMAX/TCOLARGMIN (index, or
// value and index), TROWEXPAND/TCOLEXPAND and TROWEXPAND<op>/TCOLEXPAND<op>. Each is one line at the end: a
// macro of its signature shape emits the intrinsic, which checks its operands against the instruction's
// descriptor (ptosim/isa/ops.def) at compile time and hands them to ptosim::ops::execute. Semantics, order of
// operations and types per profile: docs/isa/<NAME>.md.
//
// The tmp tiles and TCOLSUM's isBinary are accepted and change nothing (pto-isa's A2A3 devices use them as
// scratch; the result is defined without them).
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/elementwise.hpp"
#include "ptosim/ops/execute.hpp"

namespace pto::detail {

// The destination type a reduction allows for source type S: S itself, or on the CPU profile the sum types
// of pto-isa's CPU simulation (float for half / bfloat16, int32 for int16) where the row allows them.
template <ptosim::isa::Op OP, typename S, typename D>
constexpr bool reduction_dst_ok() {
    if constexpr (std::is_same_v<S, D>) {
        return true;
    } else {
        constexpr bool widened =
            ((std::is_same_v<S, half> || std::is_same_v<S, bfloat16_t>)&&std::is_same_v<D, float>) ||
            (std::is_same_v<S, int16_t> && std::is_same_v<D, int32_t>);
        return widened && ptosim::isa::op_info(OP).cpu_widen && ptosim::kArch == ptosim::Arch::CPU;
    }
}

}  // namespace pto::detail

// The static rules of a reduction: tiles, available, the source's type on the profile, the destination's
// type, Vec tiles, a row-major source.
#define PTOSIM_REDUCE_CHECKS(NAME, OP, Dst, Src)                                                          \
    PTOSIM_STATIC_CHECK((detail::all_tiles<Dst, Src>()), NAME, "operands must be Tiles");                 \
    if constexpr (detail::all_tiles<Dst, Src>()) {                                                        \
        PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::OP, Dst>()), NAME,             \
                            PTOSIM_AVAILABLE_RULE);                                                       \
        PTOSIM_STATIC_CHECK((detail::type_on_profile<ptosim::isa::Op::OP, typename Src::DType>()), NAME,  \
                            PTOSIM_TYPE_RULE(NAME, "element type"));                                      \
        PTOSIM_STATIC_CHECK(                                                                              \
            (detail::reduction_dst_ok<ptosim::isa::Op::OP, typename Src::DType, typename Dst::DType>()),  \
            NAME,                                                                                         \
            "dst must have src's element type (the CPU profile also takes the sum types where pto-isa's " \
            "CPU "                                                                                        \
            "simulation does)");                                                                          \
        PTOSIM_STATIC_CHECK((detail::all_vec<Dst, Src>()), NAME, "operands must be TileType::Vec tiles"); \
        PTOSIM_STATIC_CHECK((detail::all_row_major<Src>()), NAME, "src must be row-major");               \
    }

// dst = reduce(src) with a tmp tile: TROWSUM(dst, src, tmp).
#define PTOSIM_ROW_REDUCE(NAME)                                                                             \
    template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>      \
    PTO_INST RecordEvent NAME(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events) { \
        PTOSIM_REDUCE_CHECKS(#NAME, NAME, TileDataOut, TileDataIn)                                          \
        PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, #NAME, "tmp must be a Tile");                      \
        (void)tmp;                                                                                          \
        PTOSIM_TSYNC(events...);                                                                            \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src);                                       \
        return {};                                                                                          \
    }
// dst = reduce(src): TCOLMAX(dst, src).
#define PTOSIM_COL_REDUCE(NAME)                                                           \
    template <typename TileDataOut, typename TileDataIn, typename... WaitEvents,          \
              std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>                     \
    PTO_INST RecordEvent NAME(TileDataOut& dst, TileDataIn& src, WaitEvents&... events) { \
        PTOSIM_REDUCE_CHECKS(#NAME, NAME, TileDataOut, TileDataIn)                        \
        PTOSIM_TSYNC(events...);                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src);                     \
        return {};                                                                        \
    }

// The static rules of an expansion: the tile operands' and the vector's element type, Vec tiles, a row-major
// destination. Which source is the vector is decided at run time from the valid shapes
// (docs/isa/TROWEXPAND*).
#define PTOSIM_EXPAND_CHECKS(NAME, OP, Dst, ...)                                                         \
    PTOSIM_STATIC_CHECK((detail::all_tiles<Dst, __VA_ARGS__>()), NAME, "operands must be Tiles");        \
    if constexpr (detail::all_tiles<Dst, __VA_ARGS__>()) {                                               \
        PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::OP, Dst>()), NAME,            \
                            PTOSIM_AVAILABLE_RULE);                                                      \
        PTOSIM_STATIC_CHECK((detail::same_element_type<Dst, __VA_ARGS__>()), NAME,                       \
                            "every operand must have the destination's element type");                   \
        PTOSIM_STATIC_CHECK((detail::type_on_profile<ptosim::isa::Op::OP, typename Dst::DType>()), NAME, \
                            PTOSIM_TYPE_RULE(NAME, "element type"));                                     \
        PTOSIM_STATIC_CHECK((detail::all_vec<Dst, __VA_ARGS__>()), NAME,                                 \
                            "operands must be TileType::Vec tiles");                                     \
        PTOSIM_STATIC_CHECK((detail::all_row_major<Dst>()), NAME, "dst must be row-major");              \
    }

// dst = broadcast(src): TROWEXPAND(dst, src).
#define PTOSIM_EXPAND(NAME)                                                                \
    template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents,          \
              std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>                      \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events) { \
        PTOSIM_EXPAND_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                        \
        PTOSIM_TSYNC(events...);                                                           \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src);                      \
        return {};                                                                         \
    }
// dst = f(src0, src1) with one of them the vector: TROWEXPANDADD(dst, src0, src1).
#define PTOSIM_EXPAND_OP(NAME)                                                                            \
    template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents, \
              std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>                                     \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,                   \
                              WaitEvents&... events) {                                                    \
        PTOSIM_EXPAND_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                        \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }
// The same with pto-isa's tmp tile: TROWEXPANDADD(dst, src0, src1, tmp).
#define PTOSIM_EXPAND_OP_TMP(NAME)                                                                        \
    template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp,   \
              typename... WaitEvents,                                                                     \
              std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>      \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, \
                              WaitEvents&... events) {                                                    \
        PTOSIM_EXPAND_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                        \
        (void)tmp;                                                                                        \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }
// TROWEXPANDDIV / TCOLEXPANDDIV: a DivAlgorithm selector first, with and without tmp.
#define PTOSIM_EXPAND_DIV(NAME, WITH_TMP)                                                              \
    template <auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0, \
              typename TileDataSrc1, typename... WaitEvents,                                           \
              std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>                                  \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,                \
                              WaitEvents&... events) {                                                 \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), DivAlgorithm>), #NAME,            \
                            "the precision selector must be a DivAlgorithm");                          \
        PTOSIM_EXPAND_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                     \
        PTOSIM_TSYNC(events...);                                                                       \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                           \
        return {};                                                                                     \
    }                                                                                                  \
    WITH_TMP(NAME)
#define PTOSIM_EXPAND_DIV_TMP(NAME)                                                                       \
    template <auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc0,    \
              typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents,                        \
              std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>      \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, \
                              WaitEvents&... events) {                                                    \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), DivAlgorithm>), #NAME,               \
                            "the precision selector must be a DivAlgorithm");                             \
        PTOSIM_EXPAND_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                        \
        (void)tmp;                                                                                        \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }
#define PTOSIM_NO_TMP(NAME)

// The static rules of an arg reduction: the source's type on the profile, an int32_t / uint32_t index tile,
// Vec tiles, a row-major source.
#define PTOSIM_ARG_CHECKS(NAME, OP, Idx, Src)                                                                \
    PTOSIM_STATIC_CHECK((detail::all_tiles<Idx, Src>()), NAME, "operands must be Tiles");                    \
    if constexpr (detail::all_tiles<Idx, Src>()) {                                                           \
        PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::OP, Src>()), NAME,                \
                            PTOSIM_AVAILABLE_RULE);                                                          \
        PTOSIM_STATIC_CHECK((detail::type_on_profile<ptosim::isa::Op::OP, typename Src::DType>()), NAME,     \
                            PTOSIM_TYPE_RULE(NAME, "element type"));                                         \
        PTOSIM_STATIC_CHECK(                                                                                 \
            (std::is_same_v<typename Idx::DType, int32_t> || std::is_same_v<typename Idx::DType, uint32_t>), \
            NAME, "the index tile must hold int32_t or uint32_t");                                           \
        PTOSIM_STATIC_CHECK((detail::all_vec<Idx, Src>()), NAME, "operands must be TileType::Vec tiles");    \
        PTOSIM_STATIC_CHECK((detail::all_row_major<Src>()), NAME, "src must be row-major");                  \
    }
// TROWARGMAX(dstIdx, src, tmp) and TROWARGMAX(dstVal, dstIdx, src, tmp): the value form also writes the
// fold itself (VALUE_OP: TROWMAX, ...), which is the element at the index.
#define PTOSIM_ARG_REDUCE(NAME, VALUE_OP)                                                                   \
    template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents,      \
              std::enable_if_t<all_events_v<WaitEvents...>, int> = 0>                                       \
    PTO_INST RecordEvent NAME(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, WaitEvents&... events) { \
        PTOSIM_ARG_CHECKS(#NAME, NAME, TileDataOut, TileDataIn)                                             \
        PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, #NAME, "tmp must be a Tile");                      \
        (void)tmp;                                                                                          \
        PTOSIM_TSYNC(events...);                                                                            \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src);                                       \
        return {};                                                                                          \
    }                                                                                                       \
    template <typename TileDataOutVal, typename TileDataOutIdx, typename TileDataIn, typename TileDataTmp,  \
              typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataTmp>, int> = 0>               \
    PTO_INST RecordEvent NAME(TileDataOutVal& dstVal, TileDataOutIdx& dstIdx, TileDataIn& src,              \
                              TileDataTmp& tmp, WaitEvents&... events) {                                    \
        PTOSIM_ARG_CHECKS(#NAME, NAME, TileDataOutIdx, TileDataIn)                                          \
        PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataOutVal::DType, typename TileDataIn::DType>),   \
                            #NAME, "the value tile must have src's element type");                          \
        PTOSIM_STATIC_CHECK((detail::all_vec<TileDataOutVal>()), #NAME,                                     \
                            "operands must be TileType::Vec tiles");                                        \
        PTOSIM_TSYNC(events...);                                                                            \
        /* One instruction for the hazard checker and the trace: its outputs, then its inputs. */           \
        ptosim::hazards::Scope hz(#NAME, ptosim::hazards::Pipe::V);                                         \
        hz.write(dstVal.view());                                                                            \
        hz.write(dstIdx.view());                                                                            \
        hz.read(src.view());                                                                                \
        hz.read(tmp.view());                                                                                \
        detail::run_elementwise(ptosim::isa::Op::NAME, dstIdx, {}, src);                                    \
        detail::run_elementwise(ptosim::isa::Op::VALUE_OP, dstVal, {}, src);                                \
        return {};                                                                                          \
    }

// TPARTADD(dst, src0, src1): one element type, Vec tiles, row-major; the valid shapes are checked at run time
// (one source has dst's, the other fits inside it).
#define PTOSIM_PARTIAL(NAME)                                                                              \
    template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents> \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,                   \
                              WaitEvents&... events) {                                                    \
        PTOSIM_EXPAND_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                        \
        PTOSIM_STATIC_CHECK((detail::all_row_major<TileDataSrc0, TileDataSrc1>()), #NAME,                 \
                            "operands must be row-major");                                                \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }

namespace pto {

// TPAIRREDUCESUM(dst, src0): sums of adjacent column pairs (docs/isa/TPAIRREDUCESUM.md).
template <typename TileDataDst, typename TileDataSrc0, typename... WaitEvents>
PTO_INST RecordEvent TPAIRREDUCESUM(TileDataDst& dst, TileDataSrc0& src0, WaitEvents&... events) {
    PTOSIM_EXPAND_CHECKS("TPAIRREDUCESUM", TPAIRREDUCESUM, TileDataDst, TileDataSrc0)
    PTOSIM_STATIC_CHECK((detail::all_row_major<TileDataSrc0>()), "TPAIRREDUCESUM",
                        "operands must be row-major");
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TPAIRREDUCESUM, dst, {}, src0);
    return {};
}

PTOSIM_PARTIAL(TPARTADD)
PTOSIM_PARTIAL(TPARTMUL)
PTOSIM_PARTIAL(TPARTMAX)
PTOSIM_PARTIAL(TPARTMIN)

PTOSIM_ROW_REDUCE(TROWSUM)
PTOSIM_ROW_REDUCE(TROWMAX)
PTOSIM_ROW_REDUCE(TROWMIN)
PTOSIM_ROW_REDUCE(TROWPROD)

PTOSIM_COL_REDUCE(TCOLSUM)
PTOSIM_COL_REDUCE(TCOLMAX)
PTOSIM_COL_REDUCE(TCOLMIN)
PTOSIM_COL_REDUCE(TCOLPROD)

// TCOLSUM(dst, src, tmp, isBinary): pto-isa's devices sum pairwise through tmp when isBinary; the result here
// is the sequential sum either way (docs/isa/TCOLSUM.md).
template <typename TileDataOut, typename TileDataIn, typename TileDataTmp, typename... WaitEvents>
PTO_INST RecordEvent TCOLSUM(TileDataOut& dst, TileDataIn& src, TileDataTmp& tmp, bool isBinary,
                             WaitEvents&... events) {
    PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, "TCOLSUM", "tmp must be a Tile");
    (void)tmp;
    (void)isBinary;
    return TCOLSUM(dst, src, events...);
}

PTOSIM_ARG_REDUCE(TROWARGMAX, TROWMAX)
PTOSIM_ARG_REDUCE(TROWARGMIN, TROWMIN)
PTOSIM_ARG_REDUCE(TCOLARGMAX, TCOLMAX)
PTOSIM_ARG_REDUCE(TCOLARGMIN, TCOLMIN)

PTOSIM_EXPAND(TROWEXPAND)
PTOSIM_EXPAND(TCOLEXPAND)

PTOSIM_EXPAND_OP(TROWEXPANDADD)
PTOSIM_EXPAND_OP_TMP(TROWEXPANDADD)
PTOSIM_EXPAND_OP(TROWEXPANDSUB)
PTOSIM_EXPAND_OP_TMP(TROWEXPANDSUB)
PTOSIM_EXPAND_OP(TROWEXPANDMUL)
PTOSIM_EXPAND_OP_TMP(TROWEXPANDMUL)
PTOSIM_EXPAND_DIV(TROWEXPANDDIV, PTOSIM_EXPAND_DIV_TMP)
PTOSIM_EXPAND_OP(TROWEXPANDMAX)
PTOSIM_EXPAND_OP_TMP(TROWEXPANDMAX)
PTOSIM_EXPAND_OP(TROWEXPANDMIN)
PTOSIM_EXPAND_OP_TMP(TROWEXPANDMIN)
PTOSIM_EXPAND_OP(TROWEXPANDEXPDIF)
PTOSIM_EXPAND_OP_TMP(TROWEXPANDEXPDIF)

PTOSIM_EXPAND_OP(TCOLEXPANDADD)
PTOSIM_EXPAND_OP(TCOLEXPANDSUB)
PTOSIM_EXPAND_OP(TCOLEXPANDMUL)
PTOSIM_EXPAND_DIV(TCOLEXPANDDIV, PTOSIM_NO_TMP)
PTOSIM_EXPAND_OP(TCOLEXPANDMAX)
PTOSIM_EXPAND_OP(TCOLEXPANDMIN)
PTOSIM_EXPAND_OP(TCOLEXPANDEXPDIF)

}  // namespace pto

#undef PTOSIM_REDUCE_CHECKS
#undef PTOSIM_ROW_REDUCE
#undef PTOSIM_COL_REDUCE
#undef PTOSIM_EXPAND_CHECKS
#undef PTOSIM_EXPAND
#undef PTOSIM_EXPAND_OP
#undef PTOSIM_EXPAND_OP_TMP
#undef PTOSIM_EXPAND_DIV
#undef PTOSIM_EXPAND_DIV_TMP
#undef PTOSIM_NO_TMP
#undef PTOSIM_ARG_CHECKS
#undef PTOSIM_ARG_REDUCE
#undef PTOSIM_PARTIAL
