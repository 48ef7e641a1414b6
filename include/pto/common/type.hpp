// pto-isa's core vocabulary: element types and the enums of the tile API, with pto-isa's names and numeric
// values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pto/common/qualifiers.hpp"
#include "ptosim/core/check.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/float16.hpp"

// Element types. `half` and `aclFloat16` are IEEE binary16; `bfloat16_t` is bfloat16 (round-to-nearest-even).
using half = ptosim::float16;
using aclFloat16 = ptosim::float16;
using bfloat16_t = ptosim::bfloat16;

// pto-isa's static-assert helper, kept for kernels that use it; the message keeps our "INSTR: rule" format.
#define PTO_STATIC_ASSERT_1_(cond) static_assert((cond), "PTO: constraint violated: " #cond)
#define PTO_STATIC_ASSERT_2_(cond, msg) static_assert((cond), "PTO: " msg)
#define PTO_STATIC_ASSERT_PICK_(_1, _2, NAME, ...) NAME
#define PTO_STATIC_ASSERT(...) \
    PTO_STATIC_ASSERT_PICK_(__VA_ARGS__, PTO_STATIC_ASSERT_2_, PTO_STATIC_ASSERT_1_)(__VA_ARGS__)

// Run-time assertion used by kernels written against pto-isa; routed through ptosim's check mechanism.
#define PTO_ASSERT(cond, ...) PTOSIM_CHECK((cond), "PTO_ASSERT", #cond)
#define PTO_CPU_ASSERT(cond, ...) PTOSIM_CHECK((cond), "PTO_ASSERT", #cond)

namespace pto {

enum class TileType {
    Vec,
    Mat,
    Left,
    Right,
    Acc,
    Bias,
    Scaling,
    ScaleLeft,
    ScaleRight,
    Ctrl,
};

enum class BLayout {
    RowMajor = 0,
    ColMajor = 1,
};

enum class SLayout {
    NoneBox = 0,
    RowMajor = 1,
    ColMajor = 2,
};

// Layout of a GlobalTensor in global memory.
enum class Layout {
    ND,  // row-major
    DN,  // column-major
    NZ,  // fractal, for the cube unit
    SCALE,
    MX_A_ND,
    MX_A_DN,
    MX_A_ZZ,
    MX_B_ND,
    MX_B_DN,
    MX_B_NN,
    HIF4_A_ZZ,
    HIF4_B_NN,
    NC1HWC0,
    GNC1HWC0,
    NCHW,
    GNCHW,
    NHWC,
    NDC1HWC0,
    NCDHW,
    FRACTAL_Z,
    FRACTAL_Z_S16S8,
    FRACTAL_Z_3D,
    MAX,
};

// C++ numbering (differs from the Linx B.DATR CMode field: see docs/asm.md).
enum class CmpMode : uint8_t {
    EQ = 0,
    NE = 1,
    LT = 2,
    LE = 3,
    GT = 4,
    GE = 5,
};

// C++ numbering (differs from the Linx B.DATR PadValue field: see docs/asm.md).
enum class PadValue : uint64_t {
    Null = 0,
    Zero = 1,
    Max = 2,
    Min = 3,
    CustomBase = 0x100000000ULL,
};

enum class CompactMode {
    Null,
    Normal,
    RowPlusOne,
    RowAlignedPadding,
};

// Which byte of an element THISTOGRAM counts. BYTE_0 = bits 7..0 (LSB) ... BYTE_3 = bits 31..24 (MSB).
enum class HistByte : uint8_t {
    BYTE_0 = 0,
    BYTE_1 = 1,
    BYTE_2 = 2,
    BYTE_3 = 3,
};

enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT = 1,
    CAST_ROUND = 2,
    CAST_FLOOR = 3,
    CAST_CEIL = 4,
    CAST_TRUNC = 5,
    CAST_ODD = 6,
};

enum class PrintFormat : uint8_t {
    Width8_Precision4 = 0,
    Width8_Precision2 = 1,
    Width10_Precision6 = 2,
};

enum class MaskPattern : uint8_t {
    P0101 = 1,
    P1010 = 2,
    P0001 = 3,
    P0010 = 4,
    P0100 = 5,
    P1000 = 6,
    P1111 = 7,
};

