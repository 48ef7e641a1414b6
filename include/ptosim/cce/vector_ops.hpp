// The CCE register intrinsics (pto-isa's docs/isa/vector/ops), one overload per register type the row of
// isa/micro.def takes, each running the row on the micro core:
//
//   binary         vadd vsub vmul vdiv vmax vmin vand vor vxor vshl vshr vprelu (dst, src0, src1, mask[,
//   mode]) vector-scalar  vadds vsubs vmuls vmaxs vmins vands vors vxors vshls vshrs vlrelu (dst, src,
//   scalar, mask[, mode]) unary          vabs vneg vnot vexp vln vsqrt vrsqrt vrec vrelu vmov (dst, src,
//   mask[, mode]); vmov(dst, src) compare        vcmp_eq|ne|lt|le|gt|ge (pdst, src0, src1, seed),
//   vcmps_*(pdst, src, scalar, seed),
//                  vcmp / vcmps (..., seed, ptosim::CmpMode)
//   select         vsel(dst, src0, src1, mask): mask ? src0 : src1
//   broadcast      vbr(dst, scalar); vdup(dst, scalar, mask[, mode]); vdup(dst, src, mask, POS_LOWEST[,
//   mode]);
//                  vci(dst, start[, INC_ORDER | DEC_ORDER])
//   reductions     vcadd vcmax vcmin vcgadd vcgmax vcgmin vcpadd (dst, src, mask[, MODE_ZEROING])
//
// `mode` is MODE_ZEROING (the default: inactive lanes zeroed) or MODE_MERGING (they keep dst's value). A
// scalar operand is converted to the element type first. The overloads are functions, not templates, so a
// `RegTensor<T>` (pto-isa's wrapper, which converts to its register type) is accepted as the device compiler
// accepts it.
#pragma once

#include <cstdint>

#include "ptosim/cce/types.hpp"

