// The CCE vector loads and stores (pto-isa's docs/isa/vector/ops/vector-load-store), on the micro core's vlds
// / vsts / vldsx2 / vstsx2 rows and their distributions (isa/micro_dist.def):
//
//   vlds(dst, base, offset, DIST)                       dst from base + offset (elements of the pointer's
//   type) vlds(dst, base, offset, DIST, POST_UPDATE)          dst from base; then base += offset vlds(lo, hi,
//   base, offset, DINTLV_Bn)               vldsx2: two registers, de-interleaved (also spelt vldsx2)
//   vsts(src, base, offset, DIST, mask)                 the active lanes of src to base + offset
//   vsts(src, base, offset, DIST, mask, POST_UPDATE)    to base; then base += offset
//   vsts(lo, hi, base, offset, INTLV_Bn, mask)          vstsx2: two registers, interleaved (also spelt
//   vstsx2)
//
// A distribution token names a row by its spelling; each instruction takes the row of its own with that
// spelling (NORM is vlds's NORM and vsts's NORM_Bn-for-the-register), and one that is not its own, or that
// ptosim does not run, does not compile. The addresses are checked by the core: aligned as the row says, and
// inside the Unified Buffer when they start in it.
#pragma once

#include <cstdint>

#include "ptosim/cce/types.hpp"

namespace ptosim::cce {

// The row of instruction `op` spelt as D's row is.
template <isa::MOp op, isa::MDist D>
inline constexpr const isa::DistInfo* kDistRow = isa::find_dist(op, isa::dist_info(D).spelling);

template <isa::MOp op, isa::MDist D>
constexpr isa::MDist dist_row() {
    static_assert(kDistRow<op, D> != nullptr,
                  "the distribution is not one of this instruction's (docs/isa/micro.md, Distributions)");
    static_assert(kDistRow<op, D> == nullptr || kDistRow<op, D>->shape != isa::DistShape::Unmodelled,
                  "ptosim does not run this distribution (its row in docs/isa/micro.md says why)");
    return kDistRow<op, D>->id;
}

}  // namespace ptosim::cce

#define PTOSIM_CCE_LOAD_STORE(NAME, V, E)                                                                  \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vlds(V& dst, const P* base, int32_t offset, __cce_simd::DistToken<D>) {                    \
        ptosim::micro::load(dst.reg, base + offset, ptosim::cce::dist_row<ptosim::isa::MOp::vlds, D>(),    \
                            sizeof(E));                                                                    \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vlds(V& dst, P*& base, int32_t offset, __cce_simd::DistToken<D>, __cce_simd::PostUpdate) { \
        ptosim::micro::load(dst.reg, base, ptosim::cce::dist_row<ptosim::isa::MOp::vlds, D>(), sizeof(E)); \
        base += offset;                                                                                    \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vlds(V& lo, V& hi, const P* base, int32_t offset, __cce_simd::DistToken<D>) {              \
        ptosim::micro::load2(lo.reg, hi.reg, base + offset,                                                \
                             ptosim::cce::dist_row<ptosim::isa::MOp::vldsx2, D>());                        \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vldsx2(V& lo, V& hi, const P* base, int32_t offset, __cce_simd::DistToken<D> dist) {       \
        vlds(lo, hi, base, offset, dist);                                                                  \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vsts(const V& src, P* base, int32_t offset, __cce_simd::DistToken<D>,                      \
                     const vector_bool& mask) {                                                            \
        ptosim::micro::store(base + offset, src.reg, mask,                                                 \
                             ptosim::cce::dist_row<ptosim::isa::MOp::vsts, D>(), sizeof(E));               \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vsts(const V& src, P*& base, int32_t offset, __cce_simd::DistToken<D>,                     \
                     const vector_bool& mask, __cce_simd::PostUpdate) {                                    \
        ptosim::micro::store(base, src.reg, mask, ptosim::cce::dist_row<ptosim::isa::MOp::vsts, D>(),      \
                             sizeof(E));                                                                   \
        base += offset;                                                                                    \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vsts(const V& lo, const V& hi, P* base, int32_t offset, __cce_simd::DistToken<D>,          \
                     const vector_bool& mask) {                                                            \
        ptosim::micro::store2(base + offset, lo.reg, hi.reg, mask,                                         \
                              ptosim::cce::dist_row<ptosim::isa::MOp::vstsx2, D>());                       \
    }                                                                                                      \
    template <typename P, ptosim::isa::MDist D>                                                            \
    inline void vstsx2(const V& lo, const V& hi, P* base, int32_t offset, __cce_simd::DistToken<D> dist,   \
                       const vector_bool& mask) {                                                          \
        vsts(lo, hi, base, offset, dist, mask);                                                            \
    }

PTOSIM_CCE_ARITH(PTOSIM_CCE_LOAD_STORE, vlds)
#undef PTOSIM_CCE_LOAD_STORE
