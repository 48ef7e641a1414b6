// half / bfloat16 conversions against independent references: exhaustive round trips, and float -> half
// rounding checked against a nearest-value search over every finite half (ties to even).
#include "ptosim/core/float16.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace {

using ptosim::bfloat16;
using ptosim::float16;

// Every non-negative finite half as (value, bits), sorted by value; an independent reference for rounding.
const std::vector<std::pair<double, uint16_t>>& finite_halves() {
    static const auto table = [] {
        std::vector<std::pair<double, uint16_t>> t;
        for (uint32_t b = 0; b < 0x7C00; ++b) {
            const int e = static_cast<int>(b >> 10);
            const int m = static_cast<int>(b & 0x3FF);
            const double v = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
            t.emplace_back(v, static_cast<uint16_t>(b));
        }
        return t;
    }();
    return table;
}

// Round |x| to half by searching the table: nearest value, ties to the even bit pattern, overflow to
// infinity.
uint16_t reference_round(double x) {
    const bool neg = std::signbit(x);
    const double a = std::fabs(x);
    const auto& t = finite_halves();
    const uint16_t sign = neg ? 0x8000 : 0;
    const double max = t.back().first;
    const double ulp_top = std::ldexp(1.0, 15 - 10);  // spacing at the top binade
    if (a >= max + ulp_top / 2)
        return sign | 0x7C00;  // halfway to 65536 and beyond round to infinity
    auto it = std::lower_bound(t.begin(), t.end(), std::make_pair(a, uint16_t{0}));
    if (it == t.end())
        return sign | t.back().second;
    if (it->first == a || it == t.begin())
        return sign | it->second;
    const auto lo = *(it - 1), hi = *it;
    const double dlo = a - lo.first, dhi = hi.first - a;
    if (dlo < dhi)
        return sign | lo.second;
    if (dhi < dlo)
        return sign | hi.second;
    return sign | ((lo.second & 1) == 0 ? lo.second : hi.second);
}

TEST(Float16, EveryHalfRoundTripsThroughFloat) {
    for (uint32_t b = 0; b <= 0xFFFF; ++b) {
        const auto h = float16::from_bits(static_cast<uint16_t>(b));
        const float f = h;
        const uint16_t back = float16(f).bits();
        const bool is_nan = (b & 0x7C00) == 0x7C00 && (b & 0x3FF) != 0;
        if (is_nan) {
            EXPECT_TRUE(std::isnan(f)) << b;
            EXPECT_EQ(back, b | 0x0200) << "NaN payload must survive (quietened): " << b;
        } else {
            EXPECT_EQ(back, b) << b;
        }
    }
}

TEST(Float16, HalfToFloatValues) {
    EXPECT_EQ(float(float16::from_bits(0x3C00)), 1.0f);
    EXPECT_EQ(float(float16::from_bits(0xC000)), -2.0f);
    EXPECT_EQ(float(float16::from_bits(0x7BFF)), 65504.0f);
    EXPECT_EQ(float(float16::from_bits(0x0001)), std::ldexp(1.0f, -24));
    EXPECT_EQ(float(float16::from_bits(0x03FF)), std::ldexp(1023.0f, -24));
    EXPECT_TRUE(std::signbit(float(float16::from_bits(0x8000))));
    EXPECT_EQ(float(float16::from_bits(0x7C00)), std::numeric_limits<float>::infinity());
}

TEST(Float16, RoundingEdgeCases) {
    EXPECT_EQ(float16(65519.0f).bits(), 0x7BFF);               // below the halfway point to 65536
    EXPECT_EQ(float16(65520.0f).bits(), 0x7C00);               // halfway: ties to even = infinity
    EXPECT_EQ(float16(std::ldexp(1.0f, -25)).bits(), 0x0000);  // halfway between 0 and 2^-24: even = 0
    EXPECT_EQ(float16(std::nextafter(std::ldexp(1.0f, -25), 1.0f)).bits(), 0x0001);
    EXPECT_EQ(float16(std::ldexp(3.0f, -25)).bits(), 0x0002);         // 1.5 * 2^-24: tie, rounds to even 2
    EXPECT_EQ(float16(1.0f + std::ldexp(1.0f, -11)).bits(), 0x3C00);  // tie to even (down)
    EXPECT_EQ(float16(1.0f + std::ldexp(3.0f, -11)).bits(), 0x3C02);  // tie to even (up)
    EXPECT_EQ(float16(-0.0f).bits(), 0x8000);
    EXPECT_EQ(float16(std::numeric_limits<float>::quiet_NaN()).bits() & 0x7E00, 0x7E00);
    EXPECT_EQ(float16(1e10).bits(), 0x7C00);
    EXPECT_EQ(float16(3).bits(), 0x4200);
}

