// TQUANT's MX forms (ops::tquant_mx) against oracles written from docs/isa/TQUANT.md: the FP8 E4M3 and FP4
// E2M1 codes by searching every code of the format for the nearest value (ties to the even code, zeros with
// the value's sign), the block exponents from log2 of the block maximum, over float, half and bfloat16
// sources, ND and DN blocks, both scale algorithms, padded tiles, row- and column-major exponent tiles and
// the ZZ exponent copy; nothing outside the outputs changes; a failed check writes nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernel_test.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/ops/quant.hpp"
#include "support/check_matchers.hpp"
#include "support/ub_image.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::row_major_cols;
using ptosim::testing::UbImage;
using ptosim::testing::UbTiles;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The value of FP8 E4M3 code c (c & 0x7F != 0x7F): bias 7, subnormals 0.mmm * 2^-6.
double e4m3_value(int c) {
    const int e = (c >> 3) & 15, m = c & 7;
    const double mag = e == 0 ? std::ldexp(m, -9) : std::ldexp(8 + m, e - 10);
    return (c & 0x80) ? -mag : mag;
}

// The E4M3 / E2M1 code nearest to v among `values` (index = code), ties to the even code; saturating at the
// largest magnitude; a zero result takes v's sign.
int nearest_code(double v, const std::vector<double>& values, int sign_bit) {
    const double top = values[sign_bit - 1 - (sign_bit == 0x80 ? 1 : 0)];
    const double x = std::fmin(std::fmax(std::fabs(v), 0.0), top);
    int best = -1;
    double best_d = 0;
    for (int c = 0; c < sign_bit; ++c) {
        if (sign_bit == 0x80 && c == 0x7F)
            continue;
        const double d = std::fabs(values[c] - x);
        if (best < 0 || d < best_d || (d == best_d && c % 2 == 0 && best % 2 != 0)) {
            best = c;
            best_d = d;
        }
    }
    return std::signbit(v) ? (best | sign_bit) : best;
}

uint8_t oracle_code(mx::Element e, float v) {
    static const std::vector<double> fp8 = [] {
        std::vector<double> t(128);
        for (int c = 0; c < 127; ++c)
            t[c] = e4m3_value(c);
        return t;
    }();
    static const std::vector<double> fp4 = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    if (e == mx::Element::E4M3)
        return v != v ? 0x7F : static_cast<uint8_t>(nearest_code(v, fp8, 0x80));
    return v != v ? 0x7 : static_cast<uint8_t>(nearest_code(v, fp4, 0x8));
}

// The block maximum as the page states it.
float oracle_max(mx::Element e, mx::ScaleAlg a, const std::vector<float>& block) {
    if (e == mx::Element::E2M1 && a == mx::ScaleAlg::Ocp) {
        uint32_t top = 0;  // |x| cut to bfloat16, compared as bits
        for (const float x : block) {
            uint32_t b = 0;
            std::memcpy(&b, &x, 4);
            top = std::max(top, (b & 0x7FFFFFFFu) >> 16);
        }
        const uint32_t bits = top << 16;
        float m = 0;
        std::memcpy(&m, &bits, 4);
        return m;
    }
    float m = 0;
    for (const float x : block) {
        if (x != x && e == mx::Element::E2M1)
            return kNaN;
        if (x == x)
            m = std::fmax(m, std::fabs(x));
    }
    return m;
}

// The block exponent: Ocp floor(log2 max) + 127 - emax (0 for subnormal maxima, at least 0); Nv
// ceil(log2(max / 448 or 6)) + 127, in 0..254.
uint8_t oracle_exp(mx::Element e, mx::ScaleAlg a, float m) {
    if (m != m)
        return 0xFF;
    if (a == mx::ScaleAlg::Ocp) {
        const int emax = e == mx::Element::E4M3 ? 8 : 2;
        const int biased = std::isinf(m) ? 255 : (m < 0x1p-126f ? 0 : std::ilogb(m) + 127);
        return static_cast<uint8_t>(std::max(0, biased - emax));
    }
    if (m == 0)
        return 0;
    if (std::isinf(m))
        return 0xFE;
    const float q = m * (e == mx::Element::E4M3 ? 1.0f / 448.0f : 1.0f / 6.0f);
    if (std::isinf(q))
        return 0xFE;
    int k = std::ilogb(q);
    if (std::ldexp(1.0, k) != q)
        ++k;
    return static_cast<uint8_t>(std::min(254, std::max(0, k + 127)));
}

float oracle_scaling(float m, uint8_t e) {
    return e == 0xFF ? m : static_cast<float>(std::ldexp(1.0, std::max(-127, 127 - e)));
}

