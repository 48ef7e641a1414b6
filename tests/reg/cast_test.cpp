// Cast between integer registers: widening picks element RegLayout of each source group, narrowing writes
// element RegLayout of each destination group (the others zero), truncating (NO_SAT) or clamping (SAT); the
// mask is read per source element and unselected results are zero.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <limits>

#include "basic_api/reg_compute/kernel_reg_compute_vec_vconv_intf.h"
#include "reg/reg_gen.hpp"

namespace {

namespace Reg = AscendC::Reg;
using Reg::RegLayout;
using Reg::SatMode;

template <RegLayout L, SatMode S = SatMode::UNKNOWN>
inline constexpr Reg::CastTrait kTrait = {L, S, Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::UNKNOWN};

TEST(RegCast, Uint16ToUint32EvenAndOdd) {
    Reg::RegTensor<uint16_t> src;
    for (uint32_t i = 0; i < 128; ++i)
        src[i] = static_cast<uint16_t>(60000 + i);
    Reg::RegTensor<uint32_t> even, odd;
    Reg::MaskReg allB16 = Reg::CreateMask<uint16_t>();
    Reg::Cast<uint32_t, uint16_t, kTrait<RegLayout::ZERO>>(even, src, allB16);
    Reg::Cast<uint32_t, uint16_t, kTrait<RegLayout::ONE>>(odd, src, allB16);
    for (uint32_t j = 0; j < 64; ++j) {
        ASSERT_EQ(even[j], 60000u + 2 * j);
        ASSERT_EQ(odd[j], 60001u + 2 * j);
    }
}

TEST(RegCast, MaskIsReadPerSourceElement) {
    Reg::RegTensor<uint16_t> src;
    Reg::Duplicate(src, uint16_t{5});
    // A b32 mask sets bit 4j only: source element 2j (even) is selected, 2j + 1 (odd, bit 4j + 2) is not.
    Reg::MaskReg b32 = Reg::CreateMask<uint32_t>();
    Reg::RegTensor<uint32_t> even, odd;
    Reg::Duplicate(odd, 9u);
    Reg::Cast<uint32_t, uint16_t, kTrait<RegLayout::ZERO>>(even, src, b32);
    Reg::Cast<uint32_t, uint16_t, kTrait<RegLayout::ONE>>(odd, src, b32);
    EXPECT_EQ(even[10], 5u);
    EXPECT_EQ(odd[10], 0u);  // unselected: zero, not the old value
}

TEST(RegCast, Uint8ToUint32PicksOneOfFour) {
    Reg::RegTensor<uint8_t> src;
    for (uint32_t i = 0; i < 256; ++i)
        src[i] = static_cast<uint8_t>(i);
    Reg::RegTensor<uint32_t> d;
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    Reg::Cast<uint32_t, uint8_t, kTrait<RegLayout::THREE>>(d, src, all);
    for (uint32_t j = 0; j < 64; ++j)
        ASSERT_EQ(d[j], 4 * j + 3);
}

TEST(RegCast, SignedWidening) {
    Reg::RegTensor<int16_t> src;
    Reg::Duplicate(src, int16_t{-300});
    src[1] = 300;
    Reg::MaskReg all = Reg::CreateMask<int16_t>();
    Reg::RegTensor<int32_t> s;
    Reg::Cast<int32_t, int16_t, kTrait<RegLayout::ZERO>>(s, src, all);
    EXPECT_EQ(s[0], -300);
    Reg::RegTensor<uint32_t> u;  // int16_t -> uint32_t saturates negatives to 0 (AscendC)
    Reg::Cast<uint32_t, int16_t, kTrait<RegLayout::ZERO>>(u, src, all);
    EXPECT_EQ(u[0], 0u);
    Reg::Cast<uint32_t, int16_t, kTrait<RegLayout::ONE>>(u, src, all);
    EXPECT_EQ(u[0], 300u);
    Reg::RegTensor<int8_t> b;
    Reg::Duplicate(b, int8_t{-1});
    Reg::RegTensor<int32_t> w;
    Reg::Cast<int32_t, int8_t, kTrait<RegLayout::TWO>>(w, b, all);
    EXPECT_EQ(w[63], -1);
}

TEST(RegCast, NarrowingTruncatesOrSaturatesIntoItsLane) {
    Reg::RegTensor<uint32_t> src;
    for (uint32_t j = 0; j < 64; ++j)
        src[j] = 70000u + j;  // above 65535
    src[1] = 7;
    Reg::MaskReg all = Reg::CreateMask<uint32_t>();
    Reg::RegTensor<uint16_t> d;
    Reg::Duplicate(d, uint16_t{0xAAAA});
    Reg::Cast<uint16_t, uint32_t, kTrait<RegLayout::ONE, SatMode::NO_SAT>>(d, src, all);
    EXPECT_EQ(d[0], 0);                              // the other lane of each pair is zero
    EXPECT_EQ(d[1], static_cast<uint16_t>(70000u));  // low bits
    EXPECT_EQ(d[3], 7);
    Reg::Cast<uint16_t, uint32_t, kTrait<RegLayout::ZERO, SatMode::SAT>>(d, src, all);
    EXPECT_EQ(d[0], 65535);
    EXPECT_EQ(d[1], 0);
    EXPECT_EQ(d[2], 7);
    Reg::RegTensor<uint8_t> q;
    Reg::Cast<uint8_t, uint32_t, kTrait<RegLayout::ZERO, SatMode::NO_SAT>>(q, src, all);
    EXPECT_EQ(q[0], static_cast<uint8_t>(70000u));
    EXPECT_EQ(q[1], 0);
    EXPECT_EQ(q[4], 7);
    Reg::RegTensor<int32_t> neg;
    Reg::Duplicate(neg, -5);
    Reg::Cast<uint8_t, int32_t, kTrait<RegLayout::TWO, SatMode::SAT>>(q, neg, all);
    EXPECT_EQ(q[2], 0);  // clamped at 0
    Reg::Cast<uint8_t, int32_t, kTrait<RegLayout::TWO, SatMode::NO_SAT>>(q, neg, all);
    EXPECT_EQ(q[2], 251);  // -5 mod 256
}

// ---- property: every modelled pair, layout and saturation mode against a scalar model
// --------------------------

template <typename Dst, typename Src>
Dst model_convert(Src v, bool sat) {
    const auto x = static_cast<int64_t>(v);
    constexpr auto lo = static_cast<int64_t>(std::numeric_limits<Dst>::min());
    constexpr auto hi = static_cast<int64_t>(std::numeric_limits<Dst>::max());
    if (sizeof(Dst) > sizeof(Src))  // widening: exact, negatives into unsigned clamp at 0
        return static_cast<Dst>(x < lo ? lo : x);
    if (sat)
        return static_cast<Dst>(x < lo ? lo : (x > hi ? hi : x));
    const uint64_t lowBits = static_cast<uint64_t>(x) & ((uint64_t{1} << (8 * sizeof(Dst))) - 1);
    return regtest::from_bits<Dst>(lowBits);
}

template <typename Dst, typename Src, RegLayout L, SatMode S>
void cast_matches_model() {
    auto src = regtest::gen_reg<Src>();
    auto mask = regtest::gen_mask<Src>();
    auto dst = regtest::gen_reg<Dst>();  // old contents must not survive
    Reg::Cast<Dst, Src, kTrait<L, S>>(dst, src, mask);
    Reg::RegTensor<Dst> want;
    constexpr bool widening = sizeof(Dst) > sizeof(Src);
    constexpr uint32_t r = widening ? sizeof(Dst) / sizeof(Src) : sizeof(Src) / sizeof(Dst);
    constexpr auto l = static_cast<uint32_t>(L);
    if constexpr (widening) {
        for (uint32_t j = 0; j < Reg::RegTensor<Dst>::kLanes; ++j) {
            const uint32_t k = r * j + l;
            if (mask.test(k * sizeof(Src)))
                want.elems[j] = model_convert<Dst>(src.elems[k], false);
        }
    } else {
        for (uint32_t j = 0; j < Reg::RegTensor<Src>::kLanes; ++j) {
            if (mask.test(j * sizeof(Src)))
                want.elems[r * j + l] = model_convert<Dst>(src.elems[j], S == SatMode::SAT);
        }
    }
    RC_ASSERT(dst.elems == want.elems);
}

template <typename Dst, typename Src>
void every_layout() {
    constexpr bool widening = sizeof(Dst) > sizeof(Src);
    constexpr uint32_t r = widening ? sizeof(Dst) / sizeof(Src) : sizeof(Src) / sizeof(Dst);
    if constexpr (widening) {
        cast_matches_model<Dst, Src, RegLayout::ZERO, SatMode::UNKNOWN>();
        cast_matches_model<Dst, Src, RegLayout::ONE, SatMode::UNKNOWN>();
        if constexpr (r == 4) {
            cast_matches_model<Dst, Src, RegLayout::TWO, SatMode::SAT>();  // ignored when widening
            cast_matches_model<Dst, Src, RegLayout::THREE, SatMode::NO_SAT>();
        }
    } else {
        cast_matches_model<Dst, Src, RegLayout::ZERO, SatMode::NO_SAT>();
        cast_matches_model<Dst, Src, RegLayout::ONE, SatMode::SAT>();
        if constexpr (r == 4) {
            cast_matches_model<Dst, Src, RegLayout::TWO, SatMode::SAT>();
            cast_matches_model<Dst, Src, RegLayout::THREE, SatMode::NO_SAT>();
        }
    }
}

RC_GTEST_PROP(RegCastProperty, WideningMatchesModel, ()) {
    every_layout<int16_t, int8_t>();
    every_layout<int32_t, int8_t>();
    every_layout<uint16_t, uint8_t>();
    every_layout<uint32_t, uint8_t>();
    every_layout<int32_t, int16_t>();
    every_layout<uint32_t, int16_t>();
    every_layout<uint32_t, uint16_t>();
}

RC_GTEST_PROP(RegCastProperty, NarrowingMatchesModel, ()) {
    every_layout<uint8_t, int16_t>();
    every_layout<uint8_t, uint16_t>();
    every_layout<uint8_t, int32_t>();
    every_layout<int16_t, int32_t>();
    every_layout<uint16_t, int32_t>();
    every_layout<uint8_t, uint32_t>();
    every_layout<int16_t, uint32_t>();
    every_layout<uint16_t, uint32_t>();
}

// Widening the even and odd halves of a uint16_t register and narrowing them back (low bits) restores it.
RC_GTEST_PROP(RegCastProperty, EvenOddWideningRoundTrips, ()) {
    auto src = regtest::gen_reg<uint16_t>();
    Reg::MaskReg allB16 = Reg::CreateMask<uint16_t>(), allB32 = Reg::CreateMask<uint32_t>();
    Reg::RegTensor<uint32_t> even, odd;
    Reg::Cast<uint32_t, uint16_t, kTrait<RegLayout::ZERO>>(even, src, allB16);
    Reg::Cast<uint32_t, uint16_t, kTrait<RegLayout::ONE>>(odd, src, allB16);
    Reg::RegTensor<uint16_t> e16, o16;
    Reg::Cast<uint16_t, uint32_t, kTrait<RegLayout::ZERO, SatMode::NO_SAT>>(e16, even, allB32);
    Reg::Cast<uint16_t, uint32_t, kTrait<RegLayout::ONE, SatMode::NO_SAT>>(o16, odd, allB32);
    Reg::RegTensor<uint16_t> back;
    Reg::MaskReg evenLanes = Reg::CreateMask<uint32_t>();  // bit 4j = u16 element 2j
    Reg::Select(back, e16, o16, evenLanes);
    RC_ASSERT(back.elems == src.elems);
}

}  // namespace
