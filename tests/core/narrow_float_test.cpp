// Narrow float formats against an oracle written from the format definitions: every code's value is derived
// from its fields (HiF8's by assembling codes from the dot/exponent/fraction fields, the other way round from
// the decoder), and rounding picks neighbours on the sorted list of all values, comparing with the exact
// midpoint. Then the pto-isa value types, their numeric_limits and the packed 4-bit element helpers.
#include "ptosim/core/narrow_float.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "pto/cpu/Hifloat8.hpp"
#include "pto/cpu/MXTypes.hpp"
#include "ptosim/core/float16.hpp"

namespace {

using ptosim::narrow::Format;
using ptosim::narrow::Rounding;
using ptosim::narrow::Saturation;

constexpr std::array<Format, 6> kFormats = {Format::E4M3, Format::E5M2, Format::E8M0,
                                            Format::E2M1, Format::E1M2, Format::HiF8};
constexpr std::array<Rounding, 6> kRoundings = {Rounding::Rint, Rounding::Round, Rounding::Floor,
                                                Rounding::Ceil, Rounding::Trunc, Rounding::Odd};
constexpr std::array<Saturation, 2> kSaturations = {Saturation::Off, Saturation::On};

const char* name(Format f) {
    constexpr std::array<const char*, 6> names = {"E4M3", "E5M2", "E8M0", "E2M1", "E1M2", "HiF8"};
    return names[static_cast<int>(f)];
}

// ---------------------------------------------------------------------------------------------------------
// Oracle

enum class Kind { Nan, Inf, Finite, Unused };

struct Code {
    Kind kind = Kind::Unused;
    double value = 0;  // for Inf: +-infinity
};

// A point of the rounding line: a representable value, or one of two stand-ins the formats lack: the first
// grid point past max (rounding to it is an overflow), and E8M0's zero (rounding to it is an underflow).
struct Point {
    double value;
    int code;   // for a zero: the positive zero's code
    bool even;  // the code's last bit is 0
    enum { Real, PastMax, NoZero } kind;
};

struct Oracle {
    Format format{};
    std::array<Code, 256> codes{};
    int ncodes = 256;
    std::vector<Point> line;  // sorted by value, one zero
    int max_code = 0;
    int sign = 0;           // sign bit of a code, 0 for E8M0
    double min_normal = 0;  // the smallest positive value with an implicit leading 1
};

std::string bits_of(unsigned v, int n) {
    std::string s;
    for (int i = n - 1; i >= 0; --i)
        s += ((v >> i) & 1u) ? '1' : '0';
    return s;
}

// The IEEE-style formats: sign, exponent field, fraction field; the exponent field 0 is subnormal.
void build_ieee(Oracle& o, int ebits, int mbits, int bias, bool has_sign, bool subnormals) {
    const int signs = has_sign ? 2 : 1;
    for (int s = 0; s < signs; ++s) {
        for (int e = 0; e < (1 << ebits); ++e) {
            for (int m = 0; m < (1 << mbits); ++m) {
                const int code = (s << (ebits + mbits)) | (e << mbits) | m;
                Code c{Kind::Finite, 0};
                if (subnormals && e == 0) {
                    c.value = std::ldexp(m, 1 - bias - mbits);
                } else {
                    c.value = std::ldexp((1 << mbits) + m, e - bias - mbits);
                    if (o.min_normal == 0 || c.value < o.min_normal)
                        o.min_normal = c.value;
                }
                if (s)
                    c.value = -c.value;
                o.codes[code] = c;
            }
        }
    }
    o.sign = has_sign ? 1 << (ebits + mbits) : 0;
}

// HiF8 codes assembled from their fields: sign, dot prefix, exponent sign, the exponent magnitude without its
// implicit leading 1, fraction.
void build_hif8(Oracle& o) {
    struct Dot {
        const char* prefix;
        int width;  // D: exponent magnitude has D bits, the leading one implicit
    };
    const Dot dots[] = {{"11", 4}, {"10", 3}, {"01", 2}, {"001", 1}, {"0001", 0}};
    for (int s = 0; s < 2; ++s) {
        for (const Dot& d : dots) {
            const int prefix_len = static_cast<int>(std::string(d.prefix).size());
            const int stored = d.width > 0 ? d.width - 1 : 0;
            const int frac_bits = 7 - prefix_len - (d.width > 0 ? 1 : 0) - stored;
            for (int es = 0; es < (d.width > 0 ? 2 : 1); ++es) {
                for (int low = 0; low < (1 << stored); ++low) {
                    const int magnitude = d.width > 0 ? (1 << (d.width - 1)) | low : 0;
                    for (int m = 0; m < (1 << frac_bits); ++m) {
                        // Appended piece by piece: GCC 12 warns (-Wrestrict) on a chain of string +.
                        std::string b = bits_of(static_cast<unsigned>(s), 1);
                        b += d.prefix;
                        if (d.width > 0) {
                            b += bits_of(static_cast<unsigned>(es), 1);
                            b += bits_of(static_cast<unsigned>(low), stored);
                        }
                        b += bits_of(static_cast<unsigned>(m), frac_bits);
                        ASSERT_EQ(b.size(), 8u);
                        const int code = std::stoi(b, nullptr, 2);
                        ASSERT_EQ(o.codes[code].kind, Kind::Unused) << "code assigned twice: " << b;
                        const int exponent = es ? -magnitude : magnitude;
                        Code c{Kind::Finite, std::ldexp(1.0 + std::ldexp(m, -frac_bits), exponent)};
                        if (o.min_normal == 0 || c.value < o.min_normal)
                            o.min_normal = c.value;
                        if (es == 0 && magnitude == 15 && m == 1)  // where 1.5 * 2^15 would be
                            c = Code{Kind::Inf, std::numeric_limits<double>::infinity()};
                        if (s)
                            c.value = -c.value;
                        o.codes[code] = c;
                    }
                }
            }
        }
        for (int m = 1; m < 8; ++m) {  // denormals s 0000 mmm = 2^(m - 23)
            std::string b = bits_of(static_cast<unsigned>(s), 1);
            b += "0000";
            b += bits_of(static_cast<unsigned>(m), 3);
            const int code = std::stoi(b, nullptr, 2);
            o.codes[code] = Code{Kind::Finite, (s ? -1.0 : 1.0) * std::ldexp(1.0, m - 23)};
        }
    }
    o.codes[0x00] = Code{Kind::Finite, 0.0};
    o.codes[0x80] = Code{Kind::Nan, 0};
    o.sign = 0x80;
}

Oracle make_oracle(Format f) {
    Oracle o;
    o.format = f;
    double past_max = 0;
    switch (f) {
        case Format::E4M3:
            build_ieee(o, 4, 3, 7, true, true);
            o.codes[0x7F] = o.codes[0xFF] = Code{Kind::Nan, 0};  // S.1111.111; no infinities
            past_max = 480;
            break;
        case Format::E5M2:
            build_ieee(o, 5, 2, 15, true, true);
            for (int m = 0; m < 4; ++m) {
                const Kind k = m == 0 ? Kind::Inf : Kind::Nan;
                o.codes[0x7C | m] = Code{k, std::numeric_limits<double>::infinity()};
                o.codes[0xFC | m] = Code{k, -std::numeric_limits<double>::infinity()};
            }
            past_max = 65536;
            break;
        case Format::E8M0:
            build_ieee(o, 8, 0, 127, false, false);
            o.codes[0xFF] = Code{Kind::Nan, 0};
            past_max = std::ldexp(1.0, 128);
            break;
        case Format::E2M1:
            build_ieee(o, 2, 1, 1, true, true);
            o.ncodes = 16;
            past_max = 8;
            break;
        case Format::E1M2:
            build_ieee(o, 1, 2, 1, true, true);
            o.ncodes = 16;
            past_max = 2;
            break;
        case Format::HiF8:
            build_hif8(o);
            past_max = 49152;
            break;
    }
    for (int c = 0; c < o.ncodes; ++c) {
        const Code& k = o.codes[c];
        if (k.kind != Kind::Finite || (k.value == 0 && std::signbit(k.value)))
            continue;
        o.line.push_back(Point{k.value, c, (c & 1) == 0, Point::Real});
        if (k.value > 0 && (o.max_code == 0 || k.value > o.codes[o.max_code].value))
            o.max_code = c;
    }
    // The slot past max holds the code after max's; its parity decides ties between max and an overflow.
    const bool past_even = ((o.max_code + 1) & 1) == 0;
    o.line.push_back(Point{past_max, -1, past_even, Point::PastMax});
    if (f == Format::E8M0)
        o.line.push_back(Point{0.0, -1, true, Point::NoZero});
    else
        o.line.push_back(Point{-past_max, -1, past_even, Point::PastMax});
    std::sort(o.line.begin(), o.line.end(), [](const Point& a, const Point& b) { return a.value < b.value; });
    return o;
}

const Oracle& oracle(Format f) {
    static const std::array<Oracle, 6> all = [] {
        std::array<Oracle, 6> a;
        for (Format g : kFormats)
            a[static_cast<int>(g)] = make_oracle(g);
        return a;
    }();
    return all[static_cast<int>(f)];
}

int with_sign(const Oracle& o, bool negative, int magnitude_code) {
    return negative ? (o.sign | magnitude_code) : magnitude_code;
}

// What a format has for NaN input, for infinity input, on overflow and for a zero result (see the header).
int nan_code(const Oracle& o, bool negative) {
    switch (o.format) {
        case Format::E4M3:
            return with_sign(o, negative, 0x7F);
        case Format::E5M2:
            return with_sign(o, negative, 0x7E);
        case Format::E8M0:
            return 0xFF;
        case Format::HiF8:
            return 0x80;
        default:
            return with_sign(o, negative, 0);  // no NaN: zero
    }
}

int overflow_value(const Oracle& o, bool negative) {
    switch (o.format) {
        case Format::E4M3:
            return with_sign(o, negative, 0x7F);  // NaN
        case Format::E5M2:
            return with_sign(o, negative, 0x7C);  // inf
        case Format::E8M0:
            return 0xFF;
        case Format::HiF8:
            return with_sign(o, negative, 0x6F);  // inf
        default:
            return with_sign(o, negative, o.max_code);
    }
}

int overflow_code(const Oracle& o, bool negative, Rounding r, Saturation s) {
    if (s == Saturation::On)
        return with_sign(o, negative, o.max_code);
    const bool toward_zero = r == Rounding::Trunc || r == Rounding::Odd ||
                             (r == Rounding::Floor && !negative) || (r == Rounding::Ceil && negative);
    return toward_zero ? with_sign(o, negative, o.max_code) : overflow_value(o, negative);
}

int zero_code(const Oracle& o, bool negative, Saturation s) {
    if (o.format == Format::E8M0)
        return s == Saturation::On ? 0x00 : 0xFF;  // no zero: the smallest value, or NaN
    if (o.format == Format::HiF8)
        return 0x00;
    return with_sign(o, negative, 0);
}

int expected(const Oracle& o, double x, Rounding r, Saturation s) {
    const bool negative = std::signbit(x);
    if (std::isnan(x))
        return nan_code(o, negative);
    if (std::isinf(x)) {
        if (o.format == Format::E8M0 && negative)
            return 0xFF;
        return s == Saturation::On ? with_sign(o, negative, o.max_code) : overflow_value(o, negative);
    }
    if (o.format == Format::E8M0 && negative && x != 0)
        return 0xFF;
    if (x == 0)
        return zero_code(o, negative, s);
    const auto result = [&](const Point& p) {
        if (p.kind == Point::PastMax)
            return overflow_code(o, negative, r, s);
        if (p.kind == Point::NoZero || p.value == 0)
            return zero_code(o, negative, s);
        return p.code;
    };
    if (std::fabs(x) > o.line.back().value)
        return overflow_code(o, negative, r, s);
    const auto hi_it = std::lower_bound(o.line.begin(), o.line.end(), x,
                                        [](const Point& p, double v) { return p.value < v; });
    if (hi_it->value == x)
        return result(*hi_it);
    const Point& hi = *hi_it;
    const Point& lo = *(hi_it - 1);
    const double mid = (lo.value + hi.value) / 2;  // exact: both have a few significant bits
    const Point& toward_zero = x > 0 ? lo : hi;
    const Point& away = x > 0 ? hi : lo;
    switch (r) {
        case Rounding::Floor:
            return result(lo);
        case Rounding::Ceil:
            return result(hi);
        case Rounding::Trunc:
            return result(toward_zero);
        case Rounding::Round:
            if (x == mid)
                return result(away);
            return result(x < mid ? lo : hi);
        case Rounding::Odd:
            return result(lo.even ? hi : lo);
        case Rounding::Rint:
            if (x == mid)
                return result(lo.even ? lo : hi);
            return result(x < mid ? lo : hi);
    }
    return -1;
}

std::string describe(Format f, double x, Rounding r, Saturation s) {
    std::ostringstream os;
    os.precision(17);
    os << name(f) << " x=" << x << " (" << std::hexfloat << x << std::defaultfloat
       << ") rounding=" << static_cast<int>(r) << " saturation=" << (s == Saturation::On ? "on" : "off");
    return os.str();
}

// Checks from_double(x) and, when x is a float, from_float(x) against the oracle for every rounding and
// saturation. Returns false after the first mismatch so that a sweep stops early.
bool check_encode(Format f, double x) {
    const Oracle& o = oracle(f);
    const bool is_float = std::isnan(x) || static_cast<double>(static_cast<float>(x)) == x;
    for (Rounding r : kRoundings) {
        for (Saturation s : kSaturations) {
            const int want = expected(o, x, r, s);
            const int got_d = ptosim::narrow::from_double(f, x, r, s);
            EXPECT_EQ(got_d, want) << "from_double " << describe(f, x, r, s);
            if (got_d != want)
                return false;
            if (is_float) {
                const int got_f = ptosim::narrow::from_float(f, static_cast<float>(x), r, s);
                EXPECT_EQ(got_f, want) << "from_float " << describe(f, x, r, s);
                if (got_f != want)
                    return false;
            }
        }
    }
    return true;
}

// ---------------------------------------------------------------------------------------------------------
// Decoding

TEST(NarrowFloatDecode, EveryCodeMatchesItsDefinition) {
    for (Format f : kFormats) {
        const Oracle& o = oracle(f);
        for (int c = 0; c < o.ncodes; ++c) {
            const Code& want = o.codes[c];
            ASSERT_NE(want.kind, Kind::Unused) << name(f) << " code " << c;
            const float got = ptosim::narrow::to_float(f, static_cast<uint8_t>(c));
            if (want.kind == Kind::Nan) {
                EXPECT_TRUE(std::isnan(got)) << name(f) << " code " << c;
            } else {
                EXPECT_EQ(static_cast<double>(got), want.value) << name(f) << " code " << c;
                EXPECT_EQ(std::signbit(got), std::signbit(want.value)) << name(f) << " code " << c;
            }
        }
    }
}

TEST(NarrowFloatDecode, FourBitFormatsReadTheLowNibble) {
    for (Format f : {Format::E2M1, Format::E1M2}) {
        for (int c = 0; c < 256; ++c) {
            EXPECT_EQ(ptosim::narrow::to_float(f, static_cast<uint8_t>(c)),
                      ptosim::narrow::to_float(f, static_cast<uint8_t>(c & 0xF)))
                << name(f) << " " << c;
        }
    }
}

TEST(NarrowFloatDecode, KnownValues) {
    using ptosim::narrow::to_float;
    EXPECT_EQ(to_float<Format::E4M3>(0x7E), 448.0f);
    EXPECT_EQ(to_float<Format::E4M3>(0x01), std::ldexp(1.0f, -9));
    EXPECT_TRUE(std::isnan(to_float<Format::E4M3>(0xFF)));
    EXPECT_EQ(to_float<Format::E5M2>(0x7B), 57344.0f);
    EXPECT_EQ(to_float<Format::E5M2>(0xFC), -std::numeric_limits<float>::infinity());
    EXPECT_EQ(to_float<Format::E8M0>(0x7F), 1.0f);
    EXPECT_EQ(to_float<Format::E8M0>(0x00), std::ldexp(1.0f, -127));
    EXPECT_EQ(to_float<Format::E8M0>(0xFE), std::ldexp(1.0f, 127));
    EXPECT_EQ(to_float<Format::E2M1>(0x7), 6.0f);
    EXPECT_EQ(to_float<Format::E2M1>(0x9), -0.5f);
    EXPECT_EQ(to_float<Format::E1M2>(0x7), 1.75f);
    EXPECT_EQ(to_float<Format::E1M2>(0x3), 0.75f);
    // HiF8 values quoted by en_dtypes (pto-isa's golden generator).
    EXPECT_EQ(to_float<Format::HiF8>(0x6E), 32768.0f);
    EXPECT_EQ(to_float<Format::HiF8>(0xEE), -32768.0f);
    EXPECT_EQ(to_float<Format::HiF8>(0x7E), std::ldexp(1.0f, -15));
    EXPECT_EQ(to_float<Format::HiF8>(0x01), std::ldexp(1.0f, -22));
    EXPECT_EQ(to_float<Format::HiF8>(0x38), 0.125f);
    EXPECT_EQ(to_float<Format::HiF8>(0x18), 0.5f);
    EXPECT_EQ(to_float<Format::HiF8>(0x08), 1.0f);
    EXPECT_EQ(to_float<Format::HiF8>(0x0C), 1.5f);
    EXPECT_EQ(to_float<Format::HiF8>(0x1C), 0.75f);
    EXPECT_EQ(to_float<Format::HiF8>(0x6F), std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(to_float<Format::HiF8>(0x80)));
    static_assert(to_float<Format::HiF8>(0x6E) == 32768.0f, "decoding is constexpr");
}

// ---------------------------------------------------------------------------------------------------------
// Encoding

TEST(NarrowFloatEncode, EveryHalfValue) {
    for (Format f : kFormats) {
        for (uint32_t b = 0; b <= 0xFFFF; ++b) {
            const float x = ptosim::float16::from_bits(static_cast<uint16_t>(b));
            ASSERT_TRUE(check_encode(f, x)) << "half bits " << b;
        }
    }
}

// Every neighbour pair of values (including the stand-ins past max and E8M0's missing zero): the pair, their
// midpoint and the numbers next to each, in float and in double precision, so that a float and a double on
// either side of a tie are both seen.
TEST(NarrowFloatEncode, RoundingBoundaries) {
    for (Format f : kFormats) {
        const Oracle& o = oracle(f);
        std::vector<double> xs;
        for (size_t i = 0; i + 1 < o.line.size(); ++i) {
            const double a = o.line[i].value, b = o.line[i + 1].value;
            for (double v : {a, b, (a + b) / 2}) {
                xs.push_back(v);
                xs.push_back(std::nextafter(v, -INFINITY));
                xs.push_back(std::nextafter(v, INFINITY));
                xs.push_back(std::nextafter(static_cast<float>(v), -INFINITY));
                xs.push_back(std::nextafter(static_cast<float>(v), INFINITY));
            }
        }
        const double past = o.line.back().value;
        for (double v :
             {past, 2 * past, 1e30, 1e300, static_cast<double>(std::numeric_limits<float>::max()),
              std::numeric_limits<double>::max(), static_cast<double>(std::numeric_limits<float>::min()),
              static_cast<double>(std::numeric_limits<float>::denorm_min()),
              std::numeric_limits<double>::denorm_min(), std::ldexp(1.0, -128), std::ldexp(1.0, -127),
              std::ldexp(1.5, -128), std::ldexp(1.0, -23), std::ldexp(3.0, -24)}) {
            xs.push_back(v);
            xs.push_back(-v);
        }
        for (double x : xs) {
            if (std::isfinite(x)) {
                ASSERT_TRUE(check_encode(f, x)) << name(f);
            }
        }
    }
}

TEST(NarrowFloatEncode, ZerosInfinitiesAndNanPayloads) {
    const uint32_t float_nans[] = {0x7FC00000u, 0xFFC00000u, 0x7F800001u,
                                   0xFF800001u, 0x7FFFFFFFu, 0xFFA00000u};
    const uint64_t double_nans[] = {0x7FF8000000000000u, 0xFFF8000000000000u, 0x7FF0000000000001u,
                                    0xFFFFFFFFFFFFFFFFu};
    for (Format f : kFormats) {
        for (double x : {0.0, -0.0, static_cast<double>(INFINITY), static_cast<double>(-INFINITY)})
            ASSERT_TRUE(check_encode(f, x));
        for (uint32_t b : float_nans)
            ASSERT_TRUE(check_encode(f, std::bit_cast<float>(b))) << std::hex << b;
        for (uint64_t b : double_nans)
            ASSERT_TRUE(check_encode(f, std::bit_cast<double>(b))) << std::hex << b;
    }
}

TEST(NarrowFloatEncode, FloatSweep) {
    for (Format f : kFormats) {
        for (uint64_t b = 0; b <= 0xFFFFFFFFu; b += 0x3FF1) {
            ASSERT_TRUE(check_encode(f, std::bit_cast<float>(static_cast<uint32_t>(b)))) << std::hex << b;
        }
    }
}

RC_GTEST_PROP(NarrowFloatEncode, RandomFloats, (uint32_t bits, uint8_t format)) {
    const Format f = kFormats[format % kFormats.size()];
    RC_ASSERT(check_encode(f, std::bit_cast<float>(bits)));
}

RC_GTEST_PROP(NarrowFloatEncode, RandomDoublesRoundOnce, (uint64_t bits, uint8_t format)) {
    const Format f = kFormats[format % kFormats.size()];
    RC_ASSERT(check_encode(f, std::bit_cast<double>(bits)));
}

// Doubles just off a tie must not be rounded to float first (which would land on the tie).
TEST(NarrowFloatEncode, DoubleIsRoundedOnce) {
    using ptosim::narrow::from_double;
    const double above = 1.0 + std::ldexp(1.0, -4) + std::ldexp(1.0, -40);  // E4M3 tie 1.0625, then a bit
    EXPECT_EQ(from_double<Format::E4M3>(above), 0x39);
    EXPECT_EQ(from_double<Format::E4M3>(1.0 + std::ldexp(1.0, -4)), 0x38);  // the tie itself: even
    const double hif8_below = 1.0625 - std::ldexp(1.0, -40);  // HiF8 tie away from zero, just below
    EXPECT_EQ(from_double<Format::HiF8>(hif8_below, Rounding::Round), 0x08);
}

TEST(NarrowFloatEncode, Integers) {
    using ptosim::narrow::from_integer;
    for (Format f : kFormats) {
        const Oracle& o = oracle(f);
        for (int i = -1000; i <= 1000; ++i) {
            for (Rounding r : kRoundings) {
                for (Saturation s : kSaturations) {
                    int got = 0;
                    switch (f) {
                        case Format::E4M3:
                            got = from_integer<Format::E4M3>(i, r, s);
                            break;
                        case Format::E5M2:
                            got = from_integer<Format::E5M2>(i, r, s);
                            break;
                        case Format::E8M0:
                            got = from_integer<Format::E8M0>(i, r, s);
                            break;
                        case Format::E2M1:
                            got = from_integer<Format::E2M1>(i, r, s);
                            break;
                        case Format::E1M2:
                            got = from_integer<Format::E1M2>(i, r, s);
                            break;
                        case Format::HiF8:
                            got = from_integer<Format::HiF8>(i, r, s);
                            break;
                    }
                    ASSERT_EQ(got, expected(o, i, r, s)) << describe(f, i, r, s);
                }
            }
        }
    }
    // Past 2^53 an integer must not go through double: 3 * 2^61 - 1 is below the E8M0 tie 1.5 * 2^62.
    constexpr int64_t below_tie = (int64_t{3} << 61) - 1;
    EXPECT_EQ(from_integer<Format::E8M0>(below_tie), 127 + 62);
    EXPECT_EQ(from_integer<Format::E8M0>(below_tie + 1), 127 + 63);  // the tie: even code
    EXPECT_EQ(from_integer<Format::E8M0>(std::numeric_limits<uint64_t>::max()), 127 + 64);
    EXPECT_EQ(from_integer<Format::E5M2>(std::numeric_limits<int64_t>::min()), 0xFC);
    EXPECT_EQ(from_integer<Format::E5M2>(std::numeric_limits<int64_t>::min(), Rounding::Rint, Saturation::On),
              0xFB);
}

// The rules at the edges, spelled out.
TEST(NarrowFloatEncode, FormatRules) {
    using ptosim::narrow::from_float;
    // E4M3: 464 is the tie between 448 and the NaN slot (480): even stays; above overflows to NaN.
    EXPECT_EQ(from_float<Format::E4M3>(464.0f), 0x7E);
    EXPECT_EQ(from_float<Format::E4M3>(465.0f), 0x7F);
    EXPECT_EQ(from_float<Format::E4M3>(-465.0f), 0xFF);
    EXPECT_EQ(from_float<Format::E4M3>(1e6f, Rounding::Rint, Saturation::On), 0x7E);
    EXPECT_EQ(from_float<Format::E4M3>(1e6f, Rounding::Trunc), 0x7E);  // toward zero never overflows
    EXPECT_EQ(from_float<Format::E4M3>(INFINITY), 0x7F);
    EXPECT_EQ(from_float<Format::E4M3>(-INFINITY, Rounding::Rint, Saturation::On), 0xFE);
    // E5M2: overflow to infinity; ties between max and 2^16 go to the even 2^16, so overflow.
    EXPECT_EQ(from_float<Format::E5M2>(61440.0f), 0x7C);
    EXPECT_EQ(from_float<Format::E5M2>(61439.0f), 0x7B);
    EXPECT_EQ(from_float<Format::E5M2>(-1e9f, Rounding::Floor), 0xFC);
    EXPECT_EQ(from_float<Format::E5M2>(-1e9f, Rounding::Ceil), 0xFB);
    // E8M0: unsigned, no zero.
    EXPECT_EQ(from_float<Format::E8M0>(1.0f), 0x7F);
    EXPECT_EQ(from_float<Format::E8M0>(0.75f), 0x7E);  // tie between 0.5 (code 126) and 1 (127): even
    EXPECT_EQ(from_float<Format::E8M0>(1.5f), 0x80);
    EXPECT_EQ(from_float<Format::E8M0>(-1.0f), 0xFF);
    EXPECT_EQ(from_float<Format::E8M0>(0.0f), 0xFF);
    EXPECT_EQ(from_float<Format::E8M0>(0.0f, Rounding::Rint, Saturation::On), 0x00);
    // FP4: no NaN and no infinity; NaN becomes a signed zero, overflow the largest value.
    EXPECT_EQ(from_float<Format::E2M1>(240.0f), 0x7);
    EXPECT_EQ(from_float<Format::E2M1>(-INFINITY), 0xF);
    EXPECT_EQ(from_float<Format::E2M1>(-NAN), 0x8);
    EXPECT_EQ(from_float<Format::E2M1>(5.0f), 0x6);  // tie between 4 and 6: even code 0x6 (4)
    EXPECT_EQ(from_float<Format::E1M2>(-2.5f), 0xF);
    EXPECT_EQ(from_float<Format::E1M2>(0.125f), 0x0);  // tie between 0 and 0.25: even
    EXPECT_EQ(from_float<Format::E1M2>(0.125f, Rounding::Round), 0x1);
    // HiF8: en_dtypes' rounding (ties away) and overflow (from 1.25 * 2^15 on).
    EXPECT_EQ(from_float<Format::HiF8>(40959.0f, Rounding::Round), 0x6E);
    EXPECT_EQ(from_float<Format::HiF8>(40960.0f, Rounding::Round), 0x6F);
    EXPECT_EQ(from_float<Format::HiF8>(-40960.0f, Rounding::Round), 0xEF);
    EXPECT_EQ(from_float<Format::HiF8>(40960.0f, Rounding::Round, Saturation::On), 0x6E);
    EXPECT_EQ(from_float<Format::HiF8>(std::ldexp(1.0f, -23), Rounding::Round), 0x01);
    EXPECT_EQ(from_float<Format::HiF8>(std::ldexp(0.99f, -23), Rounding::Round), 0x00);
    EXPECT_EQ(from_float<Format::HiF8>(-std::ldexp(0.99f, -23), Rounding::Round), 0x00);  // no -0
    EXPECT_EQ(from_float<Format::HiF8>(-0.0f), 0x00);
    EXPECT_EQ(from_float<Format::HiF8>(NAN), 0x80);
    EXPECT_EQ(from_float<Format::HiF8>(1.0625f, Rounding::Round), 0x09);
    EXPECT_EQ(from_float<Format::HiF8>(1.0625f, Rounding::Rint), 0x08);
    EXPECT_EQ(from_float<Format::HiF8>(448.0f, Rounding::Round), 0x62);  // the tie of 384 and 512: away
    // Round to odd never produces zero from a non-zero value.
    EXPECT_EQ(from_float<Format::E4M3>(1e-20f, Rounding::Odd), 0x01);
    EXPECT_EQ(from_float<Format::E4M3>(-1e-20f, Rounding::Odd), 0x81);
    static_assert(ptosim::narrow::from_float<Format::E5M2>(1.0f) == 0x3C, "encoding is constexpr");
}

// ---------------------------------------------------------------------------------------------------------
// Round trips

TEST(NarrowFloatRoundTrip, EveryValueEncodesToItself) {
    for (Format f : kFormats) {
        const Oracle& o = oracle(f);
        for (int c = 0; c < o.ncodes; ++c) {
            const float x = ptosim::narrow::to_float(f, static_cast<uint8_t>(c));
            for (Rounding r : kRoundings) {
                for (Saturation s : kSaturations) {
                    const int back = ptosim::narrow::from_float(f, x, r, s);
                    // A value is its own encoding; NaN and inf codes follow the rules for those inputs.
                    const int want = o.codes[c].kind == Kind::Finite ? c : expected(o, x, r, s);
                    EXPECT_EQ(back, want) << describe(f, x, r, s);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// The pto-isa value types

template <typename T>
void check_limits(Format f) {
    using L = std::numeric_limits<T>;
    const Oracle& o = oracle(f);
    std::vector<double> finite;
    for (const Point& p : o.line) {
        if (p.kind == Point::Real)
            finite.push_back(p.value);
    }
    std::vector<double> positive;
    std::copy_if(finite.begin(), finite.end(), std::back_inserter(positive), [](double v) { return v > 0; });
    const double max = finite.back();
    const double next_after_one = *std::upper_bound(finite.begin(), finite.end(), 1.0);
    const double min_normal = o.min_normal;
    static_assert(L::is_specialized && !L::is_integer && !L::is_exact && L::radix == 2);
    EXPECT_EQ(static_cast<double>(L::max()), max) << name(f);
    EXPECT_EQ(static_cast<double>(L::lowest()), finite.front()) << name(f);
    EXPECT_EQ(static_cast<double>(L::denorm_min()), positive.front()) << name(f);
    EXPECT_EQ(static_cast<double>(L::min()), min_normal) << name(f);
    EXPECT_EQ(static_cast<double>(L::epsilon()), next_after_one - 1.0) << name(f);
    EXPECT_EQ(static_cast<double>(L::round_error()), 0.5) << name(f);
    EXPECT_EQ(L::is_signed, finite.front() < 0) << name(f);
    EXPECT_EQ(L::has_denorm == std::denorm_present, positive.front() < min_normal) << name(f);
    EXPECT_EQ(L::digits, static_cast<int>(std::lround(-std::log2(next_after_one - 1.0))) + 1) << name(f);
    int exp = 0;
    std::frexp(min_normal, &exp);
    EXPECT_EQ(L::min_exponent, exp) << name(f);
    std::frexp(max, &exp);
    EXPECT_EQ(L::max_exponent, exp) << name(f);
    EXPECT_EQ(L::min_exponent10, static_cast<int>(std::ceil(std::log10(min_normal)))) << name(f);
    EXPECT_EQ(L::max_exponent10, static_cast<int>(std::floor(std::log10(max)))) << name(f);
    EXPECT_EQ(L::digits10, static_cast<int>(std::floor((L::digits - 1) * std::log10(2.0)))) << name(f);
    EXPECT_EQ(L::max_digits10, static_cast<int>(std::ceil(1 + L::digits * std::log10(2.0)))) << name(f);
    bool has_inf = false, has_nan = false;
    for (int c = 0; c < o.ncodes; ++c) {
        has_inf = has_inf || o.codes[c].kind == Kind::Inf;
        has_nan = has_nan || o.codes[c].kind == Kind::Nan;
    }
    EXPECT_EQ(L::has_infinity, has_inf) << name(f);
    EXPECT_EQ(L::has_quiet_NaN, has_nan) << name(f);
    if (L::has_infinity) {
        EXPECT_EQ(static_cast<float>(L::infinity()), INFINITY) << name(f);
    } else {
        EXPECT_EQ(L::infinity().RawData(), T().RawData()) << name(f);
    }
    if (L::has_quiet_NaN) {
        EXPECT_TRUE(std::isnan(static_cast<float>(L::quiet_NaN()))) << name(f);
    } else {
        EXPECT_EQ(L::quiet_NaN().RawData(), T().RawData()) << name(f);
    }
    if (L::has_signaling_NaN) {
        EXPECT_TRUE(std::isnan(static_cast<float>(L::signaling_NaN()))) << name(f);
    }
}

TEST(NarrowFloatLimits, MatchTheFormats) {
    check_limits<float8_e4m3_t>(Format::E4M3);
    check_limits<float8_e5m2_t>(Format::E5M2);
    check_limits<float8_e8m0_t>(Format::E8M0);
    check_limits<float4_e2m1x2_t>(Format::E2M1);
    check_limits<float4_e1m2x2_t>(Format::E1M2);
    check_limits<hifloat8_t>(Format::HiF8);
}

TEST(NarrowFloatLimits, PtoIsaPadValues) {
    // TLOAD's PadValue::Max pads types without infinity with max(): the raw codes pto-isa's tests expect.
    EXPECT_EQ(std::numeric_limits<float4_e2m1x2_t>::max().RawData(), 0x7);
    EXPECT_EQ(std::numeric_limits<float4_e1m2x2_t>::max().RawData(), 0x7);
    EXPECT_EQ(std::numeric_limits<float4_e2m1x2_t>::lowest().RawData(), 0xF);
    EXPECT_FALSE(std::numeric_limits<float4_e2m1x2_t>::has_infinity);
}

template <typename T>
void check_type_rounds_like_oracle(Format f, Rounding r) {
    const Oracle& o = oracle(f);
    for (uint32_t b = 0; b <= 0xFFFF; b += 7) {
        const float x = ptosim::float16::from_bits(static_cast<uint16_t>(b));
        ASSERT_EQ(T(x).RawData(), expected(o, x, r, Saturation::Off)) << describe(f, x, r, Saturation::Off);
        ASSERT_EQ(T(static_cast<double>(x)).RawData(), expected(o, x, r, Saturation::Off));
    }
    for (int i = -300; i <= 300; ++i)
        ASSERT_EQ(T(i).RawData(), expected(o, i, r, Saturation::Off)) << name(f) << " " << i;
}

TEST(NarrowFloatType, ConstructionRounds) {
    check_type_rounds_like_oracle<float8_e4m3_t>(Format::E4M3, Rounding::Rint);
    check_type_rounds_like_oracle<float8_e5m2_t>(Format::E5M2, Rounding::Rint);
    check_type_rounds_like_oracle<float8_e8m0_t>(Format::E8M0, Rounding::Rint);
    check_type_rounds_like_oracle<float4_e2m1x2_t>(Format::E2M1, Rounding::Rint);
    check_type_rounds_like_oracle<float4_e1m2x2_t>(Format::E1M2, Rounding::Rint);
    check_type_rounds_like_oracle<hifloat8_t>(Format::HiF8, Rounding::Round);  // HiF8 ties away from zero
}

TEST(NarrowFloatType, StorageAndConversions) {
    static_assert(sizeof(float8_e4m3_t) == 1 && sizeof(float8_e5m2_t) == 1 && sizeof(float8_e8m0_t) == 1);
    static_assert(sizeof(float4_e2m1x2_t) == 1 && sizeof(float4_e1m2x2_t) == 1 && sizeof(hifloat8_t) == 1);
    static_assert(std::is_trivially_copyable_v<hifloat8_t>);
    static_assert(!std::is_convertible_v<float8_e4m3_t, float>, "conversions out are explicit");
    static_assert(std::is_convertible_v<float, float8_e4m3_t>, "construction is implicit, as in pto-isa");
    EXPECT_EQ(float8_e4m3_t().RawData(), 0);
    EXPECT_EQ(float8_e4m3_t::FromRaw(0x38).RawData(), 0x38);
    EXPECT_EQ(static_cast<float>(float8_e4m3_t::FromRaw(0x38)), 1.0f);
    EXPECT_EQ(static_cast<double>(float8_e5m2_t(-3.0)), -3.0);
    EXPECT_EQ(static_cast<int>(hifloat8_t(12)), 12);
    EXPECT_TRUE(static_cast<bool>(float8_e4m3_t(0.5f)));
    EXPECT_FALSE(static_cast<bool>(float8_e4m3_t(0.0f)));
    // A single x2 object's value is its low nibble; the high nibble rides along untouched.
    const auto packed = float4_e2m1x2_t::FromRaw(0xA3);
    EXPECT_EQ(static_cast<float>(packed), 1.5f);
    EXPECT_EQ(packed.RawData(), 0xA3);
    EXPECT_EQ((-packed).RawData(), 0xAB);
    std::ostringstream os;
    os << float8_e4m3_t(1.5f) << ' ' << hifloat8_t(-0.75f);
    EXPECT_EQ(os.str(), "1.5 -0.75");
}

TEST(NarrowFloatType, ArithmeticIsInFloat) {
    const float8_e4m3_t a = 1.5f;
    const float8_e5m2_t b = 2.5f;
    static_assert(std::is_same_v<decltype(a + a), float>);
    static_assert(std::is_same_v<decltype(a * b), float>);
    static_assert(std::is_same_v<decltype(a - 1), float>);
    static_assert(std::is_same_v<decltype(2.0f / a), float>);
    static_assert(std::is_same_v<decltype(a + 1.0), double>);
    EXPECT_EQ(a * b, 3.75f);  // not rounded to a narrow format
    EXPECT_EQ(a + a, 3.0f);
    EXPECT_EQ(1 - a, -0.5f);
    EXPECT_EQ(a / 2, 0.75f);
    float8_e4m3_t c = a;
    c *= 1.4f;  // 2.1 rounds to 2 in E4M3
    EXPECT_EQ(static_cast<float>(c), 2.0f);
    c += b;  // 4.5
    EXPECT_EQ(static_cast<float>(c), 4.5f);
    c /= 4;
    EXPECT_EQ(static_cast<float>(c), 1.125f);
    c -= 0.125;
    EXPECT_EQ(static_cast<float>(c), 1.0f);
}

TEST(NarrowFloatType, Comparisons) {
    const float8_e4m3_t one = 1.0f;
    EXPECT_TRUE(one == 1);
    EXPECT_TRUE(1.0 == one);
    EXPECT_TRUE(float8_e4m3_t(1.25f) < 1.3);  // compared exactly, not after rounding 1.3 to 1.25
    EXPECT_TRUE(1.3f > float8_e4m3_t(1.25f));
    EXPECT_TRUE(float8_e4m3_t(1.5f) == float8_e5m2_t(1.5f));
    EXPECT_TRUE(float8_e4m3_t(0.0f) == float8_e4m3_t(-0.0f));
    EXPECT_TRUE(float8_e4m3_t(-2.0f) < float8_e4m3_t(-1.0f));
    EXPECT_TRUE(hifloat8_t(3) >= hifloat8_t(2));
    EXPECT_TRUE(float4_e2m1x2_t(6) != float4_e1m2x2_t(1.75f));
    const auto nan = std::numeric_limits<float8_e4m3_t>::quiet_NaN();
    EXPECT_FALSE(nan == nan);
    EXPECT_TRUE(nan != nan);
    EXPECT_FALSE(nan < one || nan > one || nan <= one || nan >= one);
    EXPECT_FALSE(std::numeric_limits<hifloat8_t>::quiet_NaN() == 0);
}

TEST(NarrowFloatType, Negation) {
    EXPECT_EQ((-float8_e4m3_t(1.0f)).RawData(), 0xB8);
    EXPECT_EQ((-float8_e5m2_t(-2.0f)).RawData(), 0x40);
    EXPECT_EQ((-float4_e1m2x2_t(0.5f)).RawData(), 0xA);
    EXPECT_EQ((-hifloat8_t(1.0f)).RawData(), 0x88);
    EXPECT_EQ((-hifloat8_t(0.0f)).RawData(), 0x00);  // HiF8 has no -0
    EXPECT_EQ((-std::numeric_limits<hifloat8_t>::quiet_NaN()).RawData(), 0x80);
    EXPECT_TRUE(std::isnan(static_cast<float>(-float8_e8m0_t(2.0f))));  // E8M0 has no negative values
    EXPECT_EQ((+float8_e4m3_t(1.0f)).RawData(), 0x38);
}

// Behaviour that differs from pto-isa's CPU types on purpose (docs/compat.md).
TEST(NarrowFloatType, FollowsTheSpecificationsNotTheReference) {
    EXPECT_TRUE(std::isnan(static_cast<float>(float8_e4m3_t(1000.0))));   // reference wraps to 0.0137
    EXPECT_EQ(static_cast<float>(float8_e4m3_t(0.0078125)), 0.0078125f);  // reference: 0
    EXPECT_EQ(static_cast<float>(float8_e4m3_t(1.95)), 2.0f);             // reference truncates to 1.875
    EXPECT_EQ(static_cast<float>(float4_e2m1x2_t(240.0)), 6.0f);          // reference wraps to 0.5
    EXPECT_EQ(static_cast<float>(float4_e1m2x2_t(-2.5)), -1.75f);         // reference: -0.25
    EXPECT_TRUE(std::isinf(static_cast<float>(float8_e5m2_t(1e6))));      // reference: 2.1e-4
    EXPECT_TRUE(std::isnan(static_cast<float>(float8_e8m0_t(-2.5))));     // reference: 2
    EXPECT_EQ(static_cast<float>(float8_e8m0_t(1.9)), 2.0f);              // reference floors to 1
    EXPECT_EQ(static_cast<float>(float4_e2m1x2_t(2.9)), 3.0f);            // reference truncates to 2
    EXPECT_EQ(static_cast<float>(hifloat8_t(1.5)), 1.5f);                 // reference: 1.21875
    EXPECT_EQ(static_cast<float>(hifloat8_t(0.75)), 0.75f);               // reference: 1
    EXPECT_EQ(static_cast<float>(hifloat8_t(448.0)), 512.0f);             // tie away; reference: 384
    EXPECT_TRUE(std::isnan(static_cast<float>(hifloat8_t(NAN))));         // reference: -inf
    EXPECT_TRUE(std::isinf(static_cast<float>(hifloat8_t(1e9))));         // reference: 32768
    EXPECT_TRUE(std::signbit(static_cast<float>(float8_e4m3_t(-0.0f))));  // reference: +0
}

// ---------------------------------------------------------------------------------------------------------
// Packed 4-bit elements

TEST(NarrowFloatPacking, IsTwinType) {
    static_assert(IsTwinType<float4_e2m1x2_t>() && IsTwinType<float4_e1m2x2_t>());
    static_assert(IsTwinType<const float4_e2m1x2_t>());
    static_assert(!IsTwinType<float8_e4m3_t>() && !IsTwinType<float8_e5m2_t>() &&
                  !IsTwinType<float8_e8m0_t>());
    static_assert(!IsTwinType<hifloat8_t>() && !IsTwinType<uint8_t>() && !IsTwinType<float>());
}

TEST(NarrowFloatPacking, EvenElementsInTheLowNibble) {
    std::array<float4_e2m1x2_t, 4> buf{};
    for (size_t i = 0; i < 8; ++i)
        SetProperDataPart(buf.data(), i, float4_e2m1x2_t::FromRaw(static_cast<uint8_t>(i + 1)));
    EXPECT_EQ(buf[0].RawData(), 0x21);
    EXPECT_EQ(buf[1].RawData(), 0x43);
    EXPECT_EQ(buf[2].RawData(), 0x65);
    EXPECT_EQ(buf[3].RawData(), 0x87);
    for (size_t i = 0; i < 8; ++i)
        EXPECT_EQ(GetProperDataPart(buf.data(), i).RawData(), i + 1) << i;
    // Only the addressed nibble changes; only the value's low nibble is stored.
    SetProperDataPart(buf.data(), 5, float4_e2m1x2_t::FromRaw(0xFE));
    EXPECT_EQ(buf[2].RawData(), 0xE5);
    SetProperDataPart(buf.data(), 4, float4_e2m1x2_t(-6.0f));
    EXPECT_EQ(buf[2].RawData(), 0xEF);
    EXPECT_EQ(static_cast<float>(GetProperDataPart(buf.data(), 4)), -6.0f);
    const float4_e1m2x2_t* cbuf = reinterpret_cast<const float4_e1m2x2_t*>(buf.data());
    EXPECT_EQ(static_cast<float>(GetProperDataPart(cbuf, 1)), 0.5f);  // nibble 0x2 as E1M2
}

TEST(NarrowFloatPacking, OtherTypesIndexPlainly) {
    std::array<float8_e4m3_t, 3> buf{};
    SetProperDataPart(buf.data(), 1, float8_e4m3_t(2.0f));
    EXPECT_EQ(buf[0].RawData(), 0);
    EXPECT_EQ(static_cast<float>(buf[1]), 2.0f);
    EXPECT_EQ(static_cast<float>(GetProperDataPart(buf.data(), 1)), 2.0f);
    std::array<int, 2> ints = {1, 2};
    SetProperDataPart(ints.data(), 0, 7);
    EXPECT_EQ(GetProperDataPart(ints.data(), 0), 7);
}

}  // namespace