// Each overload states that its row takes the type and the modes it accepts, so the lists below cannot drift
// from isa/micro.def.
#define PTOSIM_CCE_ROW_TAKES(NAME, E)                                                                   \
    static_assert(ptosim::cce::kTakes<ptosim::isa::MOp::NAME, E>, #NAME ": the row does not take " #E); \
    static_assert((ptosim::isa::micro_info(ptosim::isa::MOp::NAME).modes & ptosim::isa::kMerging) != 0, \
                  #NAME ": the row does not take MODE_MERGING")
#define PTOSIM_CCE_ROW_TYPE(NAME, E) \
    static_assert(ptosim::cce::kTakes<ptosim::isa::MOp::NAME, E>, #NAME ": the row does not take " #E)

#define PTOSIM_CCE_BINARY(NAME, V, E)                                                                    \
    inline void NAME(V& dst, const V& src0, const V& src1, const vector_bool& mask,                      \
                     ptosim::cce::Mode mode = MODE_ZEROING) {                                            \
        PTOSIM_CCE_ROW_TAKES(NAME, E);                                                                   \
        ptosim::cce::binary_kernel<ptosim::isa::MOp::NAME, E>().get()(dst.reg, src0.reg, src1.reg, mask, \
                                                                      mode.merging);                     \
    }
#define PTOSIM_CCE_VEC_SCALAR(NAME, V, E)                                               \
    inline void NAME(V& dst, const V& src, E scalar, const vector_bool& mask,           \
                     ptosim::cce::Mode mode = MODE_ZEROING) {                           \
        PTOSIM_CCE_ROW_TAKES(NAME, E);                                                  \
        ptosim::cce::scalar_kernel<ptosim::isa::MOp::NAME, E>().get()(                  \
            dst.reg, src.reg, ptosim::cce::scalar_bits<E>(scalar), mask, mode.merging); \
    }
#define PTOSIM_CCE_UNARY(NAME, V, E)                                                                         \
    inline void NAME(V& dst, const V& src, const vector_bool& mask, ptosim::cce::Mode mode = MODE_ZEROING) { \
        PTOSIM_CCE_ROW_TAKES(NAME, E);                                                                       \
        ptosim::cce::unary_kernel<ptosim::isa::MOp::NAME, E>().get()(dst.reg, src.reg, mask, mode.merging);  \
    }

PTOSIM_CCE_ARITH(PTOSIM_CCE_BINARY, vadd)
PTOSIM_CCE_ARITH(PTOSIM_CCE_BINARY, vsub)
PTOSIM_CCE_ARITH(PTOSIM_CCE_BINARY, vmul)
PTOSIM_CCE_ARITH(PTOSIM_CCE_BINARY, vdiv)
PTOSIM_CCE_ARITH(PTOSIM_CCE_BINARY, vmax)
PTOSIM_CCE_ARITH(PTOSIM_CCE_BINARY, vmin)
PTOSIM_CCE_INTS(PTOSIM_CCE_BINARY, vand)
PTOSIM_CCE_INTS(PTOSIM_CCE_BINARY, vor)
PTOSIM_CCE_INTS(PTOSIM_CCE_BINARY, vxor)
PTOSIM_CCE_INTS(PTOSIM_CCE_BINARY, vshl)
PTOSIM_CCE_INTS(PTOSIM_CCE_BINARY, vshr)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_BINARY, vprelu)

PTOSIM_CCE_ARITH(PTOSIM_CCE_VEC_SCALAR, vadds)
PTOSIM_CCE_ARITH(PTOSIM_CCE_VEC_SCALAR, vsubs)
PTOSIM_CCE_ARITH(PTOSIM_CCE_VEC_SCALAR, vmuls)
PTOSIM_CCE_ARITH(PTOSIM_CCE_VEC_SCALAR, vmaxs)
PTOSIM_CCE_ARITH(PTOSIM_CCE_VEC_SCALAR, vmins)
PTOSIM_CCE_INTS(PTOSIM_CCE_VEC_SCALAR, vands)
PTOSIM_CCE_INTS(PTOSIM_CCE_VEC_SCALAR, vors)
PTOSIM_CCE_INTS(PTOSIM_CCE_VEC_SCALAR, vxors)
PTOSIM_CCE_INTS(PTOSIM_CCE_VEC_SCALAR, vshls)
PTOSIM_CCE_INTS(PTOSIM_CCE_VEC_SCALAR, vshrs)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_VEC_SCALAR, vlrelu)

PTOSIM_CCE_ARITH(PTOSIM_CCE_UNARY, vabs)
PTOSIM_CCE_ARITH(PTOSIM_CCE_UNARY, vneg)
PTOSIM_CCE_INTS(PTOSIM_CCE_UNARY, vnot)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_UNARY, vexp)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_UNARY, vln)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_UNARY, vsqrt)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_UNARY, vrsqrt)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_UNARY, vrec)
PTOSIM_CCE_FLOATS(PTOSIM_CCE_UNARY, vrelu)
PTOSIM_CCE_I32(PTOSIM_CCE_UNARY, vrelu)
PTOSIM_CCE_ARITH(PTOSIM_CCE_UNARY, vmov)

// vmov without a predicate: every lane.
#define PTOSIM_CCE_VMOV_ALL(NAME, V, E)                                     \
    inline void NAME(V& dst, const V& src) {                                \
        NAME(dst, src, vector_bool::all(static_cast<uint32_t>(sizeof(E)))); \
    }
PTOSIM_CCE_ARITH(PTOSIM_CCE_VMOV_ALL, vmov)

// ---- compare and select ---------------------------------------------------------------------------------

