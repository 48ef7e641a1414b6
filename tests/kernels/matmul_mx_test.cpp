// TMATMUL_MX through ops::tmatmul_mx (reference kernel only: MX has no fast kernel). Operands are built from
// codes whose values are known (E4M3 0x38 = 1, 0x40 = 2; E2M1 0x2 = 1, 0x4 = 2; E8M0 127 + e = 2^e), so the
// expected sums are written by hand; one case makes every step round in float, which a double accumulation
// would not.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>

#include "kernel_test.hpp"
#include "ptosim/ops/matmul.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace ptosim;
using ptosim::testing::at;
using ptosim::testing::UbTiles;

struct Mx {
    TileView a, sa, b, sb, c;
};

// M x K fp8 (or fp4) Left Nz, K x N Right Zn, scales row-major, c Acc Nz 16 x 16 boxes.
Mx place(UbTiles& tiles, DType in, int32_t m, int32_t k, int32_t n) {
    const bool fp4 = in == DType::E2M1X2;
    const int32_t per32 = fp4 ? 64 : 32;
    const int32_t mr = (m + 15) / 16 * 16, kr = (k + per32 - 1) / per32 * per32, nr = (n + 15) / 16 * 16;
    const int32_t blocks = (k + 31) / 32;
    Mx x;
    x.a = tiles.place(in, Layout::boxed(Layout::Kind::Nz, mr, kr, 16, per32), m, k);
    x.b = tiles.place(in, Layout::boxed(Layout::Kind::Zn, kr, nr, per32, 16), k, n);
    x.sa = tiles.place(DType::E8M0, Layout::row_major(mr, 32), m, blocks);
    x.sb = tiles.place(DType::E8M0, Layout::row_major(32, nr), blocks, n);
    x.c = tiles.place(DType::F32, Layout::boxed(Layout::Kind::Nz, mr, nr, 16, 16), m, n);
    return x;
}

void set_code(const TileView& t, int32_t r, int32_t c, uint8_t code) {
    const std::size_t i = t.layout.offset(r, c);
    if (dtype_is_twin(t.dtype)) {
        auto& byte = reinterpret_cast<uint8_t*>(t.data)[i / 2];
        byte = static_cast<uint8_t>((byte & ~(0xF << (i % 2 * 4))) | ((code & 0xF) << (i % 2 * 4)));
    } else {
        reinterpret_cast<uint8_t*>(t.data)[i] = code;
    }
}

void fill(const TileView& t, int32_t rows, int32_t cols, uint8_t code) {
    for (int32_t r = 0; r < rows; ++r)
        for (int32_t c = 0; c < cols; ++c)
            set_code(t, r, c, code);
}

TEST(MatmulMxKernel, BlocksOf32TakeTheirOwnScales) {
    for (const DType in : {DType::E4M3, DType::E2M1X2}) {
        std::mt19937_64 rng(1);
        UbTiles tiles(rng);
        const int32_t m = 5, k = 70, n = 3;  // three blocks along K: 32, 32, 6
        Mx x = place(tiles, in, m, k, n);
        const uint8_t one = in == DType::E4M3 ? 0x38 : 0x2, two = in == DType::E4M3 ? 0x40 : 0x4;
        fill(x.a, m, k, one);
        fill(x.b, k, n, two);
        for (int32_t i = 0; i < m; ++i)
            for (int32_t blk = 0; blk < 3; ++blk)
                set_code(x.sa, i, blk, static_cast<uint8_t>(127 + blk));  // 1, 2, 4
        for (int32_t blk = 0; blk < 3; ++blk)
            for (int32_t j = 0; j < n; ++j)
                set_code(x.sb, blk, j, static_cast<uint8_t>(127 - j));  // 1, 1/2, 1/4 by column
        ops::tmatmul_mx(x.c, x.a, x.sa, x.b, x.sb, nullptr, nullptr);
        for (int32_t i = 0; i < m; ++i)
            for (int32_t j = 0; j < n; ++j)  // 2 * (32 * 1 + 32 * 2 + 6 * 4) / 2^j
                EXPECT_EQ(at<float>(x.c, i, j), 2.0f * (32 + 64 + 24) / static_cast<float>(1 << j))
                    << dtype_name(in) << " " << i << "," << j;
    }
}

TEST(MatmulMxKernel, EveryStepRoundsToFloatThenAccAndBiasAddOnce) {
    std::mt19937_64 rng(2);
    UbTiles tiles(rng);
    const int32_t m = 1, k = 64, n = 1;
    Mx x = place(tiles, DType::E4M3, m, k, n);
    fill(x.a, m, k, 0x38);  // 1
    fill(x.b, k, n, 0x38);
    set_code(x.sa, 0, 0, 127 + 24);  // block 0: 2^24 each, block 1: 1 each
    set_code(x.sa, 0, 1, 127);
    set_code(x.sb, 0, 0, 127);
    set_code(x.sb, 1, 0, 127);
    ops::tmatmul_mx(x.c, x.a, x.sa, x.b, x.sb, nullptr, nullptr);
    // 32 * 2^24 = 2^29 exactly; then 32 steps of + 1, each rounded back to 2^29 in float.
    EXPECT_EQ(at<float>(x.c, 0, 0), 536870912.0f);
    const TileView acc = tiles.place(DType::F32, Layout::boxed(Layout::Kind::Nz, 16, 16, 16, 16), 1, 1);
    at<float>(acc, 0, 0) = 64.0f;
    ops::tmatmul_mx(x.c, x.a, x.sa, x.b, x.sb, &acc, nullptr);
    EXPECT_EQ(at<float>(x.c, 0, 0), 536870912.0f + 64.0f);
}

TEST(MatmulMxKernel, RunTimeRules) {
    std::mt19937_64 rng(3);
    UbTiles tiles(rng);
    Mx x = place(tiles, DType::E4M3, 16, 64, 16);
    TileView b16 = x.b;
    b16.dtype = DType::F16;
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul_mx(x.c, x.a, x.sa, b16, x.sb, nullptr, nullptr),
                           "TMATMUL_MX: a and b are both 8-bit floats");
    TileView short_scale = x.sa;
    short_scale.layout = Layout::row_major(8, 32);
    short_scale.valid_rows = 8;
    EXPECT_FAILS_UNTOUCHED(ops::tmatmul_mx(x.c, x.a, short_scale, x.b, x.sb, nullptr, nullptr),
                           "TMATMUL_MX: aScale holds M rows of ceil(K / 32) scales");
}

}  // namespace
