// The CCE predicate intrinsics (pto-isa's docs/isa/scalar/ops/predicate-generation-and-algebra), on the micro
// core's pset / plt / pge / pand / por / pxor / pnot / psel rows:
//
//   vector_bool pset_b8|b16|b32(PAT_*)          the pattern over elements of 1, 2, 4 bytes
//   vector_bool pge_b8|b16|b32(PAT_*)           the same (the page: a pattern-token helper, as installed)
//   vector_bool plt_b8|b16|b32(n, POST_UPDATE)  the first min(n, lanes) elements; n -= that many
//   pand|por|pxor(dst, src0, src1, mask)        bit by bit where mask is set, 0 elsewhere
//   pnot(dst, src, mask)                        the same
//   psel(dst, src0, src1, sel)                  sel ? src0 : src1, bit by bit
#pragma once

#include <cstdint>

#include "ptosim/cce/types.hpp"

#define PTOSIM_CCE_PRED_GEN(BITS)                                              \
    template <ptosim::micro::Pattern P>                                        \
    inline vector_bool pset_b##BITS(__cce_simd::PatToken<P>) {                 \
        return ptosim::micro::pattern(P, (BITS) / 8);                          \
    }                                                                          \
    template <ptosim::micro::Pattern P>                                        \
    inline vector_bool pge_b##BITS(__cce_simd::PatToken<P>) {                  \
        return ptosim::micro::pattern(P, (BITS) / 8);                          \
    }                                                                          \
    inline vector_bool plt_b##BITS(uint32_t& scalar, __cce_simd::PostUpdate) { \
        return ptosim::micro::first_n_update(scalar, (BITS) / 8);              \
    }
PTOSIM_CCE_PRED_GEN(8)
PTOSIM_CCE_PRED_GEN(16)
PTOSIM_CCE_PRED_GEN(32)
#undef PTOSIM_CCE_PRED_GEN

inline void pand(vector_bool& dst, const vector_bool& src0, const vector_bool& src1,
                 const vector_bool& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::pand, src0, src1, mask);
}
inline void por(vector_bool& dst, const vector_bool& src0, const vector_bool& src1, const vector_bool& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::por, src0, src1, mask);
}
inline void pxor(vector_bool& dst, const vector_bool& src0, const vector_bool& src1,
                 const vector_bool& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::pxor, src0, src1, mask);
}
inline void pnot(vector_bool& dst, const vector_bool& src, const vector_bool& mask) {
    dst = ptosim::micro::pred_logic(ptosim::isa::MOp::pnot, src, src, mask);
}
inline void psel(vector_bool& dst, const vector_bool& src0, const vector_bool& src1, const vector_bool& sel) {
    dst = ptosim::micro::pred_select(src0, src1, sel);
}
