// TQUANT (INT8_SYM / INT8_ASYM, with and without the tmp tile; the MX forms by QuantType, QuantScaleAlg and
// MxQuantAlg, and with the ZZ exponent copy) and TDEQUANT through the C++ API, with the parameter tiles
// pto-isa's kernels use ([R, 1] column-major, loaded from a Layout::DN global tensor for TDEQUANT). Values
// are worked by hand; the kernel tests sweep shapes and edge values against oracles.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class TQuantTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(TQuantTest);

using Para = Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor, 2, 1>;

TEST_P(TQuantTest, Int8SymRoundsToEvenAndSaturates) {
    Tile<TileType::Vec, float, 2, 8> src;
    Tile<TileType::Vec, int8_t, 2, 32, BLayout::RowMajor, 2, 8> dst;
    Para scale;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x100);
    TASSIGN(scale, 0x200);
    scale.SetValue(0, 1.0f);
    scale.SetValue(1, 100.0f);
    const float row0[] = {0.5f,
                          1.5f,
                          2.5f,
                          -2.5f,
                          127.5f,
                          -128.5f,
                          std::numeric_limits<float>::quiet_NaN(),
                          -std::numeric_limits<float>::infinity()};
    for (int c = 0; c < 8; ++c) {
        src.SetValue(c, row0[c]);
        src.SetValue(8 + c, 0.01f * static_cast<float>(c));
    }
    TQUANT<QuantType::INT8_SYM>(dst, src, scale);
    const int want0[] = {0, 2, 2, -2, 127, -128, 0, -128};
    for (int c = 0; c < 8; ++c) {
        EXPECT_EQ(dst.GetValue(c), want0[c]) << c;
        EXPECT_EQ(dst.GetValue(32 + c), c) << c;  // 0.01 * c * 100, rounded
    }
}

TEST_P(TQuantTest, Int8AsymAddsTheOffsetAfterScaling) {
    Tile<TileType::Vec, float, 2, 8> src;
    Tile<TileType::Vec, uint8_t, 2, 32, BLayout::RowMajor, 2, 8> dst;
    Tile<TileType::Vec, float, 2, 8> tmp;
    Para scale, offset;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x100);
    TASSIGN(scale, 0x200);
    TASSIGN(offset, 0x300);
    TASSIGN(tmp, 0x400);
    scale.SetValue(0, 2.0f);
    scale.SetValue(1, -1.0f);
    offset.SetValue(0, 128.0f);
    offset.SetValue(1, 0.25f);
    for (int c = 0; c < 8; ++c) {
        src.SetValue(c, static_cast<float>(c * 20 - 70));  // 2x + 128: -12 .. 268
        src.SetValue(8 + c, static_cast<float>(c));        // -x + 0.25
    }
    TQUANT<QuantType::INT8_ASYM>(dst, src, scale, &offset);
    const int want0[] = {0, 28, 68, 108, 148, 188, 228, 255};
    for (int c = 0; c < 8; ++c) {
        EXPECT_EQ(dst.GetValue(c), want0[c]) << c;
        EXPECT_EQ(dst.GetValue(32 + c), 0) << c;  // 0.25 - c: 0 or clamped to 0
    }
    Event<Op::TLOAD, Op::TQUANT> ev;
    TQUANT<QuantType::INT8_ASYM>(dst, src, scale, tmp, &offset, ev);  // the tmp form: the same result
    EXPECT_EQ(dst.GetValue(7), 255);
    EXPECT_CHECK_FAILS(TQUANT<QuantType::INT8_ASYM>(dst, src, scale),
                       "TQUANT: INT8_ASYM needs an offset tile");
}

TEST_P(TQuantTest, DeQuantWithParametersFromADnGlobalTensor) {
    constexpr int R = 4, C = 32;
    std::vector<int8_t> in(R * C);
    for (int i = 0; i < R * C; ++i)
        in[i] = static_cast<int8_t>(i * 7 - 300);
    std::vector<float> scale_in = {0.5f, 0.25f, 2.0f, -1.0f}, offset_in = {1.0f, -3.0f, 0.5f, 100.0f};
    std::vector<float> out(R * C, -1.0f);
    using Src = Tile<TileType::Vec, int8_t, R, C>;
    using Dst = Tile<TileType::Vec, float, R, C>;
    using P = Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor, R, 1>;
    using GP = GlobalTensor<float, Shape<1, 1, 1, R, 1>, Stride<1, 1, 1, 1, 1>, Layout::DN>;
    Src src;
    Dst dst;
    P scale, offset;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x200);
    TASSIGN(scale, 0x400);
    TASSIGN(offset, 0x500);
    GlobalTensor<int8_t, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>> gin(in.data());
    GlobalTensor<float, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>> gout(out.data());
    GP gs(scale_in.data()), go(offset_in.data());
    TLOAD(src, gin);
    TLOAD(scale, gs);
    TLOAD(offset, go);
    TDEQUANT(dst, src, scale, offset);
    TSTORE(gout, dst);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(out[r * C + c], (static_cast<float>(in[r * C + c]) - offset_in[r]) * scale_in[r])
                << r << "," << c;
}

