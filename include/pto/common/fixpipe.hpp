// pto-isa's fixpipe parameters (pto/common/fixpipe.hpp): the layout change, pre-quant mode and ReLU of a cube
// output (TPUSH's fixpipe form), and the element type each pre-quant mode produces.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pto/common/pto_tile.hpp"
#include "pto/common/type.hpp"

namespace pto {

// pto-isa's QuantMode_t (an unscoped enum there too), numbered as ptosim::prequant::Mode.
enum QuantMode_t : uint8_t {
    NoQuant = 0,
    F322F16 = 1,
    VREQ8 = 2,
    REQ8 = 3,
    VDEQF16 = 4,
    DEQF16 = 5,
    VSHIFTS322S16 = 12,
    SHIFTS322S16 = 13,
    F322BF16 = 16,
    VQF322B8_PRE = 23,
    QF322B8_PRE = 24,
    QF322F16_PRE = 32,
    QF322BF16_PRE = 34,
    QS322BF16_PRE = 35,
    VQS322BF16_PRE = 36,
};

typedef enum { NOCLIP_RELU = 0, CLIP_RELU = 1 } ClipReluMode_t;
enum class LayoutMode_t : uint8_t { NZ2NZ = 0, NZ2ND = 1, NZ2DN = 2 };
enum class DequantType { SCALAR = 0, TENSOR = 1 };

template <LayoutMode_t layoutMode = LayoutMode_t::NZ2ND, QuantMode_t quantMode = QuantMode_t::NoQuant,
          ReluPreMode reluMode = ReluPreMode::NoRelu, STPhase phase = STPhase::Unspecified,
          uint8_t subBlockId = 0, AtomicType atomicT = AtomicType::AtomicNone,
          ClipReluMode_t clipReluMode = ClipReluMode_t::NOCLIP_RELU, bool isChannelSplit = false>
struct FixpipeParams {
    static constexpr LayoutMode_t LayoutMode = layoutMode;
    static constexpr QuantMode_t QuantPre = quantMode;
    static constexpr ReluPreMode ReluMode = reluMode;
    static constexpr STPhase Phase = phase;
    static constexpr uint8_t SubBlockId = subBlockId;
    static constexpr AtomicType AtomicT = atomicT;
    static constexpr ClipReluMode_t ClipReluMode = clipReluMode;
    static constexpr bool IsChannelSplit = isChannelSplit;
};

// The consumer's element type for a mode: half, bfloat16_t or int8_t for the converting modes, else the
// source's.
template <QuantMode_t Q, typename Src>
struct FixpipeConsDType {
    static constexpr bool isHalf = Q == F322F16 || Q == QF322F16_PRE || Q == DEQF16 || Q == VDEQF16;
    static constexpr bool isBfloat16 =
        Q == F322BF16 || Q == QF322BF16_PRE || Q == QS322BF16_PRE || Q == VQS322BF16_PRE;
    static constexpr bool isInt8 = Q == QF322B8_PRE || Q == REQ8 || Q == VQF322B8_PRE || Q == VREQ8;
    using type = std::conditional_t<
        isHalf, half, std::conditional_t<isBfloat16, bfloat16_t, std::conditional_t<isInt8, int8_t, Src>>>;
};
template <QuantMode_t Q, typename Src>
using FixpipeConsDType_t = typename FixpipeConsDType<Q, Src>::type;

}  // namespace pto
