// TPRINT's text (the device format, written out here by hand) and TPREFETCH's scratch writes and tile form.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/check_matchers.hpp"

namespace {

using namespace pto;

template <typename F>
std::string captured(F&& f) {
    std::fflush(stdout);
    ::testing::internal::CaptureStdout();
    f();
    std::fflush(stdout);
    return ::testing::internal::GetCapturedStdout();
}

TEST(TPrint, VecTileMarksTheValidRegion) {
    using T = Tile<TileType::Vec, float, 3, 8, BLayout::RowMajor, -1, -1>;
    T t(2, 3);
    TASSIGN(t, 0x0);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 8; ++c)
            t.SetValue(static_cast<std::size_t>(r * 8 + c),
                       static_cast<float>(r) + 0.125f * static_cast<float>(c));
    const std::string out = captured([&] { TPRINT(t); });
    const std::string want =
        "=== [TPRINT Tile] Data Type: float32, Layout: ND, TileType: Vec ===\n"
        "  Shape: [3, 8], Valid Shape: [2, 3]\n"
        "  0.0000   0.1250   0.2500|   0.3750   0.5000   0.6250   0.7500   0.8750\n"
        "  1.0000   1.1250   1.2500|   1.3750   1.5000   1.6250   1.7500   1.8750\n"
        "-------- -------- --------| -------- -------- -------- -------- --------\n"
        "  2.0000   2.1250   2.2500|   2.3750   2.5000   2.6250   2.7500   2.8750\n";
    EXPECT_EQ(out, want);
    // pto-isa's implementation name prints the same.
    EXPECT_EQ(captured([&] { TPRINT_IMPL(t); }), want);
}

TEST(TPrint, IntegersAndTheWideFormat) {
    Tile<TileType::Vec, int8_t, 1, 32> s;
    Tile<TileType::Vec, uint16_t, 1, 16> u;
    TASSIGN(s, 0x0);
    TASSIGN(u, 0x100);
    for (int c = 0; c < 32; ++c)
        s.SetValue(static_cast<std::size_t>(c), static_cast<int8_t>(-c));
    for (int c = 0; c < 16; ++c)
        u.SetValue(static_cast<std::size_t>(c), static_cast<uint16_t>(65535 - c));
    const std::string a = captured([&] { TPRINT<PrintFormat::Width10_Precision6>(s); });
    EXPECT_NE(a.find("Data Type: int8, Layout: ND"), std::string::npos) << a;
    EXPECT_NE(a.find("  Shape: [1, 32], Valid Shape: [1, 32]\n         0         -1         -2"),
              std::string::npos)
        << a;
    EXPECT_EQ(a.find('|'), std::string::npos);  // the whole tile is valid: no marks
    const std::string b = captured([&] { TPRINT<PrintFormat::Width8_Precision2>(u); });
    EXPECT_NE(b.find("\n   65535    65534    65533"), std::string::npos) << b;
}

TEST(TPrint, HalfPrintsItsFloatValue) {
    Tile<TileType::Vec, half, 1, 16, BLayout::RowMajor, 1, 1> h;
    TASSIGN(h, 0x0);
    h.SetValue(0, half(-3.4567f));
    const std::string out = captured([&] { TPRINT<PrintFormat::Width8_Precision2>(h); });
    EXPECT_NE(out.find("Data Type: float16"), std::string::npos) << out;
    EXPECT_NE(out.find("\n   -3.46|"), std::string::npos) << out;
}

TEST(TPrint, GlobalTensorBatches) {
    std::vector<int32_t> data(12);
    for (int i = 0; i < 12; ++i)
        data[static_cast<std::size_t>(i)] = i * 10;
    GlobalTensor<int32_t, Shape<1, 1, 2, 2, 3>, Stride<12, 12, 6, 3, 1>> g(data.data());
    const std::string out = captured([&] { TPRINT(g); });
    const std::string want =
        "=== [TPRINT GlobalTensor] Data Type: int32, Layout: ND ===\n"
        "  Shape: [1, 1, 2, 2, 3]\n"
        "  Batch [0, 0, 0]:\n"
        "       0       10       20\n"
        "      30       40       50\n"
        "  Batch [0, 0, 1]:\n"
        "      60       70       80\n"
        "      90      100      110\n";
    EXPECT_EQ(out, want);
}