// MXFP8, blocks of 32 columns. Row 0: 1..32 (max 32) and zeros; row 1: 1000 with +-0.001 (max 1000) and a
// NaN with 2s (max 2, the NaN skipped). OCP: e = exponent(max) - 8 and factor 2^(127 - e); NV: the exponent
// of max / 448 rounded up.
template <QuantScaleAlg Alg>
void mxfp8_rows() {
    using Src = Tile<TileType::Vec, float, 2, 64>;
    using Dst = Tile<TileType::Vec, int8_t, 2, 64>;
    using Exp = Tile<TileType::Vec, uint8_t, 2, 32, BLayout::RowMajor, 2, 2>;
    using Flat = Tile<TileType::Vec, float, 1, 8>;
    Src src;
    Dst dst;
    Exp exp;
    Flat max, scaling;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x400);
    TASSIGN(exp, 0x500);
    TASSIGN(max, 0x600);
    TASSIGN(scaling, 0x700);
    for (int c = 0; c < 64; ++c) {
        src.SetElement(0, c, c < 32 ? static_cast<float>(c + 1) : 0.0f);
        src.SetElement(1, c, c < 32 ? (c == 0 ? 1000.0f : (c % 2 ? 0.001f : -0.001f)) : 2.0f);
    }
    src.SetElement(1, 40, std::numeric_limits<float>::quiet_NaN());
    if constexpr (Alg == QuantScaleAlg::OCP)
        TQUANT<QuantType::MXFP8>(dst, src, &exp, &max, &scaling);
    else
        TQUANT<QuantType::MXFP8, Dst, Src, Exp, Flat, Flat, QuantScaleAlg::NV>(dst, src, &exp, &max,
                                                                               &scaling);
    const bool nv = Alg == QuantScaleAlg::NV;
    EXPECT_EQ(exp.GetElement(0, 0), 124);  // 32: 2^5 -> 132 - 8; NV: 32 / 448 -> 2^-3
    EXPECT_EQ(exp.GetElement(0, 1), 0);
    EXPECT_EQ(exp.GetElement(1, 0), nv ? 129 : 128);  // NV: 1000 / 448 = 2.2 -> 2^2
    EXPECT_EQ(exp.GetElement(1, 1), 120);             // 2: 128 - 8; NV: 2 / 448 -> 2^-7
    const float maxes[] = {32.0f, 0.0f, 1000.0f, 2.0f};
    const float factors[] = {8.0f, 0x1p127f, nv ? 0.25f : 0.5f, 128.0f};
    for (int k = 0; k < 4; ++k) {
        EXPECT_EQ(max.GetValue(k), maxes[k]) << k;
        EXPECT_EQ(scaling.GetValue(k), factors[k]) << k;
    }
    const auto code = [&](int r, int c) { return static_cast<uint8_t>(dst.GetElement(r, c)); };
    EXPECT_EQ(code(0, 0), 0x50);   // 1 * 8 = 2^3
    EXPECT_EQ(code(0, 2), 0x5C);   // 3 * 8 = 1.5 * 2^4
    EXPECT_EQ(code(0, 31), 0x78);  // 32 * 8 = 2^8
    EXPECT_EQ(code(0, 40), 0x00);
    EXPECT_EQ(code(1, 0), nv ? 0x78 : 0x7E);  // 500 saturates to 448; NV: 250 rounds to 256
    EXPECT_EQ(code(1, 1), 0x00);              // 0.001 * factor is below half the smallest subnormal (2^-10)
    EXPECT_EQ(code(1, 2), 0x80);              // and keeps its sign
    EXPECT_EQ(code(1, 33), 0x78);             // 2 * 128 = 2^8
    EXPECT_EQ(code(1, 40), 0x7F);             // NaN
}

TEST_P(TQuantTest, MxFp8OcpBlocksOfARow) {
    mxfp8_rows<QuantScaleAlg::OCP>();
}
TEST_P(TQuantTest, MxFp8NvBlocksOfARow) {
    mxfp8_rows<QuantScaleAlg::NV>();
}

