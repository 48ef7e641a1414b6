// The element-wise instructions (binary, unary, ternary, tile-scalar) with pto-isa's signatures. Each is one
// line below: a macro of its signature shape emits the intrinsic, which checks its operands against the
// instruction's descriptor (ptosim/isa/ops.def) at compile time and hands them to ptosim::ops::execute, which
// checks them again at run time and runs the family kernel. Semantics, types per profile and rounding:
// docs/isa/<NAME>.md.
//
// The precision template argument (DivAlgorithm, ExpAlgorithm, ...) is accepted and has no effect: every mode
// gives the exactly specified result (docs/isa/README.md).
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "ptosim/core/scalar.hpp"
#include "ptosim/ops/execute.hpp"

namespace pto::detail {

// The descriptor rules every element-wise operand list shares.
template <typename... Tiles>
constexpr bool all_tiles() {
    return (is_tile_data_v<Tiles> && ...);
}
template <typename Dst, typename... Srcs>
constexpr bool same_element_type() {
    return (std::is_same_v<typename Dst::DType, typename Srcs::DType> && ...);
}
template <typename... Tiles>
constexpr bool all_vec() {
    return ((Tiles::Loc == TileType::Vec) && ...);
}
template <typename... Tiles>
constexpr bool all_row_major() {
    return (is_plain_row_major<Tiles>() && ...);
}
// The row's layout rule (isa::OpInfo::any_major): row-major tiles, or all column-major ones where the device
// code takes them.
template <ptosim::isa::Op OP, typename... Tiles>
constexpr bool layouts_allowed() {
    return all_row_major<Tiles...>() ||
           (ptosim::isa::op_info(OP).any_major && (is_plain_col_major<Tiles>() && ...));
}
template <typename Dst, typename... Srcs>
constexpr bool same_valid_shapes() {
    return (same_static_valid_shape<Dst, Srcs>() && ...);
}

template <typename T>
ptosim::TileView view_of(const T& tile) {
    return tile.view();
}

// Run op with destination dst, the source tiles and the scalars (as element bits), after waiting for events.
template <typename Dst, typename... Srcs>
void run_elementwise(ptosim::isa::Op op, Dst& dst, std::initializer_list<uint64_t> scalars,
                     const Srcs&... srcs) {
    const ptosim::TileView dsts[] = {dst.view()};
    const ptosim::TileView src_views[] = {view_of(srcs)..., ptosim::TileView{}};
    const std::size_t nsrc = sizeof...(Srcs);
    ptosim::ops::execute(op, {dsts,
                              std::span<const ptosim::TileView>(src_views, nsrc),
                              std::span<const uint64_t>(scalars.begin(), scalars.size()),
                              {}});
}

}  // namespace pto::detail

// The static rules of an element-wise intrinsic named NAME over the tile types Dst, Srcs...: tiles, available
// on the profile, one element type the profile accepts, Vec tiles, row-major, one valid shape.
#define PTOSIM_EW_CHECKS(NAME, OP, Dst, ...)                                                             \
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
        PTOSIM_STATIC_CHECK(                                                                             \
            (detail::layouts_allowed<ptosim::isa::Op::OP, Dst, __VA_ARGS__>()), NAME,                    \
            "operands must be row-major (column-major too, all alike, where the device takes it)");      \
        PTOSIM_STATIC_CHECK((detail::same_valid_shapes<Dst, __VA_ARGS__>()), NAME,                       \
                            "every operand must have the destination's valid shape");                    \
    }

// dst = f(src0, src1)
#define PTOSIM_BINARY(NAME)                                                                               \
    template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename... WaitEvents> \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,                   \
                              WaitEvents&... events) {                                                    \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                            \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }
