// TMATMUL, TMATMUL_ACC, TMATMUL_BIAS, TGEMV, TGEMV_ACC, TGEMV_BIAS (docs/isa/TMATMUL.md): C = A x B on the
// cube's tiles, A a Left tile (L0A), B a Right tile (L0B), C an Acc tile (L0C), bias a Bias tile. pto-isa's
// signatures, with and without the AccPhase unit-flag hint (which the CPU model records nowhere: it changes
// when the device releases L0C, not the result). The TGEMV forms compute every valid row of A, as pto-isa's
// CPU simulation does.
#pragma once

#include <type_traits>

#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/instr/checks.hpp"
#include "pto/instr/elementwise.hpp"
#include "ptosim/ops/matmul.hpp"

namespace pto::detail {

template <typename A, typename C>
constexpr bool matmul_types_ok() {
    using In = typename A::DType;
    using Acc = typename C::DType;
    return (std::is_same_v<In, int8_t> && std::is_same_v<Acc, int32_t>) ||
           (std::is_same_v<In, half> && std::is_same_v<Acc, float>) ||
           (std::is_same_v<In, bfloat16_t> && std::is_same_v<Acc, float>) ||
           (std::is_same_v<In, float> && std::is_same_v<Acc, float>);
}

// b in the Zn layout of a Right tile, dst in the Nz layout of an Acc tile: every form's rule.
#define PTOSIM_CHECK_RIGHT_AND_ACC(NAME, C, B)                                                             \
    PTOSIM_STATIC_CHECK(                                                                                   \
        B::Loc == TileType::Right && B::BFractal == BLayout::RowMajor && B::SFractal == SLayout::ColMajor, \
        NAME, "b is a TileType::Right tile in the Zn layout (TileRight)");                                 \
    PTOSIM_STATIC_CHECK(                                                                                   \
        C::Loc == TileType::Acc && C::BFractal == BLayout::ColMajor && C::SFractal == SLayout::RowMajor,   \
        NAME, "dst is a TileType::Acc tile in the Nz layout (TileAcc)");

// The static rules of the family (pto-isa's CheckMadValid / CheckBiasValid). NAME is a string literal.
#define PTOSIM_CHECK_MATMUL(NAME, C, A, B)                                                                   \
    PTOSIM_STATIC_CHECK((detail::all_tiles<C, A, B>()), NAME, "operands must be Tiles");                     \
    if constexpr (detail::all_tiles<C, A, B>()) {                                                            \
        PTOSIM_STATIC_CHECK((std::is_same_v<typename A::DType, typename B::DType>), NAME,                    \
                            "a and b have one element type");                                                \
        PTOSIM_STATIC_CHECK((detail::matmul_types_ok<A, C>()), NAME,                                         \
                            "(a, b, dst) element types are (int8_t, int8_t, int32_t), (half, half, float), " \
                            "(bfloat16_t, bfloat16_t, float) or (float, float, float)");                     \
        PTOSIM_STATIC_CHECK(A::Loc == TileType::Left && A::SFractal == SLayout::RowMajor, NAME,              \
                            "a is a TileType::Left tile with row-major boxes inside (TileLeft)");            \
        PTOSIM_CHECK_RIGHT_AND_ACC(NAME, C, B)                                                               \
        PTOSIM_STATIC_CHECK(A::Rows == C::Rows && A::Cols == B::Rows && B::Cols == C::Cols, NAME,            \
                            "static shapes: a is M x K, b is K x N, dst is M x N");                          \
    }

template <typename C, typename Bias>
constexpr bool bias_ok() {
    return Bias::Loc == TileType::Bias && Bias::Rows == 1 && Bias::isRowMajor &&
           std::is_same_v<typename Bias::DType, typename C::DType>;
}

}  // namespace pto::detail

