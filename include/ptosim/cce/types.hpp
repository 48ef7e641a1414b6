// The CCE intrinsics' types and tokens (pto-isa's docs/isa/vector and docs/isa/scalar, "C++ intrinsic"; the
// names pto-isa's A5 device code in include/pto/npu/a5 uses): the vector register types, the predicate and
// align registers, the sizes, and the tokens that select a distribution, a pattern or a mode.
//
// They live where the device compiler puts them, at global scope (the tokens in namespace __cce_simd, which
// the global namespace uses, as the pages spell `__cce_simd::POST_UPDATE` and the device code `POST_UPDATE`):
// pto-isa's device code calls them unqualified from inside namespace pto and passes `RegTensor<T>`, which
// converts to the register type, so nothing here relies on argument-dependent lookup.
#pragma once

#include <cstdint>
#include <cstring>

#include "pto/common/qualifiers.hpp"
#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/core/vreg.hpp"
#include "ptosim/isa/micro.hpp"
#include "ptosim/ops/micro.hpp"

// The element-type spellings of the device code (the same aliases pto/common/type.hpp declares).
using half = ptosim::float16;
using bfloat16_t = ptosim::bfloat16;

// A vector-function region (`__VEC_SCOPE__ { ... }`): on the device a fork onto the vector unit; on the CPU
// the block runs in place.
#ifndef __VEC_SCOPE__
#define __VEC_SCOPE__
#endif

namespace ptosim::cce {

// A vector register of lanes of E: the micro core's register (core/vreg.hpp) with the element type as part of
// its C++ type, so that each intrinsic has one overload per register type. A register of one type converts
// to another explicitly, keeping its bits: the device code casts both by value, `(vector_u32)x`, and by
// reference, `(vector_u32&)x` (every register type has this one layout).
template <typename E>
struct Vector {
    using element_type = E;
    static constexpr uint32_t kLanes = micro::kLanes<E>;

    micro::VReg reg;

    Vector() = default;
    template <typename U>
    explicit Vector(const Vector<U>& other) : reg(other.reg) {}
};

template <typename T>
inline constexpr bool kIsVector = false;
template <typename E>
inline constexpr bool kIsVector<Vector<E>> = true;

// The intrinsic `op` takes registers of E (its row's element types, isa/micro.def): the overloads below exist
// for exactly those types, which tests/cce checks against every row.
template <isa::MOp op, typename E>
inline constexpr bool kTakes = isa::micro_info(op).types.contains(dtype_of<E>);

}  // namespace ptosim::cce

using vector_f32 = ptosim::cce::Vector<float>;
using vector_f16 = ptosim::cce::Vector<half>;
using vector_bf16 = ptosim::cce::Vector<bfloat16_t>;
using vector_s64 = ptosim::cce::Vector<int64_t>;
using vector_u64 = ptosim::cce::Vector<uint64_t>;
using vector_s32 = ptosim::cce::Vector<int32_t>;
using vector_u32 = ptosim::cce::Vector<uint32_t>;
using vector_s16 = ptosim::cce::Vector<int16_t>;
using vector_u16 = ptosim::cce::Vector<uint16_t>;
using vector_s8 = ptosim::cce::Vector<int8_t>;
using vector_u8 = ptosim::cce::Vector<uint8_t>;
// The predicate register (one bit per register byte; an intrinsic on elements of s bytes reads bit j * s) and
// the state of an unaligned load or store stream: the micro core's own types, which AscendC's MaskReg and
// UnalignReg are too.
using vector_bool = ptosim::micro::Preg;
using vector_align = ptosim::micro::AlignReg;

// Bytes of a vector register, and its lanes of 8-, 16- and 32-bit elements.
inline constexpr uint32_t CCE_VL = ptosim::micro::kVL;
inline constexpr uint32_t ELE_CNT_B8 = ptosim::micro::kVL;
inline constexpr uint32_t ELE_CNT_B16 = ptosim::micro::kVL / 2;
inline constexpr uint32_t ELE_CNT_B32 = ptosim::micro::kVL / 4;

