// Interleave and DeInterleave of two registers: the documented orders, aliasing of sources and destinations,
// the distinct-destination rule, and (as properties) agreement with an index model and with each other.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_vec_interleave_intf.h"
#include "reg/reg_gen.hpp"
#include "support/check_matchers.hpp"

namespace {

namespace Reg = AscendC::Reg;

TEST(RegInterleave, DocumentedOrder) {
    // AscendC's DeInterleave figure: src0 = 0 0 1 1 .. , src1 = 4 4 5 5 .. -> dst0 = dst1 = 0 1 2 ..
    Reg::RegTensor<uint32_t> s0, s1, d0, d1;
    for (uint32_t j = 0; j < 64; ++j) {
        s0[j] = j / 2;
        s1[j] = 32 + j / 2;
    }
    Reg::DeInterleave(d0, d1, s0, s1);
    for (uint32_t j = 0; j < 64; ++j) {
        ASSERT_EQ(d0[j], j);
        ASSERT_EQ(d1[j], j);
    }
    Reg::Interleave(s0, s1, d0, d1);  // back, into the former sources
    for (uint32_t j = 0; j < 64; ++j) {
        ASSERT_EQ(s0[j], j / 2);
        ASSERT_EQ(s1[j], 32 + j / 2);
    }
}

TEST(RegInterleave, SourcesMayBeTheDestinations) {
    Reg::RegTensor<uint8_t> a, b;
    for (uint32_t i = 0; i < 256; ++i) {
        a[i] = static_cast<uint8_t>(i);
        b[i] = static_cast<uint8_t>(255 - i);
    }
    Reg::Interleave(a, b, a, b);
    EXPECT_EQ(a[0], 0);
    EXPECT_EQ(a[1], 255);
    EXPECT_EQ(a[2], 1);
    EXPECT_EQ(b[0], 128);
    EXPECT_EQ(b[1], 127);
    Reg::DeInterleave(a, b, a, b);
    EXPECT_EQ(a[7], 7);
    EXPECT_EQ(b[7], 248);
    // The same register as both sources: each element twice.
    Reg::RegTensor<uint16_t> c, lo, hi;
    for (uint32_t j = 0; j < 128; ++j)
        c[j] = static_cast<uint16_t>(j);
    Reg::Interleave(lo, hi, c, c);
    EXPECT_EQ(lo[5], 2);
    EXPECT_EQ(hi[0], 64);
}

TEST(RegInterleave, DestinationsMustDiffer) {
    Reg::RegTensor<int16_t> a, b;
    EXPECT_CHECK_FAILS(Reg::Interleave(a, a, a, b),
                       "Interleave: dstReg0 and dstReg1 must be different registers");
    EXPECT_CHECK_FAILS(Reg::DeInterleave(b, b, a, b),
                       "DeInterleave: dstReg0 and dstReg1 must be different registers");
}

template <typename T>
void matches_model() {
    using R = Reg::RegTensor<T>;
    constexpr uint32_t n = R::kLanes;
    const R s0 = regtest::gen_reg<T>(), s1 = regtest::gen_reg<T>();
    R a = s0, b = s1, i0, i1, d0, d1;
    Reg::Interleave(i0, i1, a, b);
    Reg::DeInterleave(d0, d1, a, b);
    for (uint32_t k = 0; k < 2 * n; ++k) {
        // Interleaved stream position k holds s_{k % 2}[k / 2].
        const T want = (k % 2 == 0 ? s0 : s1).elems[k / 2];
        RC_ASSERT(regtest::to_bits((k < n ? i0 : i1).elems[k % n]) == regtest::to_bits(want));
        // De-interleaving reads the concatenation s0 ++ s1 at 2j and 2j + 1.
        const T cat = (k < n ? s0 : s1).elems[k % n];
        RC_ASSERT(regtest::to_bits((k % 2 == 0 ? d0 : d1).elems[k / 2]) == regtest::to_bits(cat));
    }
    // Inverses of each other.
    R back0, back1;
    Reg::DeInterleave(back0, back1, i0, i1);
    RC_ASSERT(regtest::same_bits(back0, s0) && regtest::same_bits(back1, s1));
    Reg::Interleave(back0, back1, d0, d1);
    RC_ASSERT(regtest::same_bits(back0, s0) && regtest::same_bits(back1, s1));
}

RC_GTEST_PROP(RegInterleaveProperty, MatchesIndexModelAndInverts, ()) {
    regtest::for_each_type<bool, int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t,
                           float>([]<typename T>() { matches_model<T>(); });
}

}  // namespace