#define PTOSIM_CCE_COMPARE(NAME, V, E)                                                         \
    inline void NAME(vector_bool& dst, const V& src0, const V& src1, const vector_bool& seed,  \
                     ptosim::CmpMode cmp) {                                                    \
        PTOSIM_CCE_ROW_TYPE(NAME, E);                                                          \
        dst = ptosim::micro::compare(cmp, ptosim::dtype_of<E>, src0.reg, src1.reg, seed);      \
    }                                                                                          \
    inline void NAME##_eq(vector_bool& dst, const V& a, const V& b, const vector_bool& seed) { \
        NAME(dst, a, b, seed, ptosim::CmpMode::EQ);                                            \
    }                                                                                          \
    inline void NAME##_ne(vector_bool& dst, const V& a, const V& b, const vector_bool& seed) { \
        NAME(dst, a, b, seed, ptosim::CmpMode::NE);                                            \
    }                                                                                          \
    inline void NAME##_lt(vector_bool& dst, const V& a, const V& b, const vector_bool& seed) { \
        NAME(dst, a, b, seed, ptosim::CmpMode::LT);                                            \
    }                                                                                          \
    inline void NAME##_le(vector_bool& dst, const V& a, const V& b, const vector_bool& seed) { \
        NAME(dst, a, b, seed, ptosim::CmpMode::LE);                                            \
    }                                                                                          \
    inline void NAME##_gt(vector_bool& dst, const V& a, const V& b, const vector_bool& seed) { \
        NAME(dst, a, b, seed, ptosim::CmpMode::GT);                                            \
    }                                                                                          \
    inline void NAME##_ge(vector_bool& dst, const V& a, const V& b, const vector_bool& seed) { \
        NAME(dst, a, b, seed, ptosim::CmpMode::GE);                                            \
    }
#define PTOSIM_CCE_COMPARE_SCALAR(NAME, V, E)                                           \
    inline void NAME(vector_bool& dst, const V& src, E scalar, const vector_bool& seed, \
                     ptosim::CmpMode cmp) {                                             \
        PTOSIM_CCE_ROW_TYPE(NAME, E);                                                   \
        dst = ptosim::micro::compare_scalar(cmp, ptosim::dtype_of<E>, src.reg,          \
                                            ptosim::cce::scalar_bits<E>(scalar), seed); \
    }                                                                                   \
    inline void NAME##_eq(vector_bool& dst, const V& a, E s, const vector_bool& seed) { \
        NAME(dst, a, s, seed, ptosim::CmpMode::EQ);                                     \
    }                                                                                   \
    inline void NAME##_ne(vector_bool& dst, const V& a, E s, const vector_bool& seed) { \
        NAME(dst, a, s, seed, ptosim::CmpMode::NE);                                     \
    }                                                                                   \
    inline void NAME##_lt(vector_bool& dst, const V& a, E s, const vector_bool& seed) { \
        NAME(dst, a, s, seed, ptosim::CmpMode::LT);                                     \
    }                                                                                   \
    inline void NAME##_le(vector_bool& dst, const V& a, E s, const vector_bool& seed) { \
        NAME(dst, a, s, seed, ptosim::CmpMode::LE);                                     \
    }                                                                                   \
    inline void NAME##_gt(vector_bool& dst, const V& a, E s, const vector_bool& seed) { \
        NAME(dst, a, s, seed, ptosim::CmpMode::GT);                                     \
    }                                                                                   \
    inline void NAME##_ge(vector_bool& dst, const V& a, E s, const vector_bool& seed) { \
        NAME(dst, a, s, seed, ptosim::CmpMode::GE);                                     \
    }
#define PTOSIM_CCE_SELECT(NAME, V, E)                                                  \
    inline void NAME(V& dst, const V& src0, const V& src1, const vector_bool& mask) {  \
        PTOSIM_CCE_ROW_TYPE(NAME, E);                                                  \
        ptosim::micro::select(ptosim::dtype_of<E>, dst.reg, src0.reg, src1.reg, mask); \
    }

PTOSIM_CCE_ARITH(PTOSIM_CCE_COMPARE, vcmp)
PTOSIM_CCE_ARITH(PTOSIM_CCE_COMPARE_SCALAR, vcmps)
PTOSIM_CCE_ARITH(PTOSIM_CCE_SELECT, vsel)

