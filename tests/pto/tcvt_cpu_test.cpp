// TCVT on the CPU profile (pto-isa's CPU simulation, `__CPU_SIM`): the pairs only it has, `int4b_t` (one
// element per byte, low nibble) to and from floats and integers, through TLOAD / TSTORE as the reference's
// tcvt suite moves it. Values are worked by hand; the element rules are proved in
// tests/core/convert_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"

namespace {

using namespace pto;

static_assert(ptosim::kArch == ptosim::Arch::CPU, "this executable is compiled for the CPU profile");

class TCvtCpuTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(TCvtCpuTest);

TEST_P(TCvtCpuTest, FloatToInt4SaturatesInEitherModeAndWritesOneNibblePerByte) {
    Tile<TileType::Vec, float, 1, 16> src;
    Tile<TileType::Vec, int4b_t, 1, 32, BLayout::RowMajor, 1, 9> dst;
    TASSIGN(src, 0);
    TASSIGN(dst, 0x100);
    std::memset(static_cast<void*>(dst.data()), 0xAA, 32);
    const float in[] = {
        -9.7f, -8.2f, -7.5f, -0.5f, 0.5f, 1.5f, 7.49f, 100.0f, std::numeric_limits<float>::quiet_NaN()};
    for (int i = 0; i < 9; ++i)
        src.SetValue(i, in[i]);
    const uint8_t want[] = {0x8, 0x8, 0x8, 0x0, 0x0, 0x2, 0x7, 0x7, 0x0};  // ties to even; NaN -> 0
    for (const SaturationMode sat : {SaturationMode::OFF, SaturationMode::ON}) {
        TCVT(dst, src, RoundMode::CAST_RINT, sat);
        const auto* bytes = reinterpret_cast<const uint8_t*>(dst.data());
        for (int i = 0; i < 9; ++i)
            EXPECT_EQ(bytes[i], want[i]) << i;
        EXPECT_EQ(bytes[9], 0xAA);  // past the valid region: untouched
    }
    TCVT(dst, src, RoundMode::CAST_FLOOR);
    EXPECT_EQ(static_cast<int8_t>(dst.GetValue(3)), -1);
    EXPECT_EQ(static_cast<int8_t>(dst.GetValue(5)), 1);
}

TEST_P(TCvtCpuTest, Int4ReadsTheLowNibbleSignExtended) {
    Tile<TileType::Vec, int4b_t, 1, 32, BLayout::RowMajor, 1, 16> src;
    Tile<TileType::Vec, float, 1, 16> f;
    Tile<TileType::Vec, half, 1, 16> h;
    Tile<TileType::Vec, int32_t, 1, 16> i32;
    auto* bytes = reinterpret_cast<uint8_t*>(src.data());
    for (int i = 0; i < 16; ++i)
        bytes[i] = static_cast<uint8_t>(0x50 | i);  // a high nibble the conversion must ignore
    TCVT(f, src, RoundMode::CAST_RINT);
    TCVT(h, src, RoundMode::CAST_RINT);
    TCVT(i32, src, RoundMode::CAST_NONE);
    for (int i = 0; i < 16; ++i) {
        const int v = i < 8 ? i : i - 16;
        EXPECT_EQ(f.GetValue(i), static_cast<float>(v)) << i;
        EXPECT_EQ(static_cast<float>(h.GetValue(i)), static_cast<float>(v)) << i;
        EXPECT_EQ(i32.GetValue(i), v) << i;
        EXPECT_EQ(static_cast<int8_t>(src.GetValue(i)), v) << i;  // int4b_t's own conversion agrees
    }
}

TEST_P(TCvtCpuTest, Int4TilesMoveAsBytesThroughGlobalMemory) {
    constexpr int R = 4, C = 32;
    std::vector<float> in(R * C);
    for (int i = 0; i < R * C; ++i)
        in[i] = static_cast<float>(i % 23) - 11.0f;  // -11 .. 11: both ends clip
    std::vector<int4b_t> packed(R * C);
    std::vector<float> back(R * C, -100.0f);
    using GF = GlobalTensor<float, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    using G4 = GlobalTensor<int4b_t, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    Tile<TileType::Vec, float, R, C> f;
    Tile<TileType::Vec, int4b_t, R, C> s4;
    TASSIGN(f, 0);
    TASSIGN(s4, R * C * sizeof(float));
    GF gin(in.data()), gback(back.data());
    G4 g4(packed.data());
    TLOAD(f, gin);
    TCVT(s4, f, RoundMode::CAST_RINT, SaturationMode::ON);
    TSTORE(g4, s4);
    for (int i = 0; i < R * C; ++i) {
        const int want = in[i] < -8.0f ? -8 : in[i] > 7.0f ? 7 : static_cast<int>(in[i]);
        ASSERT_EQ(packed[i].storage, static_cast<uint8_t>(want & 0xF)) << i;
    }
    TLOAD(s4, g4);
    TCVT(f, s4, RoundMode::CAST_RINT);
    TSTORE(gback, f);
    for (int i = 0; i < R * C; ++i)
        ASSERT_EQ(back[i], in[i] < -8.0f ? -8.0f : in[i] > 7.0f ? 7.0f : in[i]) << i;
}

}  // namespace