// Quantisation, store and move modes of the cube and conversion instructions (pto-isa's values).
enum class QuantType { MXFP8 = 0, MXFP4_E2M1 = 1, INT8_SYM = 2, INT8_ASYM = 3 };
enum class QuantScaleAlg { OCP = 0, NV = 1 };
enum class MxQuantAlg { OcpMxFp8E4M3 = 0, NvMxFp8E4M3 = 1, OcpMxFp4E2M1 = 2, NvMxFp4E2M1 = 3, Hif4 = 4 };
enum class VecStoreMode { ND = 0, NZ = 1 };
enum class STPhase : uint8_t { Unspecified = 0, Partial = 2, Final = 3 };
enum class AccPhase : uint8_t { Unspecified = 0, Unknown = Unspecified, Partial = 2, Final = 3 };
enum class AccToVecMode : uint8_t {
    SingleModeVec0 = 0,
    SingleModeVec1 = 1,
    DualModeSplitM = 2,
    DualModeSplitN = 3
};
enum class ReluPreMode : uint8_t { NoRelu = 0, NormalRelu = 1 };
enum class AtomicType : uint8_t { AtomicNone = 0, AtomicAdd = 1 };
enum class TFillPadMode : uint8_t { Normal = 0, InPlace = 1, Expand = 2 };
enum class SaturationMode : uint8_t { ON = 0, OFF = 1 };
enum class SetFmatrixMode {
    FMATRIX_A_AUTO = 0,
    FMATRIX_B_AUTO = 1,
    FMATRIX_A_MANUAL = 2,
    FMATRIX_B_MANUAL = 3
};
enum class TileLayoutCustom : uint8_t { ND, DN, NZ, ZN, ZZ, NONE };
enum class TCopyMode : uint8_t { SHALLOW_COPY = 0, DEEP_COPY = 1 };
enum class TInsertMode : uint8_t { SPLIT2 = 2, SPLIT4 = 3 };
#define TINSERT_MODE_DEFINED 1
enum class ScatterAxis : uint8_t { SCATTER_ROW = 0, SCATTER_COL = 1 };
enum class GatherAxis : uint8_t { GATHER_ROW = 0, GATHER_COL = 1 };
enum class GatherOOB : uint8_t { Undefined = 0, Clamp = 1, Wrap = 2, Zero = 3 };
enum VFImplKind : unsigned {
    VFIMPL_DEFAULT = 0,
    VFIMPL_1D_NO_POST_UPDATE = 1,
    VFIMPL_2D_NO_POST_UPDATE = 2,
    VFIMPL_1D_POST_UPDATE = 3,
    VFIMPL_2D_POST_UPDATE = 4,
};

// Cross-core synchronisation modes (SYNCALL).
enum class SyncAllMode { Hard = 0, Soft = 1 };
enum class SyncCoreType { AIVOnly = 0, AICOnly = 1, Mix = 2 };
constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr uint16_t SYNC_FLAG_ID_MAX = 16;

// Precision selectors of the element-wise math instructions (the first template argument, e.g.
// TDIV<DivAlgorithm::HIGH_PRECISION>(...)).
enum class DivAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class RecipAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class ExpAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class LogAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class SqrtAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class RsqrtAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class PowAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class RemAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class RemSAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class FmodAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };
enum class FmodSAlgorithm : uint8_t { DEFAULT = 0, HIGH_PRECISION = 1 };

// TRANDOM's key and counter (Philox words).
constexpr int PTO_RANDOM_KEY_SIZE = 2;
constexpr int PTO_RANDOM_COUNTER_SIZE = 4;
using TRandomKey = uint32_t[PTO_RANDOM_KEY_SIZE];
using TRandomCounter = uint32_t[PTO_RANDOM_COUNTER_SIZE];

// A signed 4-bit integer in the low nibble of a byte, one per byte as in pto-isa's CPU simulation (TCVT
// converts to and from it; ptosim's element type DType::S4). The high nibble is ignored on reading.
struct int4b_t {
    uint8_t storage = 0;
    int4b_t() = default;
    explicit int4b_t(int32_t v) : storage(static_cast<uint8_t>(v & 0xF)) {}
    operator int8_t() const {
        return static_cast<int8_t>((storage & 0x8) != 0 ? storage | 0xF0 : storage & 0xF);
    }
};

namespace GlobalTensorDim {
constexpr int DIM_0 = 0;
constexpr int DIM_1 = 1;
constexpr int DIM_2 = 2;
constexpr int DIM_3 = 3;
constexpr int DIM_4 = 4;
constexpr int TOTAL_DIM = 5;
}  // namespace GlobalTensorDim

}  // namespace pto

template <>
struct ptosim::DTypeOf<pto::int4b_t> : std::integral_constant<ptosim::DType, ptosim::DType::S4> {};
