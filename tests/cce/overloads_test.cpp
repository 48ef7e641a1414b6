// The CCE intrinsics exist for exactly the register types their rows of isa/micro.def take (an overload for a
// type the row does not take fails to compile in the header; this checks the other direction: none missing),
// and they accept what pto-isa's A5 code passes: a wrapper that converts to the register type (RegTensor),
// the tokens as objects and through decltype.
#include <gtest/gtest.h>

#include <cstdint>

#include "ptosim/cce/cce.hpp"

namespace {

using ptosim::cce::kTakes;
using ptosim::cce::Vector;
using ptosim::isa::MOp;

#define HAS_BINARY(NAME)                                                        \
    template <typename E>                                                       \
    constexpr bool has_##NAME = requires(Vector<E> & v, const vector_bool& m) { \
        NAME(v, v, v, m);                                                       \
    };
#define HAS_SCALAR(NAME)                                                             \
    template <typename E>                                                            \
    constexpr bool has_##NAME = requires(Vector<E> & v, E s, const vector_bool& m) { \
        NAME(v, v, s, m);                                                            \
    };
#define HAS_UNARY(NAME)                                                         \
    template <typename E>                                                       \
    constexpr bool has_##NAME = requires(Vector<E> & v, const vector_bool& m) { \
        NAME(v, v, m);                                                          \
    };
#define HAS_COMPARE(NAME)                                                  \
    template <typename E>                                                  \
    constexpr bool has_##NAME = requires(Vector<E> & v, vector_bool & m) { \
        NAME(m, v, v, m);                                                  \
    };
#define HAS_VBR(NAME)                                          \
    template <typename E>                                      \
    constexpr bool has_##NAME = requires(Vector<E> & v, E s) { \
        NAME(v, s);                                            \
    };

// Every register type's overload exists exactly when the row takes the type. (clang-format does not settle on
// lists in macros: these keep their hand layout.)
// clang-format off
#define MATCH_ONE(NAME, E) static_assert(has_##NAME<E> == kTakes<MOp::NAME, E>, #NAME " and " #E);
#define MATCH(NAME) \
    MATCH_ONE(NAME, float) MATCH_ONE(NAME, half) MATCH_ONE(NAME, bfloat16_t) MATCH_ONE(NAME, int64_t) \
    MATCH_ONE(NAME, uint64_t) MATCH_ONE(NAME, int32_t) MATCH_ONE(NAME, uint32_t) MATCH_ONE(NAME, int16_t) \
    MATCH_ONE(NAME, uint16_t) MATCH_ONE(NAME, int8_t) MATCH_ONE(NAME, uint8_t)

#define BINARY_ROWS(X) \
    X(vadd) X(vsub) X(vmul) X(vdiv) X(vmax) X(vmin) X(vand) X(vor) X(vxor) X(vshl) X(vshr) X(vprelu)
#define SCALAR_ROWS(X) \
    X(vadds) X(vsubs) X(vmuls) X(vmaxs) X(vmins) X(vands) X(vors) X(vxors) X(vshls) X(vshrs) X(vlrelu)
#define UNARY_ROWS(X) \
    X(vabs) X(vneg) X(vnot) X(vexp) X(vln) X(vsqrt) X(vrsqrt) X(vrec) X(vrelu) X(vmov) \
    X(vcadd) X(vcmax) X(vcmin) X(vcgadd) X(vcgmax) X(vcgmin) X(vcpadd)
// clang-format on

BINARY_ROWS(HAS_BINARY)
BINARY_ROWS(MATCH)
SCALAR_ROWS(HAS_SCALAR)
SCALAR_ROWS(MATCH)
UNARY_ROWS(HAS_UNARY)
UNARY_ROWS(MATCH)
HAS_COMPARE(vcmp_eq)
HAS_BINARY(vsel)
HAS_VBR(vbr)
HAS_VBR(vci)
template <typename E>
constexpr bool has_vcmp = has_vcmp_eq<E>;
MATCH(vcmp)
MATCH(vsel)
MATCH(vbr)
MATCH(vci)

// The reductions take MODE_ZEROING only (their rows' modes); the element-wise ones both.
template <typename V, typename M>
constexpr bool vadd_takes = requires(V& v, vector_bool& m) {
    vadd(v, v, v, m, M{});
};
template <typename V, typename M>
constexpr bool vcadd_takes = requires(V& v, vector_bool& m) {
    vcadd(v, v, m, M{});
};
static_assert(vadd_takes<vector_f32, decltype(MODE_MERGING)> &&
              vadd_takes<vector_f32, decltype(MODE_ZEROING)>);
static_assert(!vcadd_takes<vector_f32, decltype(MODE_MERGING)> &&
              vcadd_takes<vector_f32, decltype(MODE_ZEROING)>);

// A wrapper that converts to the register type, as pto-isa's RegTensor<T> does.
template <typename R>
struct Wrapper {
    R reg;
    operator R&() { return reg; }
};

TEST(CceOverloads, ARegisterWrapperConvertsAsOnTheDevice) {
    Wrapper<vector_f32> a, b, c;
    vbr(a, 2.0f);
    vbr(b, 3.0f);
    vector_bool m = pset_b32(PAT_ALL);
    vmul(c, a, b, m);
    vadds(c, c, 1, m, MODE_ZEROING);
    EXPECT_EQ(c.reg.reg.lane<float>(63), 7.0f);
    // The loads and stores are templates on the pointer and the distribution only: the register operand
    // converts too, in every form.
    alignas(256) static float buf[128];
    float* p = buf;
    vsts(c, p, 64, NORM_B32, m, POST_UPDATE);
    vlds(a, buf, 0, NORM);
    EXPECT_EQ(p, buf + 64);
    EXPECT_EQ(a.reg.reg.lane<float>(0), 7.0f);
    Wrapper<vector_f32> lo, hi;
    vlds(lo, hi, buf, 0, DINTLV_B32);
    EXPECT_EQ(hi.reg.reg.lane<float>(0), 7.0f);
    vector_bool lt;
    vcmps_lt(lt, a, 8.0f, m);
    EXPECT_EQ(lt, m);
}

TEST(CceOverloads, TokensAreObjectsOfTypesOfTheirOwn) {
    // A5 code names a distribution through its type and passes a default-constructed object of it.
    using Dist = decltype(NORM_B32);
    constexpr Dist dist{};
    alignas(256) static float buf[64];
    vector_f32 v;
    vbr(v, 1.5f);
    vsts(v, buf, 0, dist, pset_b32(PAT_VL2));
    EXPECT_EQ(buf[1], 1.5f);
    EXPECT_EQ(buf[2], 0.0f);
    static_assert(!std::is_same_v<decltype(NORM), decltype(NORM_B32)>);
    static_assert(!std::is_same_v<decltype(MODE_ZEROING), decltype(MODE_MERGING)>);
    static_assert(std::is_same_v<decltype(__cce_simd::POST_UPDATE), decltype(POST_UPDATE)>);
}

}  // namespace
