// Element conversion (ptosim::convert) against an oracle written from the specification in the header
// comments of convert.hpp and narrow_float.hpp, not from their algorithms. A source element is decoded to its
// exact value (long double holds every value of every source type, 64-bit integers included), then
// - the 16-, 8- and 4-bit float destinations round on a sorted table of every finite value of the format
//   (each code decoded), choosing between the two neighbours of the value by the rounding rule;
// - float and double destinations round on the host FPU under fesetround;
// - integer destinations choose between floor and ceil, then clamp or wrap.
// Every 16-, 8- and 4-bit source code goes to every destination in every rounding direction, with and without
// saturation; 32- and 64-bit sources go through the rounding boundaries of each destination, powers of two,
// limits, special values and fixed-seed random bit patterns.
#include "ptosim/core/convert.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "ptosim/core/dtype.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/core/narrow_float.hpp"

namespace {

using ptosim::DType;
using ptosim::narrow::Rounding;
using ptosim::narrow::Saturation;
namespace narrow = ptosim::narrow;
namespace convert = ptosim::convert;

using LD = long double;
// Exact 64-bit integers and exact midpoints between neighbouring doubles need a 64-bit significand.
static_assert(std::numeric_limits<LD>::digits >= 64, "the oracle needs x87 extended (or wider) long double");

// Floats first, then integers (is_int relies on it).
constexpr std::array<DType, 19> kTypes = {DType::F64,  DType::F32,  DType::F16,  DType::BF16,   DType::HIF8,
                                          DType::E4M3, DType::E5M2, DType::E8M0, DType::E2M1X2, DType::E1M2X2,
                                          DType::S64,  DType::S32,  DType::S16,  DType::S8,     DType::S4,
                                          DType::U64,  DType::U32,  DType::U16,  DType::U8};
constexpr std::array<const char*, 19> kTypeNames = {
    "F64", "F32", "F16", "BF16", "HIF8", "E4M3", "E5M2", "E8M0", "E2M1X2", "E1M2X2",
    "S64", "S32", "S16", "S8",   "S4",   "U64",  "U32",  "U16",  "U8"};
constexpr std::array<Rounding, 6> kRoundings = {Rounding::Rint, Rounding::Round, Rounding::Floor,
                                                Rounding::Ceil, Rounding::Trunc, Rounding::Odd};
constexpr std::array<const char*, 6> kRoundingNames = {"Rint", "Round", "Floor", "Ceil", "Trunc", "Odd"};
constexpr std::array<Saturation, 2> kSaturations = {Saturation::Off, Saturation::On};
constexpr int kModes = 12;  // roundings x saturations; mode index = rounding index * 2 + saturation index

// Position in kTypes by DType code (-1: not converted); a table because the sweeps ask millions of times.
constexpr std::array<int8_t, 32> kTypeIndex = [] {
    std::array<int8_t, 32> index{};
    index.fill(-1);
    for (std::size_t i = 0; i < kTypes.size(); ++i)
        index[static_cast<std::size_t>(kTypes[i])] = static_cast<int8_t>(i);
    return index;
}();

int type_index(DType t) {
    return kTypeIndex[static_cast<std::size_t>(t) & 31u];
}
const char* type_name(DType t) {
    return kTypeNames[type_index(t)];
}

bool is_int(DType t) {
    return type_index(t) >= type_index(DType::S64);
}
bool is_ieee(DType t) {
    return t == DType::F64 || t == DType::F32 || t == DType::F16 || t == DType::BF16;
}
bool is_float(DType t) {
    return !is_int(t);
}

int width(DType t) {
    switch (t) {
        case DType::F64:
        case DType::S64:
        case DType::U64:
            return 64;
        case DType::F32:
        case DType::S32:
        case DType::U32:
            return 32;
        case DType::F16:
        case DType::BF16:
        case DType::S16:
        case DType::U16:
            return 16;
        case DType::E2M1X2:
        case DType::E1M2X2:
        case DType::S4:
            return 4;
        default:
            return 8;
    }
}
uint64_t mask(DType t) {
    return width(t) == 64 ? ~uint64_t{0} : (uint64_t{1} << width(t)) - 1;
}

narrow::Format narrow_format(DType t) {
    switch (t) {
        case DType::E4M3:
            return narrow::Format::E4M3;
        case DType::E5M2:
            return narrow::Format::E5M2;
        case DType::E8M0:
            return narrow::Format::E8M0;
        case DType::E2M1X2:
            return narrow::Format::E2M1;
        case DType::E1M2X2:
            return narrow::Format::E1M2;
        default:
            return narrow::Format::HiF8;
    }
}

// ---------------------------------------------------------------------------------------------------------
// A source element as the oracle sees it

enum class Kind : uint8_t { Finite, Inf, NaN };

struct Value {
    Kind kind = Kind::Finite;
    bool negative = false;
    LD x = 0;              // the exact value (with the sign of a zero) when finite
    uint64_t payload = 0;  // a NaN's fraction field, left-aligned in 64 bits
};

Value float_value(LD x, uint64_t payload) {
    Value v;
    v.kind = std::isnan(x) ? Kind::NaN : std::isinf(x) ? Kind::Inf : Kind::Finite;
    v.negative = std::signbit(x);
    v.x = x;
    v.payload = v.kind == Kind::NaN ? payload : 0;
    return v;
}

Value int_value(LD x) {
    Value v;
    v.negative = x < 0;
    v.x = x;
    return v;
}

Value decode(DType t, uint64_t bits) {
    switch (t) {
        case DType::F64:
            return float_value(std::bit_cast<double>(bits), bits << 12);
        case DType::F32:
            return float_value(std::bit_cast<float>(static_cast<uint32_t>(bits)), (bits & 0x7FFFFFu) << 41);
        case DType::F16:
            return float_value(static_cast<float>(ptosim::float16::from_bits(static_cast<uint16_t>(bits))),
                               (bits & 0x3FFu) << 54);
        case DType::BF16:
            return float_value(static_cast<float>(ptosim::bfloat16::from_bits(static_cast<uint16_t>(bits))),
                               (bits & 0x7Fu) << 57);
        case DType::S64:
            return int_value(static_cast<int64_t>(bits));
        case DType::S32:
            return int_value(static_cast<int32_t>(bits));
        case DType::S16:
            return int_value(static_cast<int16_t>(bits));
        case DType::S8:
            return int_value(static_cast<int8_t>(bits));
        case DType::S4: {  // the low nibble, two's complement
            const int nibble = static_cast<int>(bits & 0xF);
            return int_value(nibble >= 8 ? nibble - 16 : nibble);
        }
        case DType::U64:
            return int_value(bits);
        case DType::U32:
            return int_value(static_cast<uint32_t>(bits));
        case DType::U16:
            return int_value(static_cast<uint16_t>(bits));
        case DType::U8:
            return int_value(static_cast<uint8_t>(bits));
        default: {
            // The narrow formats' NaNs decode to a payload-less quiet NaN: that is the payload they carry on.
            const float f = narrow::to_float(narrow_format(t), static_cast<uint8_t>(bits));
            return float_value(f, static_cast<uint64_t>(std::bit_cast<uint32_t>(f) & 0x7FFFFFu) << 41);
        }
    }
}

// x rounded to an integral value in each direction, in kRoundings order (Odd: x when integral, else the odd
// one of floor and ceil). A zero keeps the sign that ceil / floor give it.
std::array<LD, 6> round_integral(LD x) {
    const LD lo = std::floor(x);
    const LD hi = std::ceil(x);
    if (lo == hi)
        return {x, x, x, x, x, x};
    // Not integral, so |x| < 2^63: lo fits in int64 and x - lo is exact.
    const LD frac = x - lo;
    const bool lo_odd = (static_cast<int64_t>(lo) & 1) != 0;
    const LD toward_zero = x < 0 ? hi : lo;
    const LD away = x < 0 ? lo : hi;
    const LD nearest = frac < LD{0.5} ? lo : hi;
    const LD rint = frac == LD{0.5} ? (lo_odd ? hi : lo) : nearest;
    const LD round = frac == LD{0.5} ? away : nearest;
    return {rint, round, lo, hi, toward_zero, lo_odd ? lo : hi};
}

// One source element, decoded once for all destinations.
struct Input {
    DType src{};
    uint64_t bits = 0;
    Value v;
    std::array<LD, 6> integral{};  // v.x rounded to an integral value in each direction (when finite)
};

Input prepare(DType src, uint64_t bits) {
    Input in;
    in.src = src;
    in.bits = bits;
    in.v = decode(src, bits);
    if (is_int(src))
        in.integral.fill(in.v.x);
    else if (in.v.kind == Kind::Finite)
        in.integral = round_integral(in.v.x);
    return in;
}

// ---------------------------------------------------------------------------------------------------------
// Float destinations with at most 16-bit codes: the sorted line of all their values

// A point of the line: a value of the format, or a stand-in the format lacks: the first grid point past max
// (rounding to it is an overflow), and E8M0's zero (rounding to it is an underflow).
struct Point {
    double value = 0;
    uint16_t code = 0;
    bool odd = false;  // the code's last bit; decides ties (Rint) and Odd
    enum class Kind : uint8_t { Real, PastMax, NoZero } kind = Kind::Real;
};

struct Table {
    DType type{};
    std::vector<Point> line;  // ascending, one zero
    uint16_t sign = 0;        // the sign bit of a code; 0 for E8M0
    uint16_t max_code = 0;    // the positive maximum
    double max = 0;
};

// Where the grid of the top binade continues past max: IEEE-style overflow rounds as if the exponent range
// were unbounded and overflows when the result lies above max.
double past_max(DType t) {
    switch (t) {
        case DType::F16:
            return 65536;  // 65504 + 32
        case DType::BF16:
            return std::ldexp(1.0, 128);
        case DType::HIF8:
            return 49152;  // the top binade [2^15, 2^16) has one fraction bit; 1.5 * 2^15 is where inf sits
        case DType::E4M3:
            return 480;  // 448 + 32, NaN's slot
        case DType::E5M2:
            return 65536;  // 57344 + 8192, inf's slot
        case DType::E8M0:
            return std::ldexp(1.0, 128);
        case DType::E2M1X2:
            return 8;  // 6 + 2
        case DType::E1M2X2:
            return 2;  // 1.75 + 0.25
        default:
            return 0;
    }
}

Table build_table(DType t) {
    Table tab;
    tab.type = t;
    const int n = 1 << width(t);
    for (int code = 0; code < n; ++code) {
        const Value v = decode(t, static_cast<uint64_t>(code));
        if (v.kind != Kind::Finite || (v.x == 0 && v.negative))
            continue;
        const auto c = static_cast<uint16_t>(code);
        tab.line.push_back(Point{static_cast<double>(v.x), c, (code & 1) != 0, Point::Kind::Real});
        if (v.x > tab.max) {
            tab.max = static_cast<double>(v.x);
            tab.max_code = c;
        }
    }
    tab.sign = t == DType::E8M0 ? 0 : static_cast<uint16_t>(1u << (width(t) - 1));
    // The slot past max holds the code after max's (inf or NaN in most formats); its parity breaks the tie
    // between max and an overflow.
    const bool past_odd = ((tab.max_code + 1) & 1) != 0;
    tab.line.push_back(Point{past_max(t), 0, past_odd, Point::Kind::PastMax});
    if (t == DType::E8M0)
        tab.line.push_back(Point{0.0, 0, false, Point::Kind::NoZero});  // zero is even
    else
        tab.line.push_back(Point{-past_max(t), 0, past_odd, Point::Kind::PastMax});
    std::sort(tab.line.begin(), tab.line.end(),
              [](const Point& a, const Point& b) { return a.value < b.value; });
    return tab;
}

const Table& table(DType t) {
    static const std::array<Table, 18> tables = [] {
        std::array<Table, 18> all;
        for (DType d : kTypes) {
            if (is_float(d) && width(d) <= 16)
                all[type_index(d)] = build_table(d);
        }
        return all;
    }();
    return tables[type_index(t)];
}

double max_finite(DType t) {
    if (t == DType::F64)
        return std::numeric_limits<double>::max();
    if (t == DType::F32)
        return std::numeric_limits<float>::max();
    return table(t).max;
}

// An infinite input stays infinite, except that a saturating conversion into a format with a smaller range
// (a smaller largest finite value, so that finite inputs overflow it too) gives +-max.
// Saturating, +-inf becomes +-max when the destination cannot hold it or has a smaller range.
bool infinity_saturates_to_max(DType src, DType dst, Saturation s) {
    const bool no_infinity =
        dst == DType::E4M3 || dst == DType::E8M0 || dst == DType::E2M1X2 || dst == DType::E1M2X2;
    return s == Saturation::On && (no_infinity || max_finite(dst) < max_finite(src));
}

// Stored fraction bits of the IEEE formats.
int fraction_bits(DType t) {
    return t == DType::F64 ? 52 : t == DType::F32 ? 23 : t == DType::F16 ? 10 : 7;
}
uint64_t ieee_sign(DType t, bool negative) {
    return negative ? uint64_t{1} << (width(t) - 1) : 0;
}
uint64_t ieee_inf(DType t, bool negative) {
    const int man = fraction_bits(t);
    return ieee_sign(t, negative) | (((uint64_t{1} << (width(t) - 1 - man)) - 1) << man);
}
// A NaN result: quiet, the input's sign, the top bits of its payload.
uint64_t ieee_nan(DType t, bool negative, uint64_t payload) {
    const int man = fraction_bits(t);
    return ieee_inf(t, negative) | (uint64_t{1} << (man - 1)) | (payload >> (64 - man));
}

uint64_t with_sign(const Table& t, bool negative, uint64_t magnitude) {
    return negative ? (t.sign | magnitude) : magnitude;
}

// What a non-saturating overflow gives when it rounds away from zero (narrow_float.hpp's table).
uint64_t overflow_value(const Table& t, bool negative) {
    switch (t.type) {
        case DType::F16:
        case DType::BF16:
            return ieee_inf(t.type, negative);
        case DType::E4M3:
            return with_sign(t, negative, 0x7F);  // NaN
        case DType::E5M2:
            return with_sign(t, negative, 0x7C);  // inf
        case DType::E8M0:
            return 0xFF;  // NaN
        case DType::HIF8:
            return with_sign(t, negative, 0x6F);  // inf
        default:
            return with_sign(t, negative, t.max_code);  // the 4-bit formats have neither
    }
}

uint64_t nan_result(const Table& t, const Value& v) {
    switch (t.type) {
        case DType::F16:
        case DType::BF16:
            return ieee_nan(t.type, v.negative, v.payload);
        case DType::E4M3:
            return with_sign(t, v.negative, 0x7F);
        case DType::E5M2:
            return with_sign(t, v.negative, 0x7E);
        case DType::E8M0:
            return 0xFF;
        case DType::HIF8:
            return 0x80;
        default:
            return with_sign(t, v.negative, 0);  // no NaN: a zero
    }
}

uint64_t zero_result(const Table& t, bool negative, Saturation s) {
    if (t.type == DType::E8M0)
        return s == Saturation::On ? 0x00 : 0xFF;  // no zero: the smallest value, or NaN
    if (t.type == DType::HIF8)
        return 0x00;  // no -0: 0x80 is NaN
    return with_sign(t, negative, 0);
}

// IEEE 754 7.4: the directions that never round away from zero stop at max.
bool never_away(Rounding r, bool negative) {
    return r == Rounding::Trunc || r == Rounding::Odd || (r == Rounding::Floor && !negative) ||
           (r == Rounding::Ceil && negative);
}

uint64_t overflow_result(const Table& t, bool negative, Rounding r, Saturation s) {
    if (s == Saturation::On || never_away(r, negative))
        return with_sign(t, negative, t.max_code);
    return overflow_value(t, negative);
}

uint64_t infinity_result(DType src, const Table& t, bool negative, Saturation s) {
    if (is_ieee(t.type)) {
        return infinity_saturates_to_max(src, t.type, s) ? with_sign(t, negative, t.max_code)
                                                         : ieee_inf(t.type, negative);
    }
    if (t.type == DType::E8M0 && negative)
        return 0xFF;
    return infinity_saturates_to_max(src, t.type, s) ? with_sign(t, negative, t.max_code)
                                                     : overflow_value(t, negative);
}

// A finite value's place on the line: one point when exact, else its two neighbours and how it compares with
// their midpoint; `beyond` when it lies past the outermost point (past max: an overflow in every direction).
struct Place {
    int lo = 0;
    int hi = 0;
    int vs_mid = 0;
    bool beyond = false;
};

Place locate(const Table& t, LD x) {
    Place p;
    const auto it =
        std::lower_bound(t.line.begin(), t.line.end(), x, [](const Point& pt, LD v) { return pt.value < v; });
    if (it == t.line.end() || (it == t.line.begin() && it->value != x)) {
        p.beyond = true;
        return p;
    }
    p.hi = static_cast<int>(it - t.line.begin());
    if (it->value == x) {
        p.lo = p.hi;
        return p;
    }
    p.lo = p.hi - 1;
    const double mid = (t.line[p.lo].value + t.line[p.hi].value) / 2;  // exact: few significant bits
    p.vs_mid = x < mid ? -1 : x > mid ? 1 : 0;
    return p;
}

uint64_t table_result(DType src, const Table& t, const Value& v, const Place& p, Rounding r, Saturation s) {
    const bool negative = v.negative;
    if (v.kind == Kind::NaN)
        return nan_result(t, v);
    if (v.kind == Kind::Inf)
        return infinity_result(src, t, negative, s);
    if (v.x == 0)
        return zero_result(t, negative, s);
    if (t.type == DType::E8M0 && negative)
        return 0xFF;  // no sign
    if (p.beyond)
        return overflow_result(t, negative, r, s);
    const Point* pick = &t.line[p.lo];
    if (p.lo != p.hi) {
        const Point& lo = t.line[p.lo];
        const Point& hi = t.line[p.hi];
        const Point& away = negative ? lo : hi;
        const Point& toward = negative ? hi : lo;
        switch (r) {
            case Rounding::Floor:
                pick = &lo;
                break;
            case Rounding::Ceil:
                pick = &hi;
                break;
            case Rounding::Trunc:
                pick = &toward;
                break;
            case Rounding::Round:
                pick = p.vs_mid == 0 ? &away : p.vs_mid < 0 ? &lo : &hi;
                break;
            case Rounding::Rint:
                pick = p.vs_mid == 0 ? (lo.odd ? &hi : &lo) : p.vs_mid < 0 ? &lo : &hi;
                break;
            case Rounding::Odd:
                pick = lo.odd ? &lo : &hi;
                break;
        }
    }
    if (pick->kind == Point::Kind::PastMax)
        return overflow_result(t, negative, r, s);
    if (pick->kind == Point::Kind::NoZero || pick->value == 0)
        return zero_result(t, negative, s);
    return pick->code;
}

// ---------------------------------------------------------------------------------------------------------
// float and double destinations: the host FPU

template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;

// x rounded to T in the four IEEE directions. volatile keeps the compiler from folding the conversions in the
// default rounding mode or moving them across fesetround.
struct Directed {
    uint64_t nearest = 0, down = 0, up = 0, toward_zero = 0;
};

template <class T>
Directed fpu_round(LD x) {
    volatile LD in = x;
    volatile T out = 0;
    Directed d;
    const T plain = static_cast<T>(x);
    if (static_cast<LD>(plain) == x) {  // exact: every direction agrees, no need to switch modes
        d.nearest = d.down = d.up = d.toward_zero = std::bit_cast<BitsOf<T>>(plain);
        return d;
    }
    const auto convert_in = [&](int mode) {
        std::fesetround(mode);
        out = static_cast<T>(in);
        const T result = out;
        return static_cast<uint64_t>(std::bit_cast<BitsOf<T>>(result));
    };
    d.nearest = convert_in(FE_TONEAREST);
    d.down = convert_in(FE_DOWNWARD);
    d.up = convert_in(FE_UPWARD);
    d.toward_zero = convert_in(FE_TOWARDZERO);
    std::fesetround(FE_TONEAREST);
    return d;
}

template <class T>
LD value_of(uint64_t bits) {
    const T v = std::bit_cast<T>(static_cast<BitsOf<T>>(bits));
    if (std::isinf(v))  // the grid point past max, where an overflow rounds to
        return std::copysign(std::ldexp(LD{1}, std::numeric_limits<T>::max_exponent), LD{v});
    return v;
}

template <class T>
uint64_t fpu_result(DType src, DType dst, const Value& v, const Directed& d, Rounding r, Saturation s) {
    const uint64_t inf = ieee_inf(dst, v.negative);
    const uint64_t max = ieee_sign(dst, v.negative) | std::bit_cast<BitsOf<T>>(std::numeric_limits<T>::max());
    if (v.kind == Kind::NaN)
        return ieee_nan(dst, v.negative, v.payload);
    if (v.kind == Kind::Inf)
        return infinity_saturates_to_max(src, dst, s) ? max : inf;
    uint64_t result = 0;
    switch (r) {
        case Rounding::Rint:
            result = d.nearest;
            break;
        case Rounding::Floor:
            result = d.down;
            break;
        case Rounding::Ceil:
            result = d.up;
            break;
        case Rounding::Trunc:
            result = d.toward_zero;
            break;
        case Rounding::Round: {
            if (d.down == d.up) {
                result = d.down;
                break;
            }
            const LD mid = (value_of<T>(d.down) + value_of<T>(d.up)) / 2;  // exact in long double
            const uint64_t away = v.negative ? d.down : d.up;
            result = v.x == mid ? away : v.x < mid ? d.down : d.up;
            break;
        }
        case Rounding::Odd:
            result = d.down == d.up ? d.down : (d.down & 1) != 0 ? d.down : d.up;
            break;
    }
    if (result == inf && s == Saturation::On)  // a finite input overflowed
        return max;
    return result;
}

// ---------------------------------------------------------------------------------------------------------
// Integer destinations

template <class I>
constexpr LD lowest() {
    return static_cast<LD>(std::numeric_limits<I>::lowest());
}
template <class I>
constexpr LD highest() {
    return static_cast<LD>(std::numeric_limits<I>::max());  // exact: long double has 64 significant bits
}
LD int_min(DType t) {
    switch (t) {
        case DType::S64:
            return lowest<int64_t>();
        case DType::S32:
            return lowest<int32_t>();
        case DType::S16:
            return lowest<int16_t>();
        case DType::S8:
            return lowest<int8_t>();
        case DType::S4:
            return -8;
        default:
            return 0;
    }
}
LD int_max(DType t) {
    switch (t) {
        case DType::S64:
            return highest<int64_t>();
        case DType::S32:
            return highest<int32_t>();
        case DType::S16:
            return highest<int16_t>();
        case DType::S8:
            return highest<int8_t>();
        case DType::S4:
            return 7;
        case DType::U64:
            return highest<uint64_t>();
        case DType::U32:
            return highest<uint32_t>();
        case DType::U16:
            return highest<uint16_t>();
        default:
            return highest<uint8_t>();
    }
}

// Two's complement bits of an integral y in [-2^63, 2^64), cut to the width of t.
uint64_t int_bits(LD y, DType t) {
    const uint64_t b = y < 0 ? static_cast<uint64_t>(static_cast<int64_t>(y)) : static_cast<uint64_t>(y);
    return b & mask(t);
}

// The intermediate integer of a non-saturating float -> integer conversion.
DType wrap_intermediate(DType src, DType dst) {
    if (width(dst) == 64 || dst == DType::U32)
        return DType::S64;
    if (src == DType::F16 && dst == DType::S8)
        return DType::S16;
    return DType::S32;
}

// y: the value rounded to an integral value in the conversion's direction.
uint64_t int_result(DType src, DType dst, const Value& v, LD y, Saturation s) {
    if (s == Saturation::On) {
        if (v.kind == Kind::NaN)
            return 0;
        if (v.kind == Kind::Inf)
            return int_bits(v.negative ? int_min(dst) : int_max(dst), dst);
        return int_bits(std::clamp(y, int_min(dst), int_max(dst)), dst);
    }
    if (is_int(src))
        return int_bits(v.x, dst);  // the low bits
    const DType w = wrap_intermediate(src, dst);
    const uint64_t w_min = int_bits(int_min(w), dst);
    if (v.kind != Kind::Finite)
        return w_min;
    return y < int_min(w) || y > int_max(w) ? w_min : int_bits(y, dst);
}

// ---------------------------------------------------------------------------------------------------------
// The oracle: the expected bits of (src, dst, bits) for every rounding and saturation

using Expected = std::array<uint64_t, kModes>;

// The results for one exact value (integral: its integral values); `r_only` limits them to one rounding.
void expect_value(DType src, DType dst, const Value& v, const std::array<LD, 6>& integral, Expected& out,
                  int r_only = -1) {
    const auto each_mode = [&](auto&& f) {
        for (int ri = 0; ri < 6; ++ri) {
            if (r_only >= 0 && ri != r_only)
                continue;
            for (int si = 0; si < 2; ++si)
                out[ri * 2 + si] = f(ri, kSaturations[si]);
        }
    };
    if (is_int(dst)) {
        each_mode([&](int ri, Saturation s) { return int_result(src, dst, v, integral[ri], s); });
    } else if (dst == DType::F32 || dst == DType::F64) {
        Directed d;
        if (v.kind == Kind::Finite)
            d = dst == DType::F32 ? fpu_round<float>(v.x) : fpu_round<double>(v.x);
        each_mode([&](int ri, Saturation s) {
            return dst == DType::F32 ? fpu_result<float>(src, dst, v, d, kRoundings[ri], s)
                                     : fpu_result<double>(src, dst, v, d, kRoundings[ri], s);
        });
    } else {
        const Table& t = table(dst);
        const Place p = v.kind == Kind::Finite ? locate(t, v.x) : Place{};
        each_mode([&](int ri, Saturation s) { return table_result(src, t, v, p, kRoundings[ri], s); });
    }
}

Expected expect(const Input& in, DType dst) {
    Expected out{};
    if (in.src == dst && is_float(dst) && in.v.kind == Kind::Finite) {
        // A float converted to its own type is rounded to an integral value in the given direction.
        for (int ri = 0; ri < 6; ++ri) {
            Value y = in.v;
            y.x = in.integral[ri] == 0 ? std::copysign(LD{0}, in.v.x) : in.integral[ri];
            expect_value(in.src, dst, y, in.integral, out, ri);
        }
        return out;
    }
    expect_value(in.src, dst, in.v, in.integral, out);
    return out;
}

Expected expect(DType src, DType dst, uint64_t bits) {
    return expect(prepare(src, bits), dst);
}

// ---------------------------------------------------------------------------------------------------------
// Running conversions against the oracle

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Compares convert_bits with the oracle in every mode; reports the first few mismatches of each (src, dst,
// rounding, saturation) and counts the rest.
class Checker {
  public:
    Checker() : failures_(18 * 18 * kModes, 0) {}
    Checker(const Checker&) = delete;
    Checker& operator=(const Checker&) = delete;
    ~Checker() {
        for (std::size_t i = 0; i < failures_.size(); ++i) {
            if (failures_[i] > kShown) {
                const int mode = static_cast<int>(i % kModes);
                const int pair = static_cast<int>(i / kModes);
                ADD_FAILURE() << kTypeNames[pair / 18] << " -> " << kTypeNames[pair % 18] << " "
                              << kRoundingNames[mode / 2] << " sat " << (mode % 2 ? "On" : "Off") << ": "
                              << failures_[i] << " mismatches in all";
            }
        }
    }

    void run(const Input& in, DType dst) {
        const DType src = in.src;
        const uint64_t bits = in.bits;
        const Expected want = expect(in, dst);
        for (int m = 0; m < kModes; ++m) {
            const Rounding r = kRoundings[m / 2];
            const Saturation s = kSaturations[m % 2];
            const uint64_t got = convert::convert_bits(src, dst, bits, r, s);
            if (got == want[m])
                continue;
            int& n = failures_[(type_index(src) * 18 + type_index(dst)) * kModes + m];
            if (n++ < kShown) {
                ADD_FAILURE() << type_name(src) << " " << hex(bits) << " -> " << type_name(dst) << " "
                              << kRoundingNames[m / 2] << " sat " << (m % 2 ? "On" : "Off") << ": expected "
                              << hex(want[m]) << ", got " << hex(got);
            }
        }
    }

    // Every source in `inputs` to every destination.
    void run_all(DType src, const std::vector<uint64_t>& inputs) {
        for (uint64_t bits : inputs) {
            const Input in = prepare(src, bits);
            for (DType dst : kTypes)
                run(in, dst);
        }
    }

  private:
    static constexpr int kShown = 3;
    std::vector<int> failures_;
};

std::vector<uint64_t> every_code(DType t) {
    std::vector<uint64_t> all(std::size_t{1} << width(t));
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = i;
    return all;
}

// ---------------------------------------------------------------------------------------------------------
// Inputs of the 32- and 64-bit sources

template <class T>
void add_float_neighbours(LD b, std::vector<uint64_t>& out) {
    constexpr T inf = std::numeric_limits<T>::infinity();
    T down = static_cast<T>(b);  // nearest, so at most one step off
    if (down > b)
        down = std::nextafter(down, -inf);
    out.push_back(std::bit_cast<BitsOf<T>>(std::nextafter(down, -inf)));
    out.push_back(std::bit_cast<BitsOf<T>>(down));
    const T up = down == b ? down : std::nextafter(down, inf);
    if (up != down)
        out.push_back(std::bit_cast<BitsOf<T>>(up));
    out.push_back(std::bit_cast<BitsOf<T>>(std::nextafter(up, inf)));
}

// The source values nearest to b on either side (b itself when representable) and one step further out.
void add_neighbours(DType src, LD b, std::vector<uint64_t>& out) {
    if (std::isnan(b))
        return;
    if (src == DType::F32) {
        add_float_neighbours<float>(b, out);
    } else if (src == DType::F64) {
        add_float_neighbours<double>(b, out);
    } else if (std::isfinite(b)) {
        const LD lo = std::floor(b);
        const LD hi = std::ceil(b);
        for (LD y : {lo - 1, lo, hi, hi + 1}) {
            if (y >= int_min(src) && y <= int_max(src))
                out.push_back(int_bits(y, src));
        }
    }
}

// Both signs of each value.
void add_signed(LD v, std::vector<LD>& out) {
    out.push_back(v);
    out.push_back(-v);
}

// The integers where integer destinations (and their non-saturating intermediates) clip or wrap, and the
// halves between them, where rounding directions differ.
std::vector<LD> integer_boundaries() {
    std::vector<LD> b;
    std::vector<LD> n = {0, 1, 2, 3, 4, 5};
    for (int k = 3; k <= 65; ++k) {
        n.push_back(std::ldexp(LD{1}, k));
        n.push_back(std::ldexp(LD{1}, k) - 1);
        n.push_back(std::ldexp(LD{1}, k) + 1);
    }
    for (LD v : n) {
        for (LD d : {LD{-1}, LD{-0.5}, LD{0}, LD{0.25}, LD{0.5}, LD{0.75}, LD{1.5}})
            add_signed(v + d, b);
    }
    return b;
}

// float / double destinations: their values (powers of two from the smallest subnormal to max, random codes,
// with more of them among the integers up to 2^64) and the midpoints to their neighbours.
template <class T>
std::vector<LD> ieee_boundaries(std::mt19937_64& rng) {
    using Bits = BitsOf<T>;
    constexpr int man = std::numeric_limits<T>::digits - 1;
    constexpr int bias = std::numeric_limits<T>::max_exponent - 1;
    constexpr T inf = std::numeric_limits<T>::infinity();
    std::vector<T> values = {std::numeric_limits<T>::max(), std::numeric_limits<T>::min(),
                             std::numeric_limits<T>::denorm_min(), 3 * std::numeric_limits<T>::denorm_min()};
    for (int k = std::numeric_limits<T>::min_exponent - man - 1; k < std::numeric_limits<T>::max_exponent;
         ++k)
        values.push_back(std::ldexp(T{1}, k));
    for (int i = 0; i < 300; ++i) {
        const Bits any = static_cast<Bits>(rng()) & static_cast<Bits>(~Bits{0} >> 1);
        if (std::isfinite(std::bit_cast<T>(any)))
            values.push_back(std::bit_cast<T>(any));
        // An exponent between 2^(man) and 2^64, where integer sources round.
        const Bits exp = static_cast<Bits>(man + bias + static_cast<int>(rng() % (64 - man + 1)));
        const Bits frac = static_cast<Bits>(rng()) & ((Bits{1} << man) - 1);
        values.push_back(std::bit_cast<T>(static_cast<Bits>((exp << man) | frac)));
    }
    std::vector<LD> b;
    for (T v : values) {
        const T next = std::nextafter(v, inf);
        const LD next_value =
            std::isinf(next) ? std::ldexp(LD{1}, std::numeric_limits<T>::max_exponent) : next;
        add_signed(v, b);
        add_signed((LD{v} + next_value) / 2, b);
        add_signed((LD{v} + std::nextafter(v, T{0})) / 2, b);
    }
    return b;
}

// The rounding boundaries of dst: where its values are, and the midpoints between neighbours.
std::vector<LD> boundaries(DType dst, std::mt19937_64& rng) {
    if (is_int(dst))
        return integer_boundaries();
    if (dst == DType::F32)
        return ieee_boundaries<float>(rng);
    if (dst == DType::F64)
        return ieee_boundaries<double>(rng);
    std::vector<LD> b;
    const std::vector<Point>& line = table(dst).line;
    for (std::size_t i = 0; i < line.size(); ++i) {
        add_signed(line[i].value, b);
        if (i + 1 < line.size())
            add_signed((LD{line[i].value} + line[i + 1].value) / 2, b);
    }
    add_signed(2 * LD{past_max(dst)}, b);
    return b;
}

// Inputs for every destination: signed zeros, infinities, NaNs with several payloads, powers of two across
// the whole range with their neighbours, integer limits, and random bit patterns.
std::vector<uint64_t> common_inputs(DType src) {
    std::vector<uint64_t> in;
    if (is_float(src)) {
        const uint64_t sign = uint64_t{1} << (width(src) - 1);
        const uint64_t inf = ieee_inf(src, false);
        const int man = src == DType::F64 ? 52 : 23;
        const uint64_t quiet = uint64_t{1} << (man - 1);
        const uint64_t frac = quiet - 1;  // the payload bits below the quiet bit
        for (uint64_t s : {uint64_t{0}, sign}) {
            for (uint64_t p : {uint64_t{0}, quiet, quiet | 1, uint64_t{1}, frac, quiet | frac, quiet >> 1,
                               (quiet >> 1) | 1, frac & 0x5555555555555555u}) {
                in.push_back(s | inf | p);  // p == 0: the infinity
            }
            in.push_back(s);  // zero
        }
    }
    for (int k = -1080; k <= 1030; ++k) {
        add_neighbours(src, std::ldexp(LD{1}, k), in);
        add_neighbours(src, -std::ldexp(LD{1}, k), in);
    }
    for (LD b : integer_boundaries())
        add_neighbours(src, b, in);
    std::mt19937_64 rng(0x5EED0000u + static_cast<unsigned>(src));
    for (int i = 0; i < 4000; ++i)
        in.push_back(rng() & mask(src));
    return in;
}

void sort_unique(std::vector<uint64_t>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

// A 32- or 64-bit source to every destination: the common inputs and the rounding boundaries of each.
void check_wide_source(DType src) {
    Checker check;
    const std::vector<uint64_t> common = common_inputs(src);
    std::mt19937_64 rng(0xB0DA0000u + static_cast<unsigned>(src));
    for (DType dst : kTypes) {
        const std::vector<LD> edges = boundaries(dst, rng);
        std::vector<uint64_t> in;
        in.reserve(common.size() + 4 * edges.size());
        in.assign(common.begin(), common.end());
        for (LD b : edges)
            add_neighbours(src, b, in);
        sort_unique(in);
        for (uint64_t bits : in)
            check.run(prepare(src, bits), dst);
    }
}

// ---------------------------------------------------------------------------------------------------------
// Exhaustive: every code of the 16-, 8- and 4-bit sources

TEST(Convert, EverySixteenBitIntegerToEveryDestination) {
    Checker check;
    for (DType src : {DType::S16, DType::U16})
        check.run_all(src, every_code(src));
}

TEST(Convert, EveryHalfToEveryDestination) {
    Checker check;
    check.run_all(DType::F16, every_code(DType::F16));
}

TEST(Convert, EveryBfloat16ToEveryDestination) {
    Checker check;
    check.run_all(DType::BF16, every_code(DType::BF16));
}

TEST(Convert, EveryEightBitSourceToEveryDestination) {
    Checker check;
    for (DType src : {DType::S8, DType::U8, DType::E4M3, DType::E5M2, DType::HIF8, DType::E8M0})
        check.run_all(src, every_code(src));
}

TEST(Convert, EveryFourBitSourceToEveryDestination) {
    Checker check;
    for (DType src : {DType::E2M1X2, DType::E1M2X2, DType::S4})
        check.run_all(src, every_code(src));
}

// A 4-bit source is the low nibble of its byte; the high nibble (the other element of the pair) is ignored.
TEST(Convert, FourBitSourcesReadOnlyTheLowNibble) {
    for (DType src : {DType::E2M1X2, DType::E1M2X2, DType::S4}) {
        for (DType dst : kTypes) {
            for (uint64_t code = 0; code < 16; ++code) {
                for (uint64_t high = 1; high < 16; ++high) {
                    for (Rounding r : kRoundings) {
                        for (Saturation s : kSaturations) {
                            EXPECT_EQ(convert::convert_bits(src, dst, (high << 4) | code, r, s),
                                      convert::convert_bits(src, dst, code, r, s))
                                << type_name(src) << " " << hex((high << 4) | code) << " -> "
                                << type_name(dst);
                        }
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// 32- and 64-bit sources: edges and random patterns

TEST(Convert, Float32EdgesToEveryDestination) {
    check_wide_source(DType::F32);
}
TEST(Convert, Float64EdgesToEveryDestination) {
    check_wide_source(DType::F64);
}
TEST(Convert, Int32EdgesToEveryDestination) {
    check_wide_source(DType::S32);
}
TEST(Convert, Uint32EdgesToEveryDestination) {
    check_wide_source(DType::U32);
}
TEST(Convert, Int64EdgesToEveryDestination) {
    check_wide_source(DType::S64);
}
TEST(Convert, Uint64EdgesToEveryDestination) {
    check_wide_source(DType::U64);
}

// ---------------------------------------------------------------------------------------------------------
// Hand-worked examples, which pin the oracle as well as convert_bits

struct Example {
    DType src;
    uint64_t in;
    DType dst;
    Rounding r;
    Saturation s;
    uint64_t out;
};

int mode_index(Rounding r, Saturation s) {
    const int ri = static_cast<int>(std::find(kRoundings.begin(), kRoundings.end(), r) - kRoundings.begin());
    return ri * 2 + (s == Saturation::On ? 1 : 0);
}

TEST(Convert, HandWorkedExamples) {
    using enum DType;
    constexpr auto Rint = Rounding::Rint, Round = Rounding::Round, Floor = Rounding::Floor,
                   Ceil = Rounding::Ceil, Trunc = Rounding::Trunc, Odd = Rounding::Odd;
    constexpr auto Off = Saturation::Off, On = Saturation::On;
    const Example examples[] = {
        {F32, 0x3F800000, F16, Rint, Off, 0x3C00},  // 1.0
        // 65520 is halfway between max 65504 (odd code) and 2^16: ties to even overflow.
        {F32, 0x477FF000, F16, Rint, Off, 0x7C00},
        {F32, 0x477FF000, F16, Rint, On, 0x7BFF},
        {F32, 0x477FF000, F16, Round, Off, 0x7C00},
        {F32, 0x477FF000, F16, Trunc, Off, 0x7BFF},
        {F32, 0x477FF000, F16, Odd, Off, 0x7BFF},
        {F32, 0xC77FF000, F16, Floor, Off, 0xFC00},
        {F32, 0xC77FF000, F16, Ceil, Off, 0xFBFF},
        {F32, 0x3F801000, F16, Odd, Off, 0x3C01},  // 1 + 2^-11: inexact, the odd neighbour
        {F32, 0x3F801000, F16, Rint, Off, 0x3C00},
        {F32, 0x3F801000, F16, Round, Off, 0x3C01},
        {F32, 0x33000000, F16, Rint, Off, 0x0000},  // 2^-25: half the smallest subnormal, ties to +0
        {F32, 0xB3000000, F16, Rint, Off, 0x8000},  // and to -0
        {F32, 0xB3000000, F16, Round, Off, 0x8001},
        {F32, 0x33000000, F16, Odd, Off, 0x0001},
        // NaNs: quiet, sign kept, the top payload bits.
        {F32, 0x7F800001, F16, Rint, Off, 0x7E00},
        {F32, 0xFFFFE000, F16, Rint, On, 0xFFFF},
        {F32, 0x7FA00000, F64, Rint, Off, 0x7FFC000000000000},
        {F32, 0x7F800000, F16, Rint, On, 0x7BFF},  // saturating narrowing: inf -> max
        {F32, 0x7F800000, F16, Rint, Off, 0x7C00},
        {F16, 0xFC00, F32, Rint, On, 0xFF800000},  // widening: inf stays inf
        {F64, 0x7FF0000000000000, F32, Rint, On, 0x7F7FFFFF},
        // Integers: saturation clamps, no saturation wraps through int32 / int64 / int16.
        {F32, 0x4F32D05E, S32, Trunc, Off, 0x80000000},  // 3e9
        {F32, 0x4F32D05E, S32, Trunc, On, 0x7FFFFFFF},
        {F32, 0x4F32D05E, U32, Trunc, Off, 0xB2D05E00},  // through int64
        {F32, 0x7FC00000, S32, Rint, On, 0},
        {F32, 0x7FC00000, S16, Rint, Off, 0x0000},  // int32 minimum's low bits
        {F32, 0x7FC00000, U64, Rint, Off, 0x8000000000000000},
        {F16, 0x5CB0, U8, Trunc, Off, 0x2C},  // 300
        {F16, 0x5CB0, S8, Trunc, Off, 0x2C},
        {F16, 0x5CB0, S8, Trunc, On, 0x7F},
        {F16, 0x78E2, S8, Trunc, Off, 0x00},  // 40000 overflows int16: 0x8000
        {F16, 0x78E2, U8, Trunc, Off, 0x40},  // int32 40000 = 0x9c40
        {F16, 0xBC00, U8, Trunc, Off, 0xFF},  // -1
        {F16, 0xBC00, U8, Trunc, On, 0x00},
        {F32, 0x40200000, S32, Rint, On, 2},  // 2.5
        {F32, 0x40200000, S32, Round, On, 3},
        {F32, 0x40200000, S32, Odd, On, 3},
        {F32, 0xC0200000, S32, Odd, On, 0xFFFFFFFD},
        {F32, 0xC0200000, S32, Floor, On, 0xFFFFFFFD},
        {F32, 0xC0200000, S32, Ceil, On, 0xFFFFFFFE},
        {F32, 0x3F000000, S32, Odd, Off, 1},  // 0.5: inexact, never 0
        {S32, 0x12345678, S16, Rint, Off, 0x5678},
        {S32, 0x12345678, S16, Rint, On, 0x7FFF},
        {S32, 0xFFFFFFFF, U16, Rint, Off, 0xFFFF},
        {S32, 0xFFFFFFFF, U16, Rint, On, 0x0000},
        {S8, 0x80, U64, Rint, Off, 0xFFFFFFFFFFFFFF80},
        {U64, 0xFFFFFFFFFFFFFFFF, S64, Rint, On, 0x7FFFFFFFFFFFFFFF},
        // Own type: rounded to an integral value.
        {F32, 0x40200000, F32, Rint, Off, 0x40000000},
        {F32, 0x40200000, F32, Round, Off, 0x40400000},
        {F32, 0xBE800000, F32, Ceil, Off, 0x80000000},  // -0.25 -> -0
        {F16, 0x3800, F16, Odd, Off, 0x3C00},           // 0.5 -> 1
        // 64-bit integers round once.
        {S64, 0x0020000000000001, F64, Rint, Off, 0x4340000000000000},  // 2^53 + 1
        {S64, 0x0020000000000001, F64, Ceil, Off, 0x4340000000000001},
        {S64, 0x0020000000000001, F64, Odd, Off, 0x4340000000000001},
        {U64, 0xFFFFFFFFFFFFFFFF, F32, Rint, Off, 0x5F800000},
        {U64, 0xFFFFFFFFFFFFFFFF, F32, Trunc, Off, 0x5F7FFFFF},
        {S64, 0x8000000000000000, F16, Rint, Off, 0xFC00},
        {S64, 0x8000000000000000, F16, Rint, On, 0xFBFF},
        // Narrow formats (narrow_float.hpp).
        {F32, 0x43E00000, E4M3, Rint, Off, 0x7E},  // 448 = max
        {F32, 0x43E80000, E4M3, Rint, Off, 0x7E},  // 464: tie, max's code is even
        {F32, 0x43F00000, E4M3, Rint, Off, 0x7F},  // 480: overflow -> NaN
        {F32, 0x43F00000, E4M3, Rint, On, 0x7E},
        {F32, 0x43F00000, E4M3, Floor, Off, 0x7E},
        {F32, 0x7F800000, E8M0, Rint, Off, 0xFF},
        {F32, 0x7F800000, E8M0, Rint, On, 0xFE},
        {F32, 0xBF800000, E8M0, Rint, On, 0xFF},  // -1: no sign
        {F32, 0x00000000, E8M0, Rint, Off, 0xFF},
        {F32, 0x00000000, E8M0, Rint, On, 0x00},
        {F32, 0x3FC00000, E8M0, Rint, Off, 0x80},   // 1.5: tie between 1 (0x7f) and 2 (0x80)
        {F32, 0x3F800000, HIF8, Round, Off, 0x08},  // 1.0
        {F32, 0x47200000, HIF8, Rint, Off, 0x6E},   // 40960: tie between 2^15 (0x6e) and the inf slot
        {F32, 0x47200000, HIF8, Round, Off, 0x6F},
        {F32, 0x80000000, HIF8, Rint, Off, 0x00},  // -0: HiF8 has no -0
        {F32, 0x7FC00000, HIF8, Rint, Off, 0x80},
        {F32, 0x40A00000, E2M1X2, Rint, Off, 0x6},  // 5: tie between 4 (0x6) and 6 (0x7)
        {F32, 0x40A00000, E2M1X2, Round, Off, 0x7},
        {F32, 0xC0E00000, E2M1X2, Rint, Off, 0xF},  // -7: overflow, no infinity: -max
        {F32, 0xFFC00000, E2M1X2, Rint, Off, 0x8},  // NaN -> -0
        {F32, 0x3FF00000, E1M2X2, Ceil, Off, 0x7},  // 1.875 -> max 1.75
        {E5M2, 0x7D, F16, Rint, Off, 0x7E00},       // an E5M2 NaN becomes the canonical half NaN
        {E4M3, 0x7E, F32, Rint, Off, 0x43E00000},
        {F32, 0xC0F00000, S4, Rint, On, 0x8},    // -7.5: ties to even -8
        {F32, 0x40F00000, S4, Rint, On, 0x7},    // 7.5 -> 8, clipped to 7
        {F32, 0x40600000, S4, Round, On, 0x4},   // 3.5 -> 4
        {F32, 0x7FC00000, S4, Rint, On, 0x0},    // NaN -> 0
        {S4, 0xF9, F32, Rint, Off, 0xC0E00000},  // low nibble 9: -7; the high nibble is ignored
        {S4, 0x08, S16, Rint, Off, 0xFFF8},
        {S32, 0x00000064, S4, Rint, On, 0x7},
    };
    for (const Example& e : examples) {
        const int m = mode_index(e.r, e.s);
        EXPECT_EQ(convert::convert_bits(e.src, e.dst, e.in, e.r, e.s), e.out)
            << type_name(e.src) << " " << hex(e.in) << " -> " << type_name(e.dst) << " "
            << kRoundingNames[m / 2] << " sat " << (m % 2 ? "On" : "Off");
        EXPECT_EQ(expect(e.src, e.dst, e.in)[m], e.out)
            << "oracle, " << type_name(e.src) << " " << hex(e.in) << " -> " << type_name(e.dst);
    }
}

// The range of bfloat16 ends below float's (max 0x7f7f = 3.3895e38 < 3.4028e38): a saturating float ->
// bfloat16 conversion clamps float's largest finite values to bfloat16's max, and infinity with them.
TEST(Convert, SaturatingInfinityIntoASmallerRangeGivesMax) {
    EXPECT_EQ(convert::convert_bits(DType::F32, DType::BF16, 0x7F7FFFFF, Rounding::Rint, Saturation::On),
              0x7F7Fu);
    EXPECT_EQ(convert::convert_bits(DType::F32, DType::BF16, 0x7F800000, Rounding::Rint, Saturation::On),
              0x7F7Fu);
    EXPECT_EQ(convert::convert_bits(DType::F32, DType::BF16, 0xFF800000, Rounding::Rint, Saturation::On),
              0xFF7Fu);
    EXPECT_EQ(convert::convert_bits(DType::F32, DType::BF16, 0x7F800000, Rounding::Rint, Saturation::Off),
              0x7F80u);
    EXPECT_EQ(convert::convert_bits(DType::BF16, DType::F32, 0x7F80, Rounding::Rint, Saturation::On),
              0x7F800000u);
    EXPECT_EQ(
        convert::convert_bits(DType::F64, DType::BF16, 0x7FF0000000000000, Rounding::Rint, Saturation::On),
        0x7F7Fu);
}

// convert_bits is usable in constant expressions.
static_assert(convert::convert_bits(DType::F32, DType::F16, 0x3F800000, Rounding::Rint, Saturation::Off) ==
              0x3C00);
static_assert(convert::convert_bits(DType::S32, DType::U8, 0x1FF, Rounding::Rint, Saturation::On) == 0xFF);

// ---------------------------------------------------------------------------------------------------------
// The mode tables

TEST(Convert, ModeEnumeratorsUsePtoIsaNumbering) {
    using convert::RoundMode;
    using convert::SatMode;
    EXPECT_EQ(static_cast<int>(RoundMode::None), 0);
    EXPECT_EQ(static_cast<int>(RoundMode::Rint), 1);
    EXPECT_EQ(static_cast<int>(RoundMode::Round), 2);
    EXPECT_EQ(static_cast<int>(RoundMode::Floor), 3);
    EXPECT_EQ(static_cast<int>(RoundMode::Ceil), 4);
    EXPECT_EQ(static_cast<int>(RoundMode::Trunc), 5);
    EXPECT_EQ(static_cast<int>(RoundMode::Odd), 6);
    EXPECT_EQ(static_cast<int>(SatMode::On), 0);
    EXPECT_EQ(static_cast<int>(SatMode::Off), 1);
}

TEST(Convert, RoundingForEveryModeAndPair) {
    using convert::RoundMode;
    for (DType src : kTypes) {
        for (DType dst : kTypes) {
            // CAST_NONE truncates float -> integer and rounds to nearest even elsewhere; CAST_ODD is round to
            // odd only for float -> half and otherwise means CAST_NONE.
            const Rounding none = is_float(src) && is_int(dst) ? Rounding::Trunc : Rounding::Rint;
            const Rounding odd = src == DType::F32 && dst == DType::F16 ? Rounding::Odd : none;
            const auto name = [&] { return std::string(type_name(src)) + " -> " + type_name(dst); };
            EXPECT_EQ(convert::rounding_for(RoundMode::None, src, dst), none) << name();
            EXPECT_EQ(convert::rounding_for(RoundMode::Odd, src, dst), odd) << name();
            EXPECT_EQ(convert::rounding_for(RoundMode::Rint, src, dst), Rounding::Rint) << name();
            EXPECT_EQ(convert::rounding_for(RoundMode::Round, src, dst), Rounding::Round) << name();
            EXPECT_EQ(convert::rounding_for(RoundMode::Floor, src, dst), Rounding::Floor) << name();
            EXPECT_EQ(convert::rounding_for(RoundMode::Ceil, src, dst), Rounding::Ceil) << name();
            EXPECT_EQ(convert::rounding_for(RoundMode::Trunc, src, dst), Rounding::Trunc) << name();
        }
    }
}

TEST(Convert, DefaultSaturationIsOffOnlyForTheDevicesWrappingPairs) {
    struct Pair {
        DType src, dst;
    };
    const Pair off[] = {{DType::F16, DType::U8},  {DType::F16, DType::S8},  {DType::F16, DType::S16},
                        {DType::F32, DType::S16}, {DType::S64, DType::S32}, {DType::S32, DType::S16}};
    for (DType src : kTypes) {
        for (DType dst : kTypes) {
            const bool is_off = std::any_of(std::begin(off), std::end(off),
                                            [&](const Pair& p) { return p.src == src && p.dst == dst; });
            const Saturation want = is_off ? Saturation::Off : Saturation::On;
            const std::string name = std::string(type_name(src)) + " -> " + type_name(dst);
            EXPECT_EQ(convert::default_saturation(src, dst), want) << name;
            EXPECT_EQ(convert::saturation_for(convert::SatMode::Default, src, dst), want) << name;
            EXPECT_EQ(convert::saturation_for(convert::SatMode::On, src, dst), Saturation::On) << name;
            // An int4b_t result saturates whatever the mode (pto-isa's CPU simulation clamps it).
            EXPECT_EQ(convert::saturation_for(convert::SatMode::Off, src, dst),
                      dst == DType::S4 ? Saturation::On : Saturation::Off)
                << name;
        }
    }
}

TEST(Convert, ConvertibleTypes) {
    for (unsigned code = 0; code < 32; ++code) {
        if (!ptosim::dtype_code_valid(code) && code != static_cast<unsigned>(DType::S4))
            continue;
        const auto t = static_cast<DType>(code);
        EXPECT_EQ(convert::convertible(t), type_index(t) >= 0) << code;
    }
}

}  // namespace