// The same with a precision selector first: NAME<Algo::HIGH_PRECISION>(dst, src0, src1).
#define PTOSIM_BINARY_PRECISION(NAME, ALGO)                                                    \
    template <auto PrecisionType = ALGO::DEFAULT, typename TileDataDst, typename TileDataSrc0, \
              typename TileDataSrc1, typename... WaitEvents>                                   \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1,        \
                              WaitEvents&... events) {                                         \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), ALGO>), #NAME,            \
                            "the precision selector must be a " #ALGO);                        \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                 \
        PTOSIM_TSYNC(events...);                                                               \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                   \
        return {};                                                                             \
    }
// dst = f(src0, src1) with a scratch tile pto-isa's devices use; ptosim does not need it and never touches
// it.
#define PTOSIM_BINARY_TMP(NAME)                                                                           \
    template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp,   \
              typename... WaitEvents>                                                                     \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, \
                              WaitEvents&... events) {                                                    \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                            \
        PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, #NAME, "tmp must be a Tile");                    \
        (void)tmp;                                                                                        \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }
#define PTOSIM_BINARY_PRECISION_TMP(NAME, ALGO)                                                           \
    template <auto PrecisionType = ALGO::DEFAULT, typename TileDataDst, typename TileDataSrc0,            \
              typename TileDataSrc1, typename TileDataTmp, typename... WaitEvents>                        \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, TileDataTmp& tmp, \
                              WaitEvents&... events) {                                                    \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), ALGO>), #NAME,                       \
                            "the precision selector must be a " #ALGO);                                   \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc0, TileDataSrc1)                            \
        PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, #NAME, "tmp must be a Tile");                    \
        (void)tmp;                                                                                        \
        PTOSIM_TSYNC(events...);                                                                          \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src0, src1);                              \
        return {};                                                                                        \
    }
// dst = f(src)
#define PTOSIM_UNARY(NAME)                                                                 \
    template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>          \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events) { \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                            \
        PTOSIM_TSYNC(events...);                                                           \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src);                      \
        return {};                                                                         \
    }
#define PTOSIM_UNARY_PRECISION(NAME, ALGO)                                                    \
    template <auto PrecisionType = ALGO::DEFAULT, typename TileDataDst, typename TileDataSrc, \
              typename... WaitEvents>                                                         \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, WaitEvents&... events) {    \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), ALGO>), #NAME,           \
                            "the precision selector must be a " #ALGO);                       \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                               \
        PTOSIM_TSYNC(events...);                                                              \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {}, src);                         \
        return {};                                                                            \
    }
// dst = f(src, scalar); the scalar has the element type of SCALAR_OF (TileDataSrc or TileDataDst, as
// pto-isa).
#define PTOSIM_TILE_SCALAR(NAME, SCALAR_OF)                                                         \
    template <typename TileDataDst, typename TileDataSrc, typename... WaitEvents>                   \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, typename SCALAR_OF::DType scalar, \
                              WaitEvents&... events) {                                              \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                                     \
        PTOSIM_TSYNC(events...);                                                                    \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {ptosim::scalar_bits(scalar)}, src);    \
        return {};                                                                                  \
    }
#define PTOSIM_TILE_SCALAR_PRECISION(NAME, ALGO)                                                      \
    template <auto PrecisionType = ALGO::DEFAULT, typename TileDataDst, typename TileDataSrc,         \
              typename... WaitEvents>                                                                 \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar, \
                              WaitEvents&... events) {                                                \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), ALGO>), #NAME,                   \
                            "the precision selector must be a " #ALGO);                               \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                                       \
        PTOSIM_TSYNC(events...);                                                                      \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {ptosim::scalar_bits(scalar)}, src);      \
        return {};                                                                                    \
    }
#define PTOSIM_TILE_SCALAR_TMP(NAME, SCALAR_OF)                                                         \
    template <typename TileDataDst, typename TileDataSrc, typename TileDataTmp, typename... WaitEvents> \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, typename SCALAR_OF::DType scalar,     \
                              TileDataTmp& tmp, WaitEvents&... events) {                                \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                                         \
        PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, #NAME, "tmp must be a Tile");                  \
        (void)tmp;                                                                                      \
        PTOSIM_TSYNC(events...);                                                                        \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {ptosim::scalar_bits(scalar)}, src);        \
        return {};                                                                                      \
    }