TEST(TPrint, AccTileGoesThroughTmp) {
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    TASSIGN(acc, 0x0);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c)
            acc.SetElement(r, c, static_cast<float>(r * 100 + c));
    std::vector<float> tmp(256, -1.0f);
    GlobalTensor<float, Shape<1, 1, 1, 16, 16>, Stride<256, 256, 256, 16, 1>> g(tmp.data());
    const std::string out = captured([&] { TPRINT(acc, g); });
    EXPECT_NE(out.find("Layout: Nz, TileType: Acc"), std::string::npos) << out;
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c)
            ASSERT_EQ(tmp[static_cast<std::size_t>(r * 16 + c)], static_cast<float>(r * 100 + c))
                << r << "," << c;
}

TEST(TPrint, GlobalTensorOutsideItsAllocationIsAnError) {
    void* mem = nullptr;
    ASSERT_EQ(aclrtMalloc(&mem, 16 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    GlobalTensor<float, Shape<1, 1, 1, 4, 8>, Stride<32, 32, 32, 8, 1>> g(static_cast<float*>(mem));
    EXPECT_CHECK_FAILS(TPRINT(g), "TPRINT: global tensor reaches outside its allocation");
    aclrtFree(mem);
}

TEST(TPrefetch, PacksTheGlobalRowsIntoTheTile) {
    // A 3 x 5 window of an 8-column array: the tile holds the 15 elements back to back.
    std::vector<int16_t> data(3 * 8);
    for (int i = 0; i < 24; ++i)
        data[static_cast<std::size_t>(i)] = static_cast<int16_t>(i);
    GlobalTensor<int16_t, Shape<1, 1, 1, 3, 5>, Stride<24, 24, 24, 8, 1>> g(data.data());
    Tile<TileType::Vec, int16_t, 2, 16> t;
    TASSIGN(t, 0x0);
    TPREFETCH(t, g);
    const int16_t want[] = {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20};
    for (int i = 0; i < 15; ++i)
        EXPECT_EQ(t.GetValue(static_cast<std::size_t>(i)), want[i]) << i;
}

TEST(TPrefetch, ASliceLargerThanTheTileLeavesTheLastChunk) {
    // 4 x 6 floats into a 2 x 8 tile (64 bytes < 96): chunks of 2 rows x 8 columns, each at the tile's start;
    // the last one is rows 2..3, columns 0..5, packed.
    std::vector<float> data(24);
    for (int i = 0; i < 24; ++i)
        data[static_cast<std::size_t>(i)] = static_cast<float>(i);
    GlobalTensor<float, Shape<1, 1, 1, 4, 6>, Stride<24, 24, 24, 6, 1>> g(data.data());
    Tile<TileType::Vec, float, 2, 8> t;
    TASSIGN(t, 0x0);
    TPREFETCH(t, g);
    for (int i = 0; i < 12; ++i)
        EXPECT_EQ(t.GetValue(static_cast<std::size_t>(i)), static_cast<float>(12 + i)) << i;
}

TEST(TPrefetch, TileSourceCopiesTheValidRegion) {
    using T = Tile<TileType::Vec, int32_t, 4, 8, BLayout::RowMajor, -1, -1>;
    T src(4, 8), dst(3, 5);
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x100);
    for (int i = 0; i < 32; ++i) {
        src.SetValue(static_cast<std::size_t>(i), i);
        dst.SetValue(static_cast<std::size_t>(i), -1);
    }
    TPREFETCH(dst, src);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 8; ++c)
            EXPECT_EQ(dst.GetValue(static_cast<std::size_t>(r * 8 + c)), r < 3 && c < 5 ? r * 8 + c : -1)
                << r << "," << c;
    T small(2, 2);
    TASSIGN(small, 0x200);
    EXPECT_CHECK_FAILS(TPREFETCH(dst, small), "TPREFETCH: src's valid region must hold dst's");
}

}  // namespace
