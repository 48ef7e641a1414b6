// The cube's data path through the C++ API: ND global -> Mat (Nz) by TLOAD, Mat -> Left / Right by TMOV and
// TEXTRACT, TMATMUL into Acc, Acc -> global by TSTORE with conversion, ReLU, AtomicAdd and quantisation, and
// windows by TEXTRACT / TINSERT. Values are small integers, so every expected result is exact by hand.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/check_matchers.hpp"

namespace {

using namespace pto;

constexpr int M = 16, K = 32, N = 16;
using MatA = Tile<TileType::Mat, half, M, K, BLayout::ColMajor, M, K, SLayout::RowMajor, 512>;
using MatB = Tile<TileType::Mat, half, K, N, BLayout::ColMajor, K, N, SLayout::RowMajor, 512>;
template <typename T, int R, int C>
using GlobalND = GlobalTensor<T, Shape<1, 1, 1, R, C>, Stride<R * C, R * C, R * C, C, 1>>;

TEST(TMov, GlobalToMatToLeftRightThroughMatmulAndOutConverted) {
    std::vector<half> ga(M * K), gb(K * N);
    for (int i = 0; i < M; ++i)
        for (int k = 0; k < K; ++k)
            ga[i * K + k] = static_cast<half>(static_cast<float>((i + k) % 5 - 2));
    for (int k = 0; k < K; ++k)
        for (int j = 0; j < N; ++j)
            gb[k * N + j] = static_cast<half>(static_cast<float>((k * j) % 3 - 1));
    GlobalND<half, M, K> gA(ga.data());
    GlobalND<half, K, N> gB(gb.data());
    MatA matA;
    MatB matB;
    TileLeft<half, M, K> a;
    TileRight<half, K, N> b;
    TileAcc<float, M, N> c;
    TASSIGN(matA, 0x0);
    TASSIGN(matB, 0x4000);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x0);
    TASSIGN(c, 0x0);
    TLOAD(matA, gA);
    TLOAD(matB, gB);
    TMOV(a, matA);
    TEXTRACT(b, matB, 0, 0);
    TMATMUL(c, a, b);
    std::vector<half> out(M * N);
    GlobalND<half, M, N> gOut(out.data());
    TSTORE(gOut, c);  // float accumulator -> half
    std::vector<half> relu(M * N);
    GlobalND<half, M, N> gRelu(relu.data());
    TSTORE<TileAcc<float, M, N>, GlobalND<half, M, N>, AtomicType::AtomicNone, ReluPreMode::NormalRelu>(gRelu,
                                                                                                        c);
    for (int i = 0; i < M; ++i) {
        for (int j = 0; j < N; ++j) {
            float want = 0;
            for (int k = 0; k < K; ++k)
                want += static_cast<float>(ga[i * K + k]) * static_cast<float>(gb[k * N + j]);
            ASSERT_EQ(static_cast<float>(out[i * N + j]), want) << i << "," << j;
            ASSERT_EQ(static_cast<float>(relu[i * N + j]), want > 0 ? want : 0.0f) << i << "," << j;
        }
    }
}

TEST(TMov, AtomicAddAccumulatesAndQuantisedStoresScale) {
    TileAcc<int32_t, 16, 16> acc;
    TASSIGN(acc, 0x0);
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j)
            acc.SetElement(i, j, i * 16 + j - 100);
    std::vector<int32_t> sum(256, 1000);
    GlobalND<int32_t, 16, 16> gSum(sum.data());
    TSTORE<TileAcc<int32_t, 16, 16>, GlobalND<int32_t, 16, 16>, AtomicType::AtomicAdd>(gSum, acc);
    TSTORE<TileAcc<int32_t, 16, 16>, GlobalND<int32_t, 16, 16>, AtomicType::AtomicAdd>(gSum, acc);
    EXPECT_EQ(sum[0], 1000 - 200);
    EXPECT_EQ(sum[255], 1000 + 2 * 155);
    // int32 -> int8 with scale 0.5 and the sign bit (REQ8): (i * 16 + j - 100) / 2, ties to even, clamped.
    std::vector<int8_t> q(256);
    GlobalND<int8_t, 16, 16> gQ(q.data());
    const uint64_t word = std::bit_cast<uint32_t>(0.5f) | (uint64_t{1} << 46);
    TSTORE<TileAcc<int32_t, 16, 16>, GlobalND<int8_t, 16, 16>>(gQ, acc, word);
    EXPECT_EQ(q[0], -50);
    EXPECT_EQ(q[3], -48);  // -97 / 2 = -48.5 -> -48
    EXPECT_EQ(q[255], 78);
    // The fp form: one word per output column of an Acc tile.
    Tile<TileType::Scaling, uint64_t, 1, 16> fp;
    TASSIGN(fp, 0x0);
    for (int j = 0; j < 16; ++j)
        fp.SetElement(0, j, (std::bit_cast<uint32_t>(j % 2 == 0 ? 1.0f : 0.25f)) | (uint64_t{1} << 46));
    TSTORE_FP<TileAcc<int32_t, 16, 16>, GlobalND<int8_t, 16, 16>, decltype(fp)>(gQ, acc, fp);
    EXPECT_EQ(q[16 * 10 + 2], 62);  // 160 + 2 - 100 = 62, column 2: scale 1
    EXPECT_EQ(q[16 * 10 + 3], 16);  // 63 / 4 = 15.75 -> 16, column 3: scale 0.25
}

