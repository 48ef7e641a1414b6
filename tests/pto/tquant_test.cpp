// TQUANT (INT8_SYM / INT8_ASYM, with and without the tmp tile) and TDEQUANT through the C++ API, with the
// parameter tiles pto-isa's kernels use ([R, 1] column-major, loaded from a Layout::DN global tensor for
// TDEQUANT). Values are worked by hand; the kernel tests sweep shapes and edge values against oracles.
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

}  // namespace