#define PTOSIM_TILE_SCALAR_PRECISION_TMP(NAME, ALGO, SCALAR_OF)                                     \
    template <auto PrecisionType = ALGO::DEFAULT, typename TileDataDst, typename TileDataSrc,       \
              typename TileDataTmp, typename... WaitEvents>                                         \
    PTO_INST RecordEvent NAME(TileDataDst& dst, TileDataSrc& src, typename SCALAR_OF::DType scalar, \
                              TileDataTmp& tmp, WaitEvents&... events) {                            \
        PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), ALGO>), #NAME,                 \
                            "the precision selector must be a " #ALGO);                             \
        PTOSIM_EW_CHECKS(#NAME, NAME, TileDataDst, TileDataSrc)                                     \
        PTOSIM_STATIC_CHECK(is_tile_data_v<TileDataTmp>, #NAME, "tmp must be a Tile");              \
        (void)tmp;                                                                                  \
        PTOSIM_TSYNC(events...);                                                                    \
        detail::run_elementwise(ptosim::isa::Op::NAME, dst, {ptosim::scalar_bits(scalar)}, src);    \
        return {};                                                                                  \
    }

namespace pto {

// Binary
PTOSIM_BINARY(TADD)
PTOSIM_BINARY(TSUB)
PTOSIM_BINARY(TMUL)
PTOSIM_BINARY_PRECISION(TDIV, DivAlgorithm)
PTOSIM_BINARY_PRECISION_TMP(TREM, RemAlgorithm)
PTOSIM_BINARY_PRECISION(TFMOD, FmodAlgorithm)
PTOSIM_BINARY_PRECISION_TMP(TPOW, PowAlgorithm)
PTOSIM_BINARY(TAND)
PTOSIM_BINARY(TOR)
PTOSIM_BINARY_TMP(TXOR)
PTOSIM_BINARY(TSHL)
PTOSIM_BINARY(TSHR)
PTOSIM_BINARY(TMAX)
PTOSIM_BINARY(TMIN)
PTOSIM_BINARY_TMP(TPRELU)
PTOSIM_BINARY(TSUBRELU)
PTOSIM_BINARY(TMULADDDST)
PTOSIM_BINARY(TFUSEDMULADD)
PTOSIM_BINARY(TFUSEDMULADDRELU)

// Unary
PTOSIM_UNARY(TABS)
PTOSIM_UNARY(TNOT)
PTOSIM_UNARY(TNEG)
PTOSIM_UNARY(TRELU)
PTOSIM_UNARY_PRECISION(TEXP, ExpAlgorithm)
PTOSIM_UNARY_PRECISION(TLOG, LogAlgorithm)
PTOSIM_UNARY_PRECISION(TSQRT, SqrtAlgorithm)
PTOSIM_UNARY_PRECISION(TRECIP, RecipAlgorithm)
PTOSIM_UNARY_PRECISION(TRSQRT, RsqrtAlgorithm)

// Tile-scalar
PTOSIM_TILE_SCALAR(TADDS, TileDataSrc)
PTOSIM_TILE_SCALAR(TSUBS, TileDataSrc)
PTOSIM_TILE_SCALAR(TMULS, TileDataSrc)
PTOSIM_TILE_SCALAR(TMAXS, TileDataSrc)
PTOSIM_TILE_SCALAR(TMINS, TileDataSrc)
PTOSIM_TILE_SCALAR(TLRELU, TileDataSrc)
PTOSIM_TILE_SCALAR(TAXPY, TileDataSrc)
PTOSIM_TILE_SCALAR(TANDS, TileDataDst)
PTOSIM_TILE_SCALAR(TORS, TileDataDst)
PTOSIM_TILE_SCALAR(TSHLS, TileDataDst)
PTOSIM_TILE_SCALAR(TSHRS, TileDataDst)
PTOSIM_TILE_SCALAR_PRECISION(TFMODS, FmodSAlgorithm)
PTOSIM_TILE_SCALAR_TMP(TXORS, TileDataSrc)
PTOSIM_TILE_SCALAR_PRECISION_TMP(TREMS, RemSAlgorithm, TileDataSrc)
PTOSIM_TILE_SCALAR_PRECISION_TMP(TPOWS, PowAlgorithm, TileDataDst)

// TRSQRT with pto-isa's scratch tile (not needed).
template <auto PrecisionType = RsqrtAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc,
          typename TileDataTmp, typename... WaitEvents,
          std::enable_if_t<is_tile_data_v<TileDataTmp> && all_events_v<WaitEvents...>, int> = 0>
PTO_INST RecordEvent TRSQRT(TileDataDst& dst, TileDataSrc& src, TileDataTmp& tmp, WaitEvents&... events) {
    (void)tmp;
    return TRSQRT<PrecisionType>(dst, src, events...);
}

// TDIVS in both orders: dst = src / scalar, and dst = scalar / src.
template <auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc,
          typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataSrc>, int> = 0>
PTO_INST RecordEvent TDIVS(TileDataDst& dst, TileDataSrc& src, typename TileDataSrc::DType scalar,
                           WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), DivAlgorithm>), "TDIVS",
                        "the precision selector must be a DivAlgorithm");
    PTOSIM_EW_CHECKS("TDIVS", TDIVS, TileDataDst, TileDataSrc)
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TDIVS, dst, {ptosim::scalar_bits(scalar)}, src);
    return {};
}
template <auto PrecisionType = DivAlgorithm::DEFAULT, typename TileDataDst, typename TileDataSrc,
          typename... WaitEvents, std::enable_if_t<is_tile_data_v<TileDataSrc>, int> = 0>