#define PTOSIM_MATMUL_FORMS(NAME)                                                                            \
    template <typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>               \
    PTO_INST RecordEvent NAME(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix,                       \
                              WaitEvents&... events) {                                                       \
        PTOSIM_CHECK_MATMUL(#NAME, TileRes, TileLeft, TileRight)                                             \
        PTOSIM_TSYNC(events...);                                                                             \
        if constexpr (detail::all_tiles<TileRes, TileLeft, TileRight>())                                     \
            ptosim::ops::tmatmul(cMatrix.view(), aMatrix.view(), bMatrix.view(), nullptr, nullptr);          \
        return {};                                                                                           \
    }                                                                                                        \
    template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight,                       \
              typename... WaitEvents>                                                                        \
    PTO_INST RecordEvent NAME(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix,                       \
                              WaitEvents&... events) {                                                       \
        return NAME(cMatrix, aMatrix, bMatrix, events...);                                                   \
    }                                                                                                        \
    template <typename TileRes, typename TileLeft, typename TileRight, typename... WaitEvents>               \
    PTO_INST RecordEvent NAME##_ACC(TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix,              \
                                    TileRight& bMatrix, WaitEvents&... events) {                             \
        PTOSIM_CHECK_MATMUL(#NAME "_ACC", TileRes, TileLeft, TileRight)                                      \
        PTOSIM_TSYNC(events...);                                                                             \
        if constexpr (detail::all_tiles<TileRes, TileLeft, TileRight>()) {                                   \
            const ptosim::TileView in = cInMatrix.view();                                                    \
            ptosim::ops::tmatmul(cOutMatrix.view(), aMatrix.view(), bMatrix.view(), &in, nullptr);           \
        }                                                                                                    \
        return {};                                                                                           \
    }                                                                                                        \
    template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight,                       \
              typename... WaitEvents>                                                                        \
    PTO_INST RecordEvent NAME##_ACC(TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix,              \
                                    TileRight& bMatrix, WaitEvents&... events) {                             \
        return NAME##_ACC(cOutMatrix, cInMatrix, aMatrix, bMatrix, events...);                               \
    }                                                                                                        \
    template <typename TileRes, typename TileLeft, typename TileRight, typename TileBias,                    \
              typename... WaitEvents>                                                                        \
    PTO_INST RecordEvent NAME##_BIAS(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix,                \
                                     TileBias& biasData, WaitEvents&... events) {                            \
        PTOSIM_CHECK_MATMUL(#NAME "_BIAS", TileRes, TileLeft, TileRight)                                     \
        PTOSIM_STATIC_CHECK((detail::all_tiles<TileBias>()), #NAME "_BIAS", "bias must be a Tile");          \
        if constexpr (detail::all_tiles<TileRes, TileBias>())                                                \
            PTOSIM_STATIC_CHECK((detail::bias_ok<TileRes, TileBias>()), #NAME "_BIAS",                       \
                                "bias is a row-major TileType::Bias tile of one row in dst's element type"); \
        PTOSIM_TSYNC(events...);                                                                             \
        if constexpr (detail::all_tiles<TileRes, TileLeft, TileRight, TileBias>()) {                         \
            const ptosim::TileView b = biasData.view();                                                      \
            ptosim::ops::tmatmul(cMatrix.view(), aMatrix.view(), bMatrix.view(), nullptr, &b);               \
        }                                                                                                    \
        return {};                                                                                           \
    }                                                                                                        \
    template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileRight, typename TileBias,    \
              typename... WaitEvents>                                                                        \
    PTO_INST RecordEvent NAME##_BIAS(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix,                \
                                     TileBias& biasData, WaitEvents&... events) {                            \
        return NAME##_BIAS(cMatrix, aMatrix, bMatrix, biasData, events...);                                  \
    }

namespace pto::detail {

template <typename T>
constexpr bool is_fp8() {
    return type_in<T>(ptosim::isa::DTypeSet{ptosim::DType::E4M3, ptosim::DType::E5M2});
}
template <typename T>
constexpr bool is_fp4() {
    return type_in<T>(ptosim::isa::DTypeSet{ptosim::DType::E2M1X2, ptosim::DType::E1M2X2});
}

// The static rules of the MX forms (pto-isa's CheckMadMxValid): declared for A5 and the CPU simulation.
#define PTOSIM_CHECK_MATMUL_MX(NAME, C, A, B)                                                                \
    PTOSIM_STATIC_CHECK((detail::all_tiles<C, A, B>()), NAME, "operands must be Tiles");                     \
    if constexpr (detail::all_tiles<C, A, B>()) {                                                            \
        PTOSIM_STATIC_CHECK(detail::profile_allows<C>(ptosim::kArch == ptosim::Arch::A5 ||                   \
                                                      ptosim::kArch == ptosim::Arch::CPU),                   \
                            NAME, PTOSIM_AVAILABLE_RULE);                                                    \
        PTOSIM_STATIC_CHECK(                                                                                 \
            (detail::is_fp8<typename A::DType>() && detail::is_fp8<typename B::DType>()) ||                  \
                (detail::is_fp4<typename A::DType>() && detail::is_fp4<typename B::DType>()),                \
            NAME,                                                                                            \
            "a and b are both 8-bit floats (float8_e4m3_t, float8_e5m2_t) or both 4-bit "                    \
            "floats (float4_e2m1x2_t, float4_e1m2x2_t)");                                                    \
        PTOSIM_STATIC_CHECK((std::is_same_v<typename C::DType, float>), NAME, "dst is a float accumulator"); \
        PTOSIM_STATIC_CHECK(A::Cols % 64 == 0, NAME, "a's Cols (K) is a multiple of 64");                    \
        PTOSIM_STATIC_CHECK(A::Loc == TileType::Left && A::BFractal == BLayout::ColMajor &&                  \
                                A::SFractal == SLayout::RowMajor,                                            \
                            NAME, "a is a TileType::Left tile in the Nz layout (TileLeft)");                 \
        PTOSIM_CHECK_RIGHT_AND_ACC(NAME, C, B)                                                               \
    }

}  // namespace pto::detail

#define PTOSIM_MATMUL_MX_FORMS(NAME)                                                                         \
    template <typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,               \
              typename TileRightScale, typename... WaitEvents>                                               \
    PTO_INST RecordEvent NAME(TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix,              \
                              TileRight& bMatrix, TileRightScale& bScaleMatrix, WaitEvents&... events) {     \
        PTOSIM_CHECK_MATMUL_MX(#NAME, TileRes, TileLeft, TileRight)                                          \
        PTOSIM_TSYNC(events...);                                                                             \
        ptosim::ops::tmatmul_mx(cMatrix.view(), aMatrix.view(), aScaleMatrix.view(), bMatrix.view(),         \
                                bScaleMatrix.view(), nullptr, nullptr);                                      \
        return {};                                                                                           \
    }                                                                                                        \
    template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale,                   \
              typename TileRight, typename TileRightScale, typename... WaitEvents>                           \
    PTO_INST RecordEvent NAME(TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix,              \
                              TileRight& bMatrix, TileRightScale& bScaleMatrix, WaitEvents&... events) {     \
        return NAME(cMatrix, aMatrix, aScaleMatrix, bMatrix, bScaleMatrix, events...);                       \
    }                                                                                                        \
    template <typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,               \
              typename TileRightScale, typename... WaitEvents>                                               \
    PTO_INST RecordEvent NAME(TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix,                    \
                              TileLeftScale& aScaleMatrix, TileRight& bMatrix, TileRightScale& bScaleMatrix, \
                              WaitEvents&... events) {                                                       \
        PTOSIM_CHECK_MATMUL_MX(#NAME, TileRes, TileLeft, TileRight)                                          \
        PTOSIM_TSYNC(events...);                                                                             \
        const ptosim::TileView in = cInMatrix.view();                                                        \
        ptosim::ops::tmatmul_mx(cOutMatrix.view(), aMatrix.view(), aScaleMatrix.view(), bMatrix.view(),      \
                                bScaleMatrix.view(), &in, nullptr);                                          \
        return {};                                                                                           \
    }                                                                                                        \
    template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale,                   \
              typename TileRight, typename TileRightScale, typename... WaitEvents>                           \
    PTO_INST RecordEvent NAME(TileRes& cOutMatrix, TileRes& cInMatrix, TileLeft& aMatrix,                    \
                              TileLeftScale& aScaleMatrix, TileRight& bMatrix, TileRightScale& bScaleMatrix, \
                              WaitEvents&... events) {                                                       \
        return NAME(cOutMatrix, cInMatrix, aMatrix, aScaleMatrix, bMatrix, bScaleMatrix, events...);         \
    }                                                                                                        \
    template <typename TileRes, typename TileLeft, typename TileLeftScale, typename TileRight,               \
              typename TileRightScale, typename TileBias, typename... WaitEvents>                            \
    PTO_INST RecordEvent NAME(TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix,              \
                              TileRight& bMatrix, TileRightScale& bScaleMatrix, TileBias& biasData,          \
                              WaitEvents&... events) {                                                       \
        PTOSIM_CHECK_MATMUL_MX(#NAME, TileRes, TileLeft, TileRight)                                          \
        PTOSIM_STATIC_CHECK((detail::all_tiles<TileBias>()), #NAME, "bias must be a Tile");                  \
        if constexpr (detail::all_tiles<TileRes, TileBias>())                                                \
            PTOSIM_STATIC_CHECK((detail::bias_ok<TileRes, TileBias>()), #NAME,                               \
                                "bias is a row-major TileType::Bias tile of one row of floats");             \
        PTOSIM_TSYNC(events...);                                                                             \
        const ptosim::TileView bias = biasData.view();                                                       \
        ptosim::ops::tmatmul_mx(cMatrix.view(), aMatrix.view(), aScaleMatrix.view(), bMatrix.view(),         \
                                bScaleMatrix.view(), nullptr, &bias);                                        \
        return {};                                                                                           \
    }                                                                                                        \
    template <AccPhase Phase, typename TileRes, typename TileLeft, typename TileLeftScale,                   \
              typename TileRight, typename TileRightScale, typename TileBias, typename... WaitEvents>        \
    PTO_INST RecordEvent NAME(TileRes& cMatrix, TileLeft& aMatrix, TileLeftScale& aScaleMatrix,              \
                              TileRight& bMatrix, TileRightScale& bScaleMatrix, TileBias& biasData,          \
                              WaitEvents&... events) {                                                       \
        return NAME(cMatrix, aMatrix, aScaleMatrix, bMatrix, bScaleMatrix, biasData, events...);             \
    }

namespace pto {
PTOSIM_MATMUL_MX_FORMS(TMATMUL_MX)
PTOSIM_MATMUL_MX_FORMS(TGEMV_MX)
PTOSIM_MATMUL_FORMS(TMATMUL)
PTOSIM_MATMUL_FORMS(TGEMV)

// The shared-accumulator form: c = c + a x b.
template <AccPhase Phase = AccPhase::Unspecified, typename TileRes, typename TileLeft, typename TileRight,
          typename... WaitEvents>
PTO_INST RecordEvent TMATMUL_ACC(TileRes& cMatrix, TileLeft& aMatrix, TileRight& bMatrix,
                                 WaitEvents&... events) {
    return TMATMUL_ACC(cMatrix, cMatrix, aMatrix, bMatrix, events...);
}
}  // namespace pto

#undef PTOSIM_MATMUL_FORMS
#undef PTOSIM_MATMUL_MX_FORMS
#undef PTOSIM_CHECK_MATMUL_MX
#undef PTOSIM_CHECK_RIGHT_AND_ACC
#undef PTOSIM_CHECK_MATMUL