// A one-row exponent tile takes the 4 x 2 block exponents flat, row * 2 + block (the device's contiguous
// store): block (r, b) holds 2^(r + b), OCP exponent 127 + r + b - 8.
TEST_P(TQuantTest, MxFp8OneRowExponentsAreFlat) {
    using Src = Tile<TileType::Vec, float, 4, 64>;
    using Dst = Tile<TileType::Vec, int8_t, 4, 64>;
    using Exp = Tile<TileType::Vec, uint8_t, 1, 32>;
    using Flat = Tile<TileType::Vec, float, 1, 8>;
    Src src;
    Dst dst;
    Exp exp;
    Flat max, scaling;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x400);
    TASSIGN(exp, 0x500);
    TASSIGN(max, 0x600);
    TASSIGN(scaling, 0x700);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 64; ++c)
            src.SetElement(r, c, std::ldexp(1.0f, r + c / 32));
    TQUANT<QuantType::MXFP8>(dst, src, &exp, &max, &scaling);
    for (int r = 0; r < 4; ++r)
        for (int b = 0; b < 2; ++b)
            EXPECT_EQ(exp.GetElement(0, r * 2 + b), 127 + r + b - 8) << r << "," << b;
}

// MXFP4 (OCP) from half with blocks of 32 rows (DN, grp_axis 0). Column 0: 1s and one 6 (max 6, factor 1),
// then 3s and one -0.75 (max 3, factor 2); column 1: 0.25s (max 0.25, factor 16), then zeros.
TEST_P(TQuantTest, MxFp4DnBlocksOfAColumn) {
    using Src = Tile<TileType::Vec, half, 64, 64, BLayout::RowMajor, 64, 2>;
    using Dst = Tile<TileType::Vec, float4_e2m1x2_t, 64, 64, BLayout::RowMajor, 64, 2>;
    using Exp = Tile<TileType::Vec, uint8_t, 2, 32, BLayout::RowMajor, 2, 2>;
    using Flat = Tile<TileType::Vec, float, 1, 8>;
    Src src;
    Dst dst;
    Exp exp;
    Flat max, scaling;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x2000);
    TASSIGN(exp, 0x2800);
    TASSIGN(max, 0x2900);
    TASSIGN(scaling, 0x2A00);
    for (int r = 0; r < 64; ++r) {
        src.SetElement(r, 0, static_cast<half>(r < 32 ? 1.0f : 3.0f));
        src.SetElement(r, 1, static_cast<half>(r < 32 ? 0.25f : 0.0f));
    }
    src.SetElement(5, 0, static_cast<half>(6.0f));
    src.SetElement(40, 0, static_cast<half>(-0.75f));
    TQUANT<0, MxQuantAlg::OcpMxFp4E2M1, Dst, Src, Exp, Flat, Flat>(dst, src, &exp, &max, &scaling);
    EXPECT_EQ(exp.GetElement(0, 0), 127);  // 6 = 1.5 * 2^2 -> 129 - 2
    EXPECT_EQ(exp.GetElement(0, 1), 123);  // 0.25 -> 125 - 2
    EXPECT_EQ(exp.GetElement(1, 0), 126);
    EXPECT_EQ(exp.GetElement(1, 1), 0);
    const float maxes[] = {6.0f, 0.25f, 3.0f, 0.0f}, factors[] = {1.0f, 16.0f, 2.0f, 0x1p127f};
    for (int k = 0; k < 4; ++k) {
        EXPECT_EQ(max.GetValue(k), maxes[k]) << k;  // flat: block g of column c at g * 2 + c
        EXPECT_EQ(scaling.GetValue(k), factors[k]) << k;
    }
    const auto code = [&](int r, int c) { return dst.GetElement(r, c).RawData(); };
    EXPECT_EQ(code(0, 0), 0x2);   // 1
    EXPECT_EQ(code(5, 0), 0x7);   // 6
    EXPECT_EQ(code(32, 0), 0x7);  // 3 * 2 = 6
    EXPECT_EQ(code(40, 0), 0xB);  // -0.75 * 2 = -1.5
    EXPECT_EQ(code(0, 1), 0x6);   // 0.25 * 16 = 4
    EXPECT_EQ(code(63, 1), 0x0);
}