PTO_INST RecordEvent TDIVS(TileDataDst& dst, typename TileDataDst::DType scalar, TileDataSrc& src,
                           WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((std::is_same_v<decltype(PrecisionType), DivAlgorithm>), "TDIVS",
                        "the precision selector must be a DivAlgorithm");
    PTOSIM_EW_CHECKS("TDIVS", TRDIVS, TileDataDst, TileDataSrc)
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TRDIVS, dst, {ptosim::scalar_bits(scalar)}, src);
    return {};
}

// Ternary: dst = (src0 + src1) + src2 and (src0 - src1) + src2.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TADDC(TileData& dst, TileData& src0, TileData& src1, TileData& src2,
                           WaitEvents&... events) {
    PTOSIM_EW_CHECKS("TADDC", TADDC, TileData, TileData, TileData, TileData)
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TADDC, dst, {}, src0, src1, src2);
    return {};
}
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TSUBC(TileData& dst, TileData& src0, TileData& src1, TileData& src2,
                           WaitEvents&... events) {
    PTOSIM_EW_CHECKS("TSUBC", TSUBC, TileData, TileData, TileData, TileData)
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TSUBC, dst, {}, src0, src1, src2);
    return {};
}

// dst = (src0 + scalar) + src1 and (src0 - scalar) + src1.
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TADDSC(TileData& dst, TileData& src0, typename TileData::DType scalar, TileData& src1,
                            WaitEvents&... events) {
    PTOSIM_EW_CHECKS("TADDSC", TADDSC, TileData, TileData, TileData)
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TADDSC, dst, {ptosim::scalar_bits(scalar)}, src0, src1);
    return {};
}
template <typename TileData, typename... WaitEvents>
PTO_INST RecordEvent TSUBSC(TileData& dst, TileData& src0, typename TileData::DType scalar, TileData& src1,
                            WaitEvents&... events) {
    PTOSIM_EW_CHECKS("TSUBSC", TSUBSC, TileData, TileData, TileData)
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TSUBSC, dst, {ptosim::scalar_bits(scalar)}, src0, src1);
    return {};
}

// TADDDEQRELU: dst (half) = ReLU(float(src0 + src1) * deqScale), src0 and src1 int32_t.
template <typename TileDataDst, typename TileDataSrc0, typename TileDataSrc1, typename TileDataTmp,
          typename... WaitEvents>
