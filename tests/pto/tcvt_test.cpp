// TCVT through the C++ API: pto-isa's example, the four forms (with and without SaturationMode and tmp), the
// pairs' default saturation, rounding modes, the 8- and 4-bit float types by their pto-isa names, a dynamic
// valid shape (nothing outside it changes), events, and the run-time rule on the valid regions. The element
// rules themselves are proved in tests/core/convert_test.cpp; values here are worked by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class TCvtTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(TCvtTest);

template <typename T>
uint32_t bits_of(T v) {
    uint32_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

TEST_P(TCvtTest, PtoIsaExampleFloatToHalf) {
    using SrcT = Tile<TileType::Vec, float, 16, 16>;
    using DstT = Tile<TileType::Vec, half, 16, 16>;
    SrcT src;
    DstT dst;
    TASSIGN(src, 0x1000);
    TASSIGN(dst, 0x2000);
    const float in[] = {
        1.0f, 2.5f, -0.1f, 65519.0f, 65520.0f, 1e6f, std::numeric_limits<float>::infinity(), 5.96e-8f};
    for (int i = 0; i < 256; ++i)
        src.SetValue(i, in[i % 8]);
    TCVT(dst, src, RoundMode::CAST_RINT);
    // float -> half saturates by default: 65520 (which rounds up past max), 1e6 and inf give 65504.
    const uint16_t want[] = {0x3C00, 0x4100, 0xAE66, 0x7BFF, 0x7BFF, 0x7BFF, 0x7BFF, 0x0001};
    for (int i = 0; i < 256; ++i)
        EXPECT_EQ(bits_of(dst.GetValue(i)), want[i % 8]) << i;
    // Without saturation they overflow to infinity.
    TCVT(dst, src, RoundMode::CAST_RINT, SaturationMode::OFF);
    EXPECT_EQ(bits_of(dst.GetValue(4)), 0x7C00u);
    EXPECT_EQ(bits_of(dst.GetValue(6)), 0x7C00u);
    // Toward zero, 65520 stays at max even without saturation.
    TCVT(dst, src, RoundMode::CAST_TRUNC, SaturationMode::OFF);
    EXPECT_EQ(bits_of(dst.GetValue(4)), 0x7BFFu);
    EXPECT_EQ(bits_of(dst.GetValue(2)), 0xAE66u);  // -0.1 truncates to -0.0999755859375
}

TEST_P(TCvtTest, FloatToIntegerRoundingModesAndSaturation) {
    Tile<TileType::Vec, float, 1, 8> src;
    Tile<TileType::Vec, int32_t, 1, 8> i32;
    const float in[] = {2.5f,    -2.5f, 3.5f, -0.4f, 3e9f, -3e9f, std::numeric_limits<float>::quiet_NaN(),
                        70000.0f};
    for (int i = 0; i < 8; ++i)
        src.SetValue(i, in[i]);
    const struct {
        RoundMode mode;
        int32_t want[4];
    } modes[] = {{RoundMode::CAST_RINT, {2, -2, 4, 0}},   {RoundMode::CAST_ROUND, {3, -3, 4, 0}},
                 {RoundMode::CAST_FLOOR, {2, -3, 3, -1}}, {RoundMode::CAST_CEIL, {3, -2, 4, 0}},
                 {RoundMode::CAST_TRUNC, {2, -2, 3, 0}},  {RoundMode::CAST_NONE, {2, -2, 3, 0}},
                 {RoundMode::CAST_ODD, {2, -2, 3, 0}}};
    for (const auto& m : modes) {
        TCVT(i32, src, m.mode);  // float -> int32 saturates by default
        for (int i = 0; i < 4; ++i)
            EXPECT_EQ(i32.GetValue(i), m.want[i]) << static_cast<int>(m.mode) << " " << i;
        EXPECT_EQ(i32.GetValue(4), INT32_MAX);
        EXPECT_EQ(i32.GetValue(5), INT32_MIN);
        EXPECT_EQ(i32.GetValue(6), 0);  // NaN
    }
    TCVT(i32, src, RoundMode::CAST_RINT, SaturationMode::OFF);  // the integer indefinite
    EXPECT_EQ(i32.GetValue(4), INT32_MIN);
    EXPECT_EQ(i32.GetValue(6), INT32_MIN);
    // float -> int16 does not saturate by default: the low 16 bits of the int32 result.
    Tile<TileType::Vec, int16_t, 1, 16, BLayout::RowMajor, 1, 8> i16v;
    TCVT(i16v, src, RoundMode::CAST_RINT);
    EXPECT_EQ(i16v.GetValue(7), static_cast<int16_t>(70000 - 65536));
    EXPECT_EQ(i16v.GetValue(4), 0);
    TCVT(i16v, src, RoundMode::CAST_RINT, SaturationMode::ON);
    EXPECT_EQ(i16v.GetValue(7), 32767);
}

TEST_P(TCvtTest, IntegerPairsAndDefaults) {
    Tile<TileType::Vec, int32_t, 1, 8> src;
    Tile<TileType::Vec, int16_t, 1, 16, BLayout::RowMajor, 1, 8> narrow;
    Tile<TileType::Vec, float, 1, 8> f;
    const int32_t in[] = {1, -1, 40000, -40000, 16777217, INT32_MAX, INT32_MIN, 0};
    for (int i = 0; i < 8; ++i)
        src.SetValue(i, in[i]);
    TCVT(narrow, src, RoundMode::CAST_NONE);  // int32 -> int16 wraps by default
    EXPECT_EQ(narrow.GetValue(2), static_cast<int16_t>(40000 - 65536));
    TCVT(narrow, src, RoundMode::CAST_NONE, SaturationMode::ON);
    EXPECT_EQ(narrow.GetValue(2), 32767);
    EXPECT_EQ(narrow.GetValue(3), -32768);
    TCVT(f, src, RoundMode::CAST_RINT);  // 2^24 + 1 rounds to even; CAST_CEIL up
    EXPECT_EQ(f.GetValue(4), 16777216.0f);
    TCVT(f, src, RoundMode::CAST_CEIL);
    EXPECT_EQ(f.GetValue(4), 16777218.0f);
    EXPECT_EQ(f.GetValue(5), 2147483648.0f);
}

TEST_P(TCvtTest, NarrowFloatTypesByTheirPtoIsaNames) {
    Tile<TileType::Vec, float, 1, 8> src;
    Tile<TileType::Vec, float8_e4m3_t, 1, 32, BLayout::RowMajor, 1, 8> e4m3;
    Tile<TileType::Vec, float8_e5m2_t, 1, 32, BLayout::RowMajor, 1, 8> e5m2;
    Tile<TileType::Vec, hifloat8_t, 1, 32, BLayout::RowMajor, 1, 8> hif8;
    Tile<TileType::Vec, float, 1, 8> back;
    const float in[] = {1.0f, 1000.0f, -3.0f, 0.0078125f, std::numeric_limits<float>::infinity(),
                        2.5f, -0.0f,   448.0f};
    for (int i = 0; i < 8; ++i)
        src.SetValue(i, in[i]);
    TCVT(e4m3, src, RoundMode::CAST_RINT);  // saturating by default: 1000 and inf give 448
    EXPECT_EQ(e4m3.GetValue(0).RawData(), 0x38);
    EXPECT_EQ(e4m3.GetValue(1).RawData(), 0x7E);
    EXPECT_EQ(e4m3.GetValue(4).RawData(), 0x7E);
    EXPECT_EQ(e4m3.GetValue(6).RawData(), 0x80);
    TCVT(e4m3, src, RoundMode::CAST_RINT, SaturationMode::OFF);  // E4M3 has no infinity: NaN
    EXPECT_EQ(e4m3.GetValue(1).RawData(), 0x7F);
    TCVT(e5m2, src, RoundMode::CAST_RINT, SaturationMode::OFF);
    EXPECT_EQ(e5m2.GetValue(4).RawData(), 0x7C);
    TCVT(back, e5m2, RoundMode::CAST_NONE);
    EXPECT_EQ(back.GetValue(2), -3.0f);
    EXPECT_EQ(back.GetValue(5), 2.5f);
    TCVT(hif8, src, RoundMode::CAST_ROUND);
    TCVT(back, hif8, RoundMode::CAST_NONE);
    EXPECT_EQ(back.GetValue(0), 1.0f);
    EXPECT_EQ(back.GetValue(5), 2.5f);
}

TEST_P(TCvtTest, FourBitFloatsPackTwoPerByte) {
    Tile<TileType::Vec, bfloat16_t, 1, 16> src;
    Tile<TileType::Vec, float4_e2m1x2_t, 1, 64, BLayout::RowMajor, 1, 4> fp4;
    Tile<TileType::Vec, bfloat16_t, 1, 16, BLayout::RowMajor, 1, 4> back;
    TASSIGN(fp4, 0x100);
    std::memset(static_cast<void*>(fp4.data()), 0xAA, 32);
    const float in[] = {0.5f, -6.0f, 2.9f, 100.0f};
    for (int i = 0; i < 4; ++i)
        src.SetValue(i, bfloat16_t(in[i]));
    TCVT(fp4, src, RoundMode::CAST_RINT);
    const auto* bytes = reinterpret_cast<const uint8_t*>(fp4.data());
    EXPECT_EQ(bytes[0], 0xF1);  // 0.5 (0x1) low, -6 (0xF) high
    EXPECT_EQ(bytes[1], 0x75);  // 3 (0x5) low, 6 (0x7, saturated) high
    EXPECT_EQ(bytes[2], 0xAA);  // past the valid region: untouched
    TCVT(back, fp4, RoundMode::CAST_RINT);
    EXPECT_EQ(static_cast<float>(back.GetValue(2)), 3.0f);
    EXPECT_EQ(static_cast<float>(back.GetValue(3)), 6.0f);
}

TEST_P(TCvtTest, TmpFormsEventsAndDynamicValidShapes) {
    using Src = Tile<TileType::Vec, half, 4, 32, BLayout::RowMajor, -1, -1>;
    using Dst = Tile<TileType::Vec, int8_t, 4, 32, BLayout::RowMajor, -1, -1>;
    Src src(4, 32);
    Dst dst(2, 5);
    Tile<TileType::Vec, int32_t, 1, 64> tmp;
    for (int i = 0; i < 128; ++i)
        src.SetValue(i, half(static_cast<float>(i) * 3.0f - 100.0f));
    for (int i = 0; i < 128; ++i)
        dst.SetValue(i, int8_t{7});
    Event<Op::TLOAD, Op::TCVT> ev;
    TCVT(dst, src, tmp, RoundMode::CAST_RINT, SaturationMode::ON, ev);
    EXPECT_EQ(dst.GetValue(0), -100);
    EXPECT_EQ(dst.GetValue(4), -88);
    EXPECT_EQ(dst.GetValue(5), 7);              // column 5 is outside the valid region
    EXPECT_EQ(dst.GetValue(32 + 4), 8);         // row 1, column 4: 36 * 3 - 100
    EXPECT_EQ(dst.GetValue(64), 7);             // row 2 is outside
    TCVT(dst, src, tmp, RoundMode::CAST_RINT);  // half -> int8 wraps by default (via int16)
    EXPECT_EQ(dst.GetValue(0), -100);
    Src big(4, 32);
    big.SetValue(0, half(200.0f));
    big.SetValue(1, half(40000.0f));
    TCVT(dst, big, RoundMode::CAST_RINT);
    EXPECT_EQ(dst.GetValue(0), static_cast<int8_t>(200 - 256));
    EXPECT_EQ(dst.GetValue(1), 0);  // outside int16: the int16 indefinite, whose low byte is 0
}

TEST_P(TCvtTest, RunTimeRuleOnValidRegions) {
    using Src = Tile<TileType::Vec, float, 4, 32, BLayout::RowMajor, -1, -1>;
    using Dst = Tile<TileType::Vec, half, 4, 32, BLayout::RowMajor, -1, -1>;
    Src src(2, 32);
    Dst dst(4, 32);
    EXPECT_CHECK_FAILS(TCVT(dst, src, RoundMode::CAST_RINT), "TCVT: src's valid region must cover dst's");
}

}  // namespace