TEST(TMov, ExtractAndInsertWindowsWithConversion) {
    using Src = Tile<TileType::Vec, float, 32, 32>;
    using Part = Tile<TileType::Vec, half, 8, 16>;
    Src src;
    Part part;
    Src back;
    TASSIGN(src, 0x0);
    TASSIGN(part, 0x1000);
    TASSIGN(back, 0x2000);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c) {
            src.SetElement(r, c, static_cast<float>(r * 32 + c) + 0.25f);
            back.SetElement(r, c, -1.0f);
        }
    TEXTRACT(part, src, 8, 16);
    EXPECT_EQ(static_cast<float>(part.GetElement(0, 0)), 8 * 32 + 16 + 0.25f);
    EXPECT_EQ(static_cast<float>(part.GetElement(7, 15)), 15 * 32 + 31 + 0.25f);
    TINSERT(back, part, 24, 0);
    EXPECT_EQ(back.GetElement(24, 0), 8 * 32 + 16 + 0.25f);
    EXPECT_EQ(back.GetElement(31, 15), 15 * 32 + 31 + 0.25f);
    EXPECT_EQ(back.GetElement(23, 0), -1.0f);  // outside the window: untouched
    EXPECT_EQ(back.GetElement(24, 16), -1.0f);
    EXPECT_CHECK_FAILS(TEXTRACT(part, src, 25, 0),
                       "TEXTRACT: the moved window must lie inside src's valid region");
    EXPECT_CHECK_FAILS(TINSERT(back, part, 0, 17),
                       "TINSERT: the moved window must lie inside dst's valid region");
}

TEST(TMov, ReluFormsOfTmovAndTextract) {
    Tile<TileType::Vec, float, 8, 8> src, dst;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x100);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            src.SetElement(r, c, static_cast<float>(c - 4));
    TMOV<decltype(dst), decltype(src), ReluPreMode::NormalRelu>(dst, src);
    EXPECT_EQ(dst.GetElement(1, 2), 0.0f);
    EXPECT_EQ(dst.GetElement(1, 6), 2.0f);
    TEXTRACT<decltype(dst), decltype(src), ReluPreMode::NoRelu>(dst, src, 0, 0);
    EXPECT_EQ(dst.GetElement(1, 2), -2.0f);
}

}  // namespace

namespace {

TEST(TGetScaleAddr, CubeOperandsMapIntoTheMxBufferOthersAlias) {
    using namespace pto;
    TileLeft<float8_e4m3_t, 16, 64> a;
    TASSIGN(a, 0x400);
    TileLeftScale<float8_e8m0_t, 16, 2> aScale;
    TGET_SCALE_ADDR(aScale, a);
    EXPECT_EQ(reinterpret_cast<std::byte*>(aScale.data()),
              ptosim::mem::base(ptosim::mem::Buffer::L0AMx) + 0x400 / 16);
    TileRight<float8_e4m3_t, 64, 16> b;
    TASSIGN(b, 0x800);
    TileRightScale<float8_e8m0_t, 2, 16> bScale;
    TGET_SCALE_ADDR(bScale, b);
    EXPECT_EQ(reinterpret_cast<std::byte*>(bScale.data()),
              ptosim::mem::base(ptosim::mem::Buffer::L0BMx) + 0x800 / 16);
    Tile<TileType::Vec, float, 8, 8> v, alias;
    TASSIGN(v, 0x100);
    TGET_SCALE_ADDR(alias, v);
    EXPECT_EQ(alias.data(), v.data());
}

}  // namespace