// ---- broadcast and index sequences ----------------------------------------------------------------------

#define PTOSIM_CCE_VBR(NAME, V, E)                                                                  \
    inline void NAME(V& dst, E scalar) {                                                            \
        PTOSIM_CCE_ROW_TYPE(NAME, E);                                                               \
        ptosim::micro::broadcast(ptosim::dtype_of<E>, dst.reg, ptosim::cce::scalar_bits<E>(scalar), \
                                 vector_bool::all(static_cast<uint32_t>(sizeof(E))));               \
    }
#define PTOSIM_CCE_VDUP(NAME, V, E)                                                                        \
    inline void NAME(V& dst, E scalar, const vector_bool& mask, ptosim::cce::Mode mode = MODE_ZEROING) {   \
        PTOSIM_CCE_ROW_TAKES(NAME, E);                                                                     \
        ptosim::micro::broadcast(ptosim::dtype_of<E>, dst.reg, ptosim::cce::scalar_bits<E>(scalar), mask,  \
                                 mode.merging);                                                            \
    }                                                                                                      \
    /* POS_LOWEST: the source register's lane 0 (Int64Rearrange / Int64Reduce spread a reduction's result) \
     */                                                                                                    \
    inline void NAME(V& dst, const V& src, const vector_bool& mask, __cce_simd::PosLowest,                 \
                     ptosim::cce::Mode mode = MODE_ZEROING) {                                              \
        NAME(dst, src.reg.lane<E>(0), mask, mode);                                                         \
    }
#define PTOSIM_CCE_VCI(NAME, V, E)                                                                      \
    inline void NAME(V& dst, E start, __cce_simd::IncOrder = INC_ORDER) {                               \
        PTOSIM_CCE_ROW_TYPE(NAME, E);                                                                   \
        ptosim::micro::index_sequence(ptosim::dtype_of<E>, dst.reg, ptosim::cce::scalar_bits<E>(start), \
                                      false);                                                           \
    }                                                                                                   \
    inline void NAME(V& dst, E start, __cce_simd::DecOrder) {                                           \
        ptosim::micro::index_sequence(ptosim::dtype_of<E>, dst.reg, ptosim::cce::scalar_bits<E>(start), \
                                      true);                                                            \
    }

PTOSIM_CCE_ARITH(PTOSIM_CCE_VBR, vbr)
PTOSIM_CCE_ARITH(PTOSIM_CCE_VDUP, vdup)
PTOSIM_CCE_ARITH(PTOSIM_CCE_VCI, vci)

// ---- reductions -----------------------------------------------------------------------------------------

#define PTOSIM_CCE_REDUCE(NAME, V, E)                                                               \
    inline void NAME(V& dst, const V& src, const vector_bool& mask,                                 \
                     __cce_simd::ModeZeroing = MODE_ZEROING) {                                      \
        PTOSIM_CCE_ROW_TYPE(NAME, E);                                                               \
        ptosim::micro::reduce(ptosim::isa::MOp::NAME, ptosim::dtype_of<E>, dst.reg, src.reg, mask); \
    }

PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcadd)
PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcmax)
PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcmin)
PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcgadd)
PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcgmax)
PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcgmin)
PTOSIM_CCE_ARITH(PTOSIM_CCE_REDUCE, vcpadd)

#undef PTOSIM_CCE_BINARY
#undef PTOSIM_CCE_VEC_SCALAR
#undef PTOSIM_CCE_UNARY
#undef PTOSIM_CCE_VMOV_ALL
#undef PTOSIM_CCE_COMPARE
#undef PTOSIM_CCE_COMPARE_SCALAR
#undef PTOSIM_CCE_SELECT
#undef PTOSIM_CCE_VBR
#undef PTOSIM_CCE_VDUP
#undef PTOSIM_CCE_VCI
#undef PTOSIM_CCE_REDUCE
#undef PTOSIM_CCE_ROW_TAKES
#undef PTOSIM_CCE_ROW_TYPE