void put(const TileView& t, int32_t r, int32_t c, float v) {
    if (t.dtype == DType::F32)
        std::memcpy(t.at(r, c), &v, 4);
    else if (t.dtype == DType::F16)
        *reinterpret_cast<float16*>(t.at(r, c)) = static_cast<float16>(v);
    else
        *reinterpret_cast<bfloat16*>(t.at(r, c)) = static_cast<bfloat16>(v);
}
float get(const TileView& t, int32_t r, int32_t c) {
    if (t.dtype == DType::F32) {
        float v = 0;
        std::memcpy(&v, t.at(r, c), 4);
        return v;
    }
    if (t.dtype == DType::F16)
        return static_cast<float>(*reinterpret_cast<const float16*>(t.at(r, c)));
    return static_cast<float>(*reinterpret_cast<const bfloat16*>(t.at(r, c)));
}
void put_code(const TileView& t, int32_t r, int32_t c, uint8_t code) {
    if (t.dtype == DType::E2M1X2) {
        const std::size_t i = t.layout.offset(r, c);
        auto& b = reinterpret_cast<uint8_t*>(t.data)[i / 2];
        b = static_cast<uint8_t>(i % 2 ? (b & 0x0F) | (code << 4) : (b & 0xF0) | code);
    } else {
        *reinterpret_cast<uint8_t*>(t.at(r, c)) = code;
    }
}

class MxQuant : public ::testing::Test {
  protected:
    // A value for element k of a block with binade `scale`: mostly ordinary numbers around 2^scale, some
    // specials and some far below the block's maximum (subnormal codes, underflow to signed zero).
    float value(int scale) {
        const int pick = static_cast<int>(rng_() % 40);
        const float specials[] = {0.0f,      -0.0f,      kInf,   -kInf, kNaN,
                                  0x1p-149f, -0x1p-140f, 448.0f, 6.0f,  65504.0f};
        if (pick < 2)
            return specials[rng_() % std::size(specials)];
        const float mant = 1.0f + static_cast<float>(rng_() % (1 << 23)) * 0x1p-23f;
        const int down = pick < 8 ? static_cast<int>(rng_() % 24) : static_cast<int>(rng_() % 4);
        const float v = std::ldexp(mant, scale - down);
        return (rng_() & 1) ? -v : v;
    }
    std::mt19937_64 rng_{2026};
};

TEST_F(MxQuant, MatchesTheOracle) {
    int cases = 0;
    for (const mx::Element el : {mx::Element::E4M3, mx::Element::E2M1})
        for (const mx::ScaleAlg alg : {mx::ScaleAlg::Ocp, mx::ScaleAlg::Nv})
            for (const bool nd : {true, false})
                for (const DType st : {DType::F32, DType::F16, DType::BF16})
                    for (const bool col_major_exp : {false, true}) {
                        const int32_t vr = nd ? 3 : 64, vc = nd ? 96 : 5;
                        const int32_t lines = nd ? vr : vc, blocks = (nd ? vc : vr) / 32;
                        const DType code = el == mx::Element::E4M3 ? DType::S8 : DType::E2M1X2;
                        UbTiles tiles(rng_);
                        const TileView src =
                            tiles.place(st, vr + 1, row_major_cols(dtype_size(st), vc, 1), vr, vc);
                        const TileView dst = tiles.place(code, vr + 1, row_major_cols(1, vc, 1), vr, vc);
                        const int32_t er = nd ? lines : blocks, ec = nd ? blocks : lines;
                        const Layout el_layout = col_major_exp
                                                     ? Layout::col_major(er + 3, ec + 1)
                                                     : Layout::row_major(er + 1, row_major_cols(1, ec));
                        const TileView exp = tiles.place(DType::U8, el_layout, er, ec);
                        const TileView max = tiles.place(DType::F32, 2, 64, 1, 1);  // valid region unused
                        const TileView scaling = tiles.place(DType::F32, 1, 128, 1, 1);
                        for (int32_t i = 0; i < lines; ++i)
                            for (int32_t g = 0; g < blocks; ++g) {
                                // Binades from near the bottom of float to the top; a few blocks of zeros.
                                const int scale = static_cast<int>(rng_() % 250) - 125;
                                const bool zeros = rng_() % 9 == 0;
                                for (int32_t k = 0; k < 32; ++k) {
                                    const int32_t r = nd ? i : g * 32 + k, c = nd ? g * 32 + k : i;
                                    put(src, r, c,
                                        zeros ? 0.0f : value(st == DType::F32 ? scale : scale / 9));
                                }
                            }
                        UbImage image;
                        const TileView want_dst = image.expected(dst), want_exp = image.expected(exp);
                        const TileView want_max = image.expected(max), want_sc = image.expected(scaling);
                        for (int32_t i = 0; i < lines; ++i)
                            for (int32_t g = 0; g < blocks; ++g) {
                                std::vector<float> block;
                                for (int32_t k = 0; k < 32; ++k)
                                    block.push_back(get(src, nd ? i : g * 32 + k, nd ? g * 32 + k : i));
                                const float m = oracle_max(el, alg, block);
                                const uint8_t e = oracle_exp(el, alg, m);
                                const float f = oracle_scaling(m, e);
                                const std::size_t flat = nd ? i * blocks + g : g * lines + i;
                                std::memcpy(want_max.data + 4 * flat, &m, 4);
                                std::memcpy(want_sc.data + 4 * flat, &f, 4);
                                *reinterpret_cast<uint8_t*>(nd ? want_exp.at(i, g) : want_exp.at(g, i)) = e;
                                for (int32_t k = 0; k < 32; ++k)
                                    put_code(want_dst, nd ? i : g * 32 + k, nd ? g * 32 + k : i,
                                             oracle_code(el, block[k] * f));
                            }
                        ops::tquant_mx({el, alg, nd}, dst, src, exp, max, scaling, nullptr);
                        EXPECT_TRUE(image.matches_ub())
                            << (el == mx::Element::E4M3 ? "MXFP8 " : "MXFP4 ")
                            << (alg == mx::ScaleAlg::Ocp ? "OCP " : "NV ") << (nd ? "ND " : "DN ")
                            << dtype_name(st) << (col_major_exp ? " col-major exp" : " row-major exp");
                        ++cases;
                    }
    EXPECT_EQ(cases, 48);
}