// MXFP8 with the ZZ exponent copy: exp gets the 16 x 4 block exponents flat (row * 4 + block), exp_zz the
// same in 16-row x 2-block groups, so block (r, b) lands at (b / 2) * 32 + r * 2 + b % 2.
TEST_P(TQuantTest, MxFp8ZzExponentCopy) {
    using Src = Tile<TileType::Vec, float, 16, 128>;
    using Dst = Tile<TileType::Vec, int8_t, 16, 128>;
    using Exp = Tile<TileType::Vec, uint8_t, 1, 64>;
    using Flat = Tile<TileType::Vec, float, 1, 64>;
    Src src;
    Dst dst;
    Exp exp, zz;
    Flat max, scaling;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x2000);
    TASSIGN(exp, 0x2800);
    TASSIGN(zz, 0x2840);
    TASSIGN(max, 0x2900);
    TASSIGN(scaling, 0x2A00);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 128; ++c)
            src.SetElement(r, c, std::ldexp(1.0f, r - c / 32));  // block (r, b) holds 2^(r - b)
    TQUANT<QuantType::MXFP8, VecStoreMode::NZ>(dst, src, &exp, &max, &scaling, &zz);
    for (int r = 0; r < 16; ++r)
        for (int b = 0; b < 4; ++b) {
            const int e = 127 + r - b - 8;
            EXPECT_EQ(exp.GetValue(r * 4 + b), e) << r << "," << b;
            EXPECT_EQ(zz.GetValue((b / 2) * 32 + r * 2 + b % 2), e) << r << "," << b;
            EXPECT_EQ(static_cast<uint8_t>(dst.GetElement(r, b * 32)), 0x78);  // every value becomes 2^8
        }
}

}  // namespace

namespace {

// pto::cpu_quant, the names pto-isa's tquant suites compute their expectations with: TQUANT's own rules.
TEST(CpuQuantHelpers, GiveTQuantsRules) {
    using namespace pto::cpu_quant;
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ((ComputeMxSharedExponent<QuantType::MXFP8, QuantScaleAlg::OCP>(32.0f)), 124);
    EXPECT_EQ((ComputeMxSharedExponent<QuantType::MXFP8, QuantScaleAlg::OCP>(inf)), 0xF7);
    EXPECT_EQ((ComputeMxSharedExponent<QuantType::MXFP4_E2M1, QuantScaleAlg::OCP>(inf)), 0xFD);
    EXPECT_EQ((ComputeMxSharedExponent<QuantType::MXFP8, QuantScaleAlg::NV>(inf)), 0xFE);
    EXPECT_EQ((ComputeMxSharedExponent<QuantType::MXFP4_E2M1, QuantScaleAlg::NV>(nan)), 0xFF);
    EXPECT_EQ((ComputeMxSharedExponent<QuantType::MXFP4_E2M1, QuantScaleAlg::NV>(6.0f)), 127);  // 6 / 6 = 1
    EXPECT_EQ((ComputeMxGroupScaling<QuantType::MXFP8, QuantScaleAlg::OCP>(32.0f, 124)), 8.0f);
    EXPECT_EQ((ComputeMxGroupScaling<QuantType::MXFP8, QuantScaleAlg::NV>(inf, 0xFE)), 0x1p-127f);
    EXPECT_TRUE(std::isnan(ComputeMxGroupScaling<QuantType::MXFP8, QuantScaleAlg::OCP>(nan, 0xFF)));
    EXPECT_EQ(EncodeE4M3Fn<QuantScaleAlg::OCP>(256.0f), 0x78);
    EXPECT_EQ(EncodeE4M3Fn<QuantScaleAlg::OCP>(-0.0f), 0x80);  // the sign of zero is kept (docs/compat.md)
    EXPECT_EQ(EncodeE4M3Fn<QuantScaleAlg::NV>(1000.0f), 0x7E);
    EXPECT_EQ(EncodeE2M1Magic(-inf), 0xF);
    EXPECT_EQ(EncodeE2M1Magic(nan), 0x7);
    EXPECT_EQ(EncodeE2M1Magic(2.5f), 0x4);  // a tie: to the even code (2)
    EXPECT_EQ(AbsBf16BitsFromFloat(-1.0f), 0x3F80);
    EXPECT_EQ(Bf16BitsToFloat(0x4040), 3.0f);
    EXPECT_EQ(ApplyE2M1ScaleForSource<float>(3.0f, 0.5f), 1.5f);
    Tile<TileType::Vec, half, 32, 64> t;
    TASSIGN(t, 0x0);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 64; ++c)
            t.SetElement(r, c, static_cast<half>(static_cast<float>(r - c)));
    EXPECT_EQ((ComputeMxGroupMax<1, QuantType::MXFP8, QuantScaleAlg::OCP>(t, 3, 1)),
              60.0f);  // row 3, cols 32..63
    EXPECT_EQ((ComputeMxGroupMax<0, QuantType::MXFP8, QuantScaleAlg::OCP>(t, 5, 0)),
              26.0f);  // col 5, rows 0..31
}

}  // namespace
