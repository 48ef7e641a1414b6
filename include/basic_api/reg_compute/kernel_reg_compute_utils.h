// AscendC register API (AscendC::Reg, alias AscendC::MicroAPI): the enums and tag types that select operation
// variants, with AscendC's names and enumerator values.
#pragma once

#include <cstdint>

namespace AscendC {

// The vector length in bytes (AscendC's kernel code sizes its loops with GetVecLen() / sizeof(T)).
constexpr uint32_t GetVecLen() {
    return 256;
}

// Rounding of a conversion (AscendC's utils/kernel_utils_mode.h spelling and values, A5 variant). Integer
// conversions, the only ones ptosim's Cast models, do not round: every value is accepted and ignored.
enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,   // to nearest, ties to even
    CAST_FLOOR,  // toward -inf
    CAST_CEIL,   // toward +inf
    CAST_ROUND,  // to nearest, ties away from zero
    CAST_TRUNC,  // toward zero
    CAST_ODD,    // von Neumann (round to odd)
    CAST_HYBRID,
    CAST_EVEN,
    CAST_ZERO,
    UNKNOWN = 0xFF,
};

// Comparison of Reg::Compare / Reg::Compares (AscendC's values; note that they differ from pto::CmpMode's).
enum class CMPMODE : uint8_t {
    LT = 0,
    GT,
    EQ,
    LE,
    GE,
    NE,
};

namespace Reg {

// "Take the type from the register operand": the default of every operation's element-type parameter.
struct DefaultType {};

// How many VL registers one RegTensor spans (two only for b64/complex types, not modelled by ptosim).
struct RegTrait {
    int REG_NUM = 1;
};
inline constexpr RegTrait RegTraitNumOne = {1};
inline constexpr RegTrait RegTraitNumTwo = {2};

// Fixed predicate patterns for CreateMask; "elements" are elements of CreateMask's type T.
enum class MaskPattern {
    ALL,       // every element
    VL1,       // the lowest 1 element
    VL2,       // the lowest 2
    VL3,       // the lowest 3
    VL4,       // the lowest 4
    VL8,       // the lowest 8
    VL16,      // the lowest 16
    VL32,      // the lowest 32
    VL64,      // the lowest 64
    VL128,     // the lowest 128
    M3,        // elements whose index is a multiple of 3
    M4,        // elements whose index is a multiple of 4
    H,         // the lowest half
    Q,         // the lowest quarter
    ALLF = 15  // no element
};

// What masked-off destination elements hold: zero (ZEROING) or their previous value (MERGING).
enum class MaskMergeMode { UNKNOWN, MERGING, ZEROING };

// Histograms: which half of the uint8_t value range one call counts (BIN0: 0..127, BIN1: 128..255).
enum class HistogramsBinType { BIN0 = 0, BIN1 };

// Histograms: per-value counts (FREQUENCY) or counts of values <= each bin's value (ACCUMULATE).
enum class HistogramsType { FREQUENCY = 0, ACCUMULATE };

enum class HighLowPart { LOWEST, HIGHEST };

// Which of the narrow elements of a group a conversion between element widths reads or writes: a b16 <-> b32
// conversion groups elements in pairs (ZERO, ONE), a b8 <-> b32 conversion in fours (ZERO .. THREE). Widening
// reads element `layout` of each group of the source; narrowing writes element `layout` of each group of the
// destination and zeroes the others.
enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };

// Narrowing integer conversions: keep the low bits (NO_SAT) or clamp to the destination's range (SAT).
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };

// The conversion mode of Cast. AscendC kernels spell their traits as constexpr objects, for example
//   constexpr CastTrait kEven = {RegLayout::ZERO, SatMode::UNKNOWN, MaskMergeMode::ZEROING,
//                                RoundMode::UNKNOWN};
struct CastTrait {
    RegLayout layoutMode = RegLayout::UNKNOWN;
    SatMode satMode = SatMode::UNKNOWN;
    MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
    RoundMode roundMode = RoundMode::UNKNOWN;
};
inline constexpr CastTrait castTrait = {RegLayout::UNKNOWN, SatMode::UNKNOWN, MaskMergeMode::UNKNOWN,
                                        RoundMode::UNKNOWN};

// Whether a load/store advances its address operand afterwards.
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };

// Data distribution of LoadAlign (vector register destination).
enum class LoadDist {
    DIST_NORM,
    DIST_BRC_B8,
    DIST_BRC_B16,
    DIST_BRC_B32,
    DIST_US_B8 = 6,
    DIST_US_B16,
    DIST_DS_B8,
    DIST_DS_B16,
    DIST_BDINTLV,
    DIST_DINTLV_B8,
    DIST_DINTLV_B16,
    DIST_UNPACK_B8,
    DIST_UNPACK_B16,
    DIST_BLK,
    DIST_E2B_B16,
    DIST_E2B_B32,
    DIST_UNPACK_B32,
    DIST_DINTLV_B32,
    DIST_UNPACK4_B8,
    DIST_SPLT4CHN_B8,
    DIST_SPLT2CHN_B8,
    DIST_SPLT2CHN_B16,
};

// Data distribution of LoadAlign/StoreAlign with a MaskReg operand.
enum class MaskDist { DIST_NORM, DIST_US = 1, DIST_DS = 2, DIST_PACK = 1 };

// Data distribution of StoreAlign (vector register source).
enum class StoreDist {
    DIST_NORM_B8,
    DIST_NORM_B16,
    DIST_NORM_B32,
    DIST_FIRST_ELEMENT_B8,
    DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32,
    DIST_PACK_B16,
    DIST_PACK_B32,
    DIST_INTLV_B8,
    DIST_INTLV_B16,
    DIST_PACK_B64,
    DIST_INTLV_B32,
    DIST_PACK4_B32,
    DIST_MRG4CHN_B8,
    DIST_MRG2CHN_B8,
    DIST_MRG2CHN_B16,
    DIST_NORM
};

}  // namespace Reg
}  // namespace AscendC