// Every E4M3 and E2M1 code's neighbourhood: the code's value, the midpoints to its neighbours and the floats
// next to them, through a block whose factor is 1 (OCP with maximum in [256, 512) for E4M3, [4, 8) for E2M1).
TEST_F(MxQuant, RoundsEveryBoundaryOnce) {
    for (const mx::Element el : {mx::Element::E4M3, mx::Element::E2M1}) {
        std::vector<float> probes;
        const int codes = el == mx::Element::E4M3 ? 127 : 8;
        for (int c = 0; c < codes; ++c) {
            const double v =
                el == mx::Element::E4M3 ? e4m3_value(c) : std::vector<double>{0, 0.5, 1, 1.5, 2, 3, 4, 6}[c];
            const double next =
                c + 1 < codes
                    ? (el == mx::Element::E4M3 ? e4m3_value(c + 1)
                                               : std::vector<double>{0, 0.5, 1, 1.5, 2, 3, 4, 6, 8}[c + 1])
                    : v * 2;
            const auto mid = static_cast<float>((v + next) / 2);
            const float limit = el == mx::Element::E4M3 ? 512.0f : 8.0f;  // above it the factor would change
            for (const float x :
                 {static_cast<float>(v), mid, std::nextafter(mid, 0.0f), std::nextafter(mid, kInf)})
                for (const float s : {1.0f, -1.0f})
                    if (x < limit)
                        probes.push_back(s * x);
        }
        const float pin = el == mx::Element::E4M3 ? 448.0f : 6.0f;  // keeps the factor at 1
        UbTiles tiles(rng_);
        const auto n = static_cast<int32_t>(probes.size());
        const int32_t rows = (n + 30) / 31;
        const TileView src = tiles.place(DType::F32, rows, 32, rows, 32);
        const TileView dst =
            tiles.place(el == mx::Element::E4M3 ? DType::S8 : DType::E2M1X2, rows, 32, rows, 32);
        const TileView exp = tiles.place(DType::U8, rows, 32, rows, 1);
        const TileView max = tiles.place(DType::F32, rows, 8, rows, 8);
        const TileView scaling = tiles.place(DType::F32, rows, 8, rows, 8);
        for (int32_t r = 0; r < rows; ++r) {
            put(src, r, 0, pin);
            for (int32_t k = 1; k < 32; ++k) {
                const int32_t i = r * 31 + k - 1;
                put(src, r, k, i < n ? probes[i] : 0.0f);
            }
        }
        ops::tquant_mx({el, mx::ScaleAlg::Ocp, true}, dst, src, exp, max, scaling, nullptr);
        for (int32_t r = 0; r < rows; ++r) {
            float f = 0;
            std::memcpy(&f, scaling.data + 4 * r, 4);
            ASSERT_EQ(f, 1.0f) << "row " << r;
            for (int32_t k = 0; k < 32; ++k) {
                const float x = get(src, r, k);
                const std::size_t i = dst.layout.offset(r, k);
                const uint8_t b =
                    reinterpret_cast<const uint8_t*>(dst.data)[el == mx::Element::E4M3 ? i : i / 2];
                const uint8_t got =
                    el == mx::Element::E4M3 ? b : static_cast<uint8_t>((b >> (i % 2 * 4)) & 0xF);
                EXPECT_EQ(got, oracle_code(el, x)) << "value " << x;
            }
        }
    }
}