TEST(Float16, EveryFloatBinadeAgainstNearestSearch) {
    // Sweep a dense sample of float bit patterns through the half range and beyond.
    for (uint32_t bits = 0x30000000; bits < 0x48000000; bits += 0x1F3) {
        const float f = std::bit_cast<float>(bits);
        ASSERT_EQ(float16(f).bits(), reference_round(f)) << f;
        ASSERT_EQ(float16(-f).bits(), reference_round(-f)) << -f;
    }
}

RC_GTEST_PROP(Float16, FloatRoundsToNearestEven, (uint32_t bits)) {
    const float f = std::bit_cast<float>(bits);
    RC_PRE(!std::isnan(f));
    RC_ASSERT(float16(f).bits() == reference_round(f));
}

RC_GTEST_PROP(Float16, DoubleRoundsOnce, (uint64_t bits)) {
    const double d = std::bit_cast<double>(bits);
    RC_PRE(!std::isnan(d));
    RC_ASSERT(float16(d).bits() == reference_round(d));
}

uint16_t reference_bf16(float f) {
    // Nearest of the two bf16 neighbours by exact double arithmetic, ties to even.
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint32_t down = x & 0xFFFF0000u;
    const uint32_t up = down + 0x10000u;
    const double dd = std::fabs(static_cast<double>(f) - static_cast<double>(std::bit_cast<float>(down)));
    const float upf = std::bit_cast<float>(up);
    if (std::isnan(upf))
        return static_cast<uint16_t>(down >> 16);
    const double du = std::fabs(static_cast<double>(upf) - static_cast<double>(f));
    if (dd < du)
        return static_cast<uint16_t>(down >> 16);
    if (du < dd)
        return static_cast<uint16_t>(up >> 16);
    return static_cast<uint16_t>(((down >> 16) & 1) == 0 ? down >> 16 : up >> 16);
}

RC_GTEST_PROP(BFloat16, FloatRoundsToNearestEven, (uint32_t bits)) {
    const float f = std::bit_cast<float>(bits);
    RC_PRE(!std::isnan(f) && !std::isinf(f));
    RC_PRE(std::fabs(f) < std::numeric_limits<float>::max());
    RC_ASSERT(bfloat16(f).bits() == reference_bf16(f));
}

TEST(BFloat16, EveryValueRoundTrips) {
    for (uint32_t b = 0; b <= 0xFFFF; ++b) {
        const auto h = bfloat16::from_bits(static_cast<uint16_t>(b));
        const float f = h;
        const bool is_nan = (b & 0x7F80) == 0x7F80 && (b & 0x7F) != 0;
        if (is_nan) {
            EXPECT_TRUE(std::isnan(f));
            EXPECT_EQ(bfloat16(f).bits(), b | 0x40);
        } else {
            EXPECT_EQ(bfloat16(f).bits(), b);
        }
    }
}

TEST(BFloat16, Rounding) {
    EXPECT_EQ(bfloat16(1.0f).bits(), 0x3F80);
    EXPECT_EQ(bfloat16(std::bit_cast<float>(0x3F808000u)).bits(), 0x3F80);  // tie, even stays
    EXPECT_EQ(bfloat16(std::bit_cast<float>(0x3F818000u)).bits(), 0x3F82);  // tie, odd rounds up
    EXPECT_EQ(bfloat16(std::bit_cast<float>(0x7F7FFFFFu)).bits(), 0x7F80);  // max float rounds to infinity
    // A double just above a bf16 halfway point must round up even though the float rounding lands on the tie.
    const double just_above = static_cast<double>(std::bit_cast<float>(0x3F808000u)) + std::ldexp(1.0, -40);
    EXPECT_EQ(bfloat16(just_above).bits(), 0x3F81);
}

TEST(Float16, NumericLimits) {
    EXPECT_EQ(float(std::numeric_limits<float16>::max()), 65504.0f);
    EXPECT_EQ(float(std::numeric_limits<float16>::lowest()), -65504.0f);
    EXPECT_TRUE(std::isinf(float(std::numeric_limits<float16>::infinity())));
    EXPECT_TRUE(std::isnan(float(std::numeric_limits<float16>::quiet_NaN())));
    EXPECT_EQ(float(std::numeric_limits<bfloat16>::max()), std::bit_cast<float>(0x7F7F0000u));
}

TEST(Float16, ArithmeticGoesThroughFloat) {
    float16 h = 1.5f;
    h += 2.0f;
    EXPECT_EQ(float(h), 3.5f);
    EXPECT_TRUE(float16(1.0f) < float16(2.0f));
    EXPECT_TRUE(float16(0.0f) == float16(-0.0f));
    EXPECT_EQ(float(-h), -3.5f);
}

}  // namespace