// The tokens: each a constexpr object of a type of its own, so that the device code's `decltype(BRC_B32)` and
// `DistType distValue{}` name the same distribution as the token.
namespace __cce_simd {

// A load or store distribution, by its row in isa/micro_dist.def. A spelling shared by two instructions
// (NORM: vlds and vsts; DINTLV_B32: vlds and its two-register form) is one token; each intrinsic finds its
// own row by the spelling.
template <ptosim::isa::MDist D>
struct DistToken {
    static constexpr ptosim::isa::MDist value = D;
};
#define PTOSIM_CCE_DIST(NAME) inline constexpr DistToken<ptosim::isa::MDist::NAME> NAME{};
PTOSIM_CCE_DIST(NORM)
PTOSIM_CCE_DIST(BRC_B8)
PTOSIM_CCE_DIST(BRC_B16)
PTOSIM_CCE_DIST(BRC_B32)
PTOSIM_CCE_DIST(US_B8)
PTOSIM_CCE_DIST(US_B16)
PTOSIM_CCE_DIST(DS_B8)
PTOSIM_CCE_DIST(DS_B16)
PTOSIM_CCE_DIST(UNPK_B8)
PTOSIM_CCE_DIST(UNPK_B16)
PTOSIM_CCE_DIST(UNPK_B32)
PTOSIM_CCE_DIST(UNPK4_B8)
PTOSIM_CCE_DIST(E2B_B16)
PTOSIM_CCE_DIST(E2B_B32)
PTOSIM_CCE_DIST(BLK)
PTOSIM_CCE_DIST(DINTLV_B32)
PTOSIM_CCE_DIST(SPLT2CHN_B8)
PTOSIM_CCE_DIST(SPLT2CHN_B16)
PTOSIM_CCE_DIST(SPLT4CHN_B8)
PTOSIM_CCE_DIST(DINTLV_B8)
PTOSIM_CCE_DIST(DINTLV_B16)
PTOSIM_CCE_DIST(BDINTLV)
PTOSIM_CCE_DIST(NORM_B8)
PTOSIM_CCE_DIST(NORM_B16)
PTOSIM_CCE_DIST(NORM_B32)
PTOSIM_CCE_DIST(PK_B16)
PTOSIM_CCE_DIST(PK_B32)
PTOSIM_CCE_DIST(PK_B64)
PTOSIM_CCE_DIST(PK4_B32)
PTOSIM_CCE_DIST(ONEPT_B8)
PTOSIM_CCE_DIST(ONEPT_B16)
PTOSIM_CCE_DIST(ONEPT_B32)
PTOSIM_CCE_DIST(MRG4CHN_B8)
PTOSIM_CCE_DIST(MRG2CHN_B8)
PTOSIM_CCE_DIST(MRG2CHN_B16)
PTOSIM_CCE_DIST(INTLV_B8)
PTOSIM_CCE_DIST(INTLV_B16)
PTOSIM_CCE_DIST(INTLV_B32)
#undef PTOSIM_CCE_DIST

// A pset / pge pattern.
template <ptosim::micro::Pattern P>
struct PatToken {
    static constexpr ptosim::micro::Pattern value = P;
};
#define PTOSIM_CCE_PAT(NAME) inline constexpr PatToken<ptosim::micro::Pattern::NAME> PAT_##NAME{};
PTOSIM_CCE_PAT(ALL)
PTOSIM_CCE_PAT(ALLF)
PTOSIM_CCE_PAT(H)
PTOSIM_CCE_PAT(Q)
PTOSIM_CCE_PAT(VL1)
PTOSIM_CCE_PAT(VL2)
PTOSIM_CCE_PAT(VL3)
PTOSIM_CCE_PAT(VL4)
PTOSIM_CCE_PAT(VL8)
PTOSIM_CCE_PAT(VL16)
PTOSIM_CCE_PAT(VL32)
PTOSIM_CCE_PAT(VL64)
PTOSIM_CCE_PAT(VL128)
PTOSIM_CCE_PAT(M3)
PTOSIM_CCE_PAT(M4)
#undef PTOSIM_CCE_PAT

// The predication mode, the last operand of the element-wise intrinsics: inactive lanes zeroed, or keeping
// the destination's value.
struct ModeZeroing {};
struct ModeMerging {};
inline constexpr ModeZeroing MODE_ZEROING{};
inline constexpr ModeMerging MODE_MERGING{};

// The post-update form of plt and of the loads and stores: the scalar or pointer operand advances.
struct PostUpdate {};
inline constexpr PostUpdate POST_UPDATE{};

// vci's order and vdup's source lane.
struct IncOrder {};
struct DecOrder {};
inline constexpr IncOrder INC_ORDER{};
inline constexpr DecOrder DEC_ORDER{};
struct PosLowest {};
inline constexpr PosLowest POS_LOWEST{};

}  // namespace __cce_simd

using namespace __cce_simd;

namespace ptosim::cce {

// Either mode, for the intrinsics whose row takes both (isa::kZeroing | isa::kMerging); the reductions take
// MODE_ZEROING only.
struct Mode {
    bool merging = false;
    constexpr Mode(__cce_simd::ModeZeroing) {}
    constexpr Mode(__cce_simd::ModeMerging) : merging(true) {}
};

// The bits of a scalar operand, converted to the element type first (the device code passes literals and
// other types: `vadds(v, v, 1, mask)` on a vector_f16).
template <typename E>
uint64_t scalar_bits(E value) {
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(E));
    return bits;
}

// The lane kernel of (op, E), looked up on the first call of each intrinsic overload and kept.
template <isa::MOp op, typename E>
const micro::LaneKernel<micro::BinaryFn>& binary_kernel() {
    static const micro::LaneKernel<micro::BinaryFn> k = micro::binary_kernel(op, dtype_of<E>);
    return k;
}
template <isa::MOp op, typename E>
const micro::LaneKernel<micro::ScalarFn>& scalar_kernel() {
    static const micro::LaneKernel<micro::ScalarFn> k = micro::scalar_kernel(op, dtype_of<E>);
    return k;
}
template <isa::MOp op, typename E>
const micro::LaneKernel<micro::UnaryFn>& unary_kernel() {
    static const micro::LaneKernel<micro::UnaryFn> k = micro::unary_kernel(op, dtype_of<E>);
    return k;
}

}  // namespace ptosim::cce

// One overload per register type of a row's element types: X(NAME, vector type, element type). (clang-format
// does not settle on lists in macros: this one keeps its hand layout.)
// clang-format off
#define PTOSIM_CCE_FLOATS(X, NAME) \
    X(NAME, vector_f32, float) X(NAME, vector_f16, half) X(NAME, vector_bf16, bfloat16_t)
#define PTOSIM_CCE_I32(X, NAME) X(NAME, vector_s32, int32_t) X(NAME, vector_u32, uint32_t)
#define PTOSIM_CCE_INTS(X, NAME) \
    X(NAME, vector_s64, int64_t) X(NAME, vector_u64, uint64_t) PTOSIM_CCE_I32(X, NAME) \
    X(NAME, vector_s16, int16_t) X(NAME, vector_u16, uint16_t) X(NAME, vector_s8, int8_t) X(NAME, vector_u8, uint8_t)
#define PTOSIM_CCE_ARITH(X, NAME) PTOSIM_CCE_FLOATS(X, NAME) PTOSIM_CCE_INTS(X, NAME)
// clang-format on