PTO_INST RecordEvent TADDDEQRELU(TileDataDst& dst, TileDataSrc0& src0, TileDataSrc1& src1, float deqScale,
                                 TileDataTmp& tmp, WaitEvents&... events) {
    PTOSIM_STATIC_CHECK((detail::all_tiles<TileDataDst, TileDataSrc0, TileDataSrc1, TileDataTmp>()),
                        "TADDDEQRELU", "operands must be Tiles");
    if constexpr (detail::all_tiles<TileDataDst, TileDataSrc0, TileDataSrc1, TileDataTmp>()) {
        PTOSIM_STATIC_CHECK((detail::available_on_profile<ptosim::isa::Op::TADDDEQRELU, TileDataDst>()),
                            "TADDDEQRELU", PTOSIM_AVAILABLE_RULE);
        PTOSIM_STATIC_CHECK((std::is_same_v<typename TileDataSrc0::DType, int32_t> &&
                             std::is_same_v<typename TileDataSrc1::DType, int32_t> &&
                             std::is_same_v<typename TileDataDst::DType, half>),
                            "TADDDEQRELU", "src0 and src1 must be int32_t tiles and dst a half tile");
        PTOSIM_STATIC_CHECK((detail::all_vec<TileDataDst, TileDataSrc0, TileDataSrc1>()), "TADDDEQRELU",
                            "operands must be TileType::Vec tiles");
        PTOSIM_STATIC_CHECK((detail::all_row_major<TileDataDst, TileDataSrc0, TileDataSrc1>()), "TADDDEQRELU",
                            "operands must be row-major");
        PTOSIM_STATIC_CHECK((detail::same_valid_shapes<TileDataDst, TileDataSrc0, TileDataSrc1>()),
                            "TADDDEQRELU", "every operand must have the destination's valid shape");
    }
    (void)tmp;
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TADDDEQRELU, dst, {ptosim::scalar_bits(deqScale)}, src0, src1);
    return {};
}

// TSELS: dst = bit(mask) ? src : scalar, the mask in TCMP's layout.
template <typename TileDataDst, typename TileDataMask, typename TileDataSrc, typename TileDataTmp,
          typename... WaitEvents>
PTO_INST RecordEvent TSELS(TileDataDst& dst, TileDataMask& mask, TileDataSrc& src, TileDataTmp& tmp,
                           typename TileDataSrc::DType scalar, WaitEvents&... events) {
    PTOSIM_EW_CHECKS("TSELS", TSELS, TileDataDst, TileDataSrc)
    PTOSIM_STATIC_CHECK((detail::all_tiles<TileDataMask, TileDataTmp>()), "TSELS",
                        "mask and tmp must be Tiles");
    if constexpr (detail::all_tiles<TileDataMask>()) {
        PTOSIM_STATIC_CHECK(detail::type_in<typename TileDataMask::DType>(ptosim::isa::kMaskWords), "TSELS",
                            "mask dtype must be uint8_t or uint32_t");
        PTOSIM_STATIC_CHECK(TileDataMask::Loc == TileType::Vec && detail::is_plain_row_major<TileDataMask>(),
                            "TSELS", "mask must be a row-major TileType::Vec tile");
    }
    (void)tmp;
    PTOSIM_TSYNC(events...);
    detail::run_elementwise(ptosim::isa::Op::TSELS, dst, {ptosim::scalar_bits(scalar)}, mask, src);
    return {};
}

}  // namespace pto

#undef PTOSIM_BINARY
#undef PTOSIM_BINARY_PRECISION
#undef PTOSIM_BINARY_TMP
#undef PTOSIM_BINARY_PRECISION_TMP
#undef PTOSIM_UNARY
#undef PTOSIM_UNARY_PRECISION
#undef PTOSIM_TILE_SCALAR
#undef PTOSIM_TILE_SCALAR_PRECISION
#undef PTOSIM_TILE_SCALAR_TMP
#undef PTOSIM_TILE_SCALAR_PRECISION_TMP