TEST_F(MxQuant, ZzExponentCopy) {
    UbTiles tiles(rng_);
    const int32_t rows = 32, cols = 128, blocks = 4;
    const TileView src = tiles.place(DType::F16, rows, cols, rows, cols);
    const TileView dst = tiles.place(DType::S8, rows, cols, rows, cols);
    const TileView exp = tiles.place(DType::U8, 1, 128, 1, 128);
    const TileView zz = tiles.place(DType::U8, 4, 32, 4, 32);
    const TileView max = tiles.place(DType::F32, 1, 128, 1, 128);
    const TileView scaling = tiles.place(DType::F32, 1, 128, 1, 128);
    for (int32_t r = 0; r < rows; ++r)
        for (int32_t c = 0; c < cols; ++c)
            put(src, r, c, value(static_cast<int>(rng_() % 20) - 10));
    ops::tquant_mx({mx::Element::E4M3, mx::ScaleAlg::Ocp, true}, dst, src, exp, max, scaling, &zz);
    const auto* e = reinterpret_cast<const uint8_t*>(exp.data);
    const auto* z = reinterpret_cast<const uint8_t*>(zz.data);
    for (int32_t r = 0; r < rows; ++r)
        for (int32_t g = 0; g < blocks; ++g) {
            std::vector<float> block;
            for (int32_t k = 0; k < 32; ++k)
                block.push_back(get(src, r, g * 32 + k));
            const uint8_t want = oracle_exp(mx::Element::E4M3, mx::ScaleAlg::Ocp,
                                            oracle_max(mx::Element::E4M3, mx::ScaleAlg::Ocp, block));
            EXPECT_EQ(e[r * blocks + g], want) << r << "," << g;
            // ZZ: 16 x 2 groups in row-major order of groups, each group row-major.
            const int32_t group = (r / 16) * (blocks / 2) + g / 2;
            EXPECT_EQ(z[group * 32 + (r % 16) * 2 + g % 2], want) << r << "," << g;
        }
}

TEST_F(MxQuant, RunTimeRules) {
    UbTiles tiles(rng_);
    const TileView src = tiles.place(DType::F32, 4, 64, 4, 64);
    const TileView odd_src = tiles.place(DType::F32, 4, 64, 4, 48);
    const TileView dst = tiles.place(DType::S8, 4, 64, 4, 64);
    const TileView fp4 = tiles.place(DType::E2M1X2, 4, 64, 4, 64);
    const TileView exp = tiles.place(DType::U8, 4, 32, 4, 2);
    const TileView small_exp = tiles.place(DType::U8, 4, 32, 4, 1);
    const TileView max = tiles.place(DType::F32, 1, 8, 1, 8);
    const TileView short_max = tiles.place(DType::F32, 1, 7, 1, 7);
    const TileView scaling = tiles.place(DType::F32, 1, 8, 1, 8);
    const ops::MxQuant fp8{mx::Element::E4M3, mx::ScaleAlg::Ocp, true};
    const ops::MxQuant dn{mx::Element::E4M3, mx::ScaleAlg::Ocp, false};
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(fp8, fp4, src, exp, max, scaling, nullptr),
                           "TQUANT: MXFP8 writes int8_t bytes");
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(fp8, dst, odd_src, exp, max, scaling, nullptr),
                           "TQUANT: dst has src's valid shape");
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(dn, dst, src, exp, max, scaling, nullptr),
                           "TQUANT: DN blocks are 32 consecutive rows");
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(fp8, dst, src, small_exp, max, scaling, nullptr),
                           "TQUANT: exp's valid region holds the block grid");
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(fp8, dst, src, exp, short_max, scaling, nullptr),
                           "TQUANT: the tile holds one element per block");
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(fp8, dst, src, exp, max, max, nullptr),
                           "TQUANT: a destination tile must not overlap another operand");
    EXPECT_FAILS_UNTOUCHED(ops::tquant_mx(fp8, dst, src, exp, max, scaling, &exp),
                           "TQUANT: the ZZ exponent order needs a multiple of 16 rows");
}

}  // namespace
