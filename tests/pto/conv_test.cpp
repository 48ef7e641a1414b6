// The convolution forms through the C++ API: ConvTile, TLOAD / TSTORE of NC1HWC0, NDC1HWC0 and FRACTAL_Z
// tiles, TEXTRACT of a Right operand from a FRACTAL_Z tile, TTRANS between the conv layouts and TIMG2COL with
// its registers. Every expected value is computed here from the layouts' definitions (coordinates, not
// offsets shared with the library).
#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

#include <pto/pto-inst.hpp>

#include "ptosim/core/img2col_state.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

// A distinct value per coordinate tuple (small enough to be exact in half).
int code(int a, int b, int c, int d, int e, int f = 0) {
    return ((((a * 7 + b) * 5 + c) * 11 + d) * 3 + e) * 13 + f;
}

// ---- ConvTile

TEST(ConvTile, StaticAndDynamicShapes) {
    using T = ConvTile<TileType::Mat, half, 1024, Layout::NC1HWC0, ConvTileShape<2, -1, 3, -1, 16>>;
    static_assert(T::totalDimCount == 5 && T::dynamicDimCount == 2);
    static_assert(T::staticShape[0] == 2 && T::staticShape[1] == -1 && T::staticShape[5] == 0);
    T t(int64_t{4}, int64_t{5});
    EXPECT_EQ(t.GetShape(0), 2);
    EXPECT_EQ(t.GetShape(1), 4);
    EXPECT_EQ(t.GetShape(3), 5);
    EXPECT_EQ(t.GetShape(4), 16);
    EXPECT_EQ(t.GetShape(5), -1);  // past the last dimension
    EXPECT_CHECK_FAILS(t.SetDynamicShape(int64_t{0}, int64_t{1}), "a dynamic extent must be positive");
}

TEST(ConvTile, DataCanBePointedAtHostStorageAndTassignBindsToL1) {
    using T = ConvTile<TileType::Mat, float, 256, Layout::NC1HWC0, ConvTileShape<1, 1, 2, 4, 8>>;
    std::vector<float> host(64, 1.5f);
    T a;
    a.data() = host.data();
    EXPECT_EQ(a.data(), host.data());
    T b;
    TASSIGN(b, 0x100);
    EXPECT_EQ(reinterpret_cast<std::byte*>(b.data()), ptosim::mem::base(ptosim::mem::Buffer::L1) + 0x100);
    EXPECT_CHECK_FAILS(TASSIGN(b, 0x101), "TASSIGN");
}

// ---- TLOAD / TSTORE

TEST(ConvLoad, Nc1hwc0FromAStridedGlobalTensorAndBack) {
    constexpr int N = 2, C1 = 3, H = 2, W = 3, C0 = 16;  // half: C0 = 16
    // Rows of W * C0 elements padded to 64, planes to 3 rows: the global tensor has gaps.
    constexpr int64_t sW = C0, sH = 64, sC1 = 3 * sH, sN = C1 * sC1;
    std::vector<half> g(N * sN, static_cast<half>(-1.0f));
    for (int n = 0; n < N; ++n)
        for (int c1 = 0; c1 < C1; ++c1)
            for (int h = 0; h < H; ++h)
                for (int w = 0; w < W; ++w)
                    for (int c0 = 0; c0 < C0; ++c0)
                        g[n * sN + c1 * sC1 + h * sH + w * sW + c0] =
                            static_cast<half>(float(code(n, c1, h, w, c0) % 2000));
    GlobalTensor<half, Shape<N, C1, H, W, C0>, Stride<sN, sC1, sH, sW, 1>, Layout::NC1HWC0> gt(g.data());
    // The 4-D shape leaves C0 implicit.
    ConvTile<TileType::Mat, half, N * C1 * H * W * C0 * 2, Layout::NC1HWC0, ConvTileShape<N, C1, H, W>> t;
    TASSIGN(t, 0);
    TLOAD(t, gt);
    for (int n = 0; n < N; ++n)
        for (int c1 = 0; c1 < C1; ++c1)
            for (int h = 0; h < H; ++h)
                for (int w = 0; w < W; ++w)
                    for (int c0 = 0; c0 < C0; ++c0)
                        ASSERT_EQ(static_cast<float>(t.data()[(((n * C1 + c1) * H + h) * W + w) * C0 + c0]),
                                  float(code(n, c1, h, w, c0) % 2000));
    std::vector<half> out(N * sN, static_cast<half>(7.0f));
    GlobalTensor<half, Shape<N, C1, H, W, C0>, Stride<sN, sC1, sH, sW, 1>, Layout::NC1HWC0> go(out.data());
    TSTORE(go, t);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const bool gap =
            (i % sH) >= static_cast<std::size_t>(W * C0) || (i % sC1) >= static_cast<std::size_t>(H * sH);
        ASSERT_EQ(static_cast<float>(out[i]), gap ? 7.0f : static_cast<float>(g[i])) << i;
    }
}

TEST(ConvLoad, FractalZFourDimensionalFromBothGlobalForms) {
    constexpr int C1 = 2, H = 1, W = 3, N1 = 2, C0 = 8;  // float: C0 = 8
    constexpr int N = 16 * N1, C1HW = C1 * H * W;
    // [C1, H, W, N, C0], dense.
    std::vector<float> g(C1HW * N * C0);
    for (int c1 = 0; c1 < C1; ++c1)
        for (int w = 0; w < W; ++w)
            for (int n = 0; n < N; ++n)
                for (int c0 = 0; c0 < C0; ++c0)
                    g[((c1 * W + w) * N + n) * C0 + c0] = float(code(c1, 0, w, n, c0));
    using Tz =
        ConvTile<TileType::Mat, float, C1HW * N * C0 * 4, Layout::FRACTAL_Z, ConvTileShape<C1HW, N1, 16, C0>>;
    Tz t;
    TASSIGN(t, 0);
    GlobalTensor<float, Shape<C1, H, W, N, C0>, Stride<H * W * N * C0, W * N * C0, N * C0, C0, 1>,
                 Layout::FRACTAL_Z>
        g5(g.data());
    TLOAD(t, g5);
    const auto expect_tile = [&](const Tz& tile) {
        for (int k = 0; k < C1HW; ++k)
            for (int n = 0; n < N; ++n)
                for (int c0 = 0; c0 < C0; ++c0)
                    ASSERT_EQ(tile.data()[((k * N1 + n / 16) * 16 + n % 16) * C0 + c0],
                              float(code(k / W, 0, k % W, n, c0)));
    };
    expect_tile(t);
    // The devices' form [1, C1*H*W, N1, 16, C0] of the same memory.
    Tz u;
    TASSIGN(u, 0x4000);
    GlobalTensor<float, Shape<1, C1HW, N1, 16, C0>, Stride<C1HW * N * C0, N * C0, 16 * C0, C0, 1>,
                 Layout::FRACTAL_Z>
        g4(g.data());
    TLOAD(u, g4);
    expect_tile(u);
    // A global tensor of neither form.
    GlobalTensor<float, Shape<C1, H, W, 16, C0>, Stride<H * W * N * C0, W * N * C0, N * C0, C0, 1>,
                 Layout::FRACTAL_Z>
        bad(g.data());
    EXPECT_CHECK_FAILS(TLOAD(u, bad), "TLOAD: the global tensor must be [1, C1*H*W, N1, 16, C0] or");
}

TEST(ConvLoad, Ndc1hwc0SixDimensionalWithImplicitC0InTheGlobalTensor) {
    constexpr int N = 2, D = 2, C1 = 1, H = 2, W = 3, C0 = 32;  // int8_t: C0 = 32
    constexpr int64_t sW = C0, sH = W * C0 + 32, sC1 = H * sH, sD = C1 * sC1, sN = D * sD;
    std::vector<int8_t> g(N * sN, 99);
    for (int n = 0; n < N; ++n)
        for (int d = 0; d < D; ++d)
            for (int h = 0; h < H; ++h)
                for (int w = 0; w < W; ++w)
                    for (int c0 = 0; c0 < C0; ++c0)
                        g[n * sN + d * sD + h * sH + w * sW + c0] =
                            static_cast<int8_t>(code(n, d, h, w, c0) % 101);
    GlobalTensor<int8_t, Shape<N, D, C1, H, W>, Stride<sN, sD, sC1, sH, sW>, Layout::NDC1HWC0> gt(g.data());
    ConvTile<TileType::Mat, int8_t, N * D * C1 * H * W * C0, Layout::NDC1HWC0,
             ConvTileShape<N, D, C1, H, W, C0>>
        t;
    TASSIGN(t, 0);
    TLOAD(t, gt);
    for (int n = 0; n < N; ++n)
        for (int d = 0; d < D; ++d)
            for (int h = 0; h < H; ++h)
                for (int w = 0; w < W; ++w)
                    for (int c0 = 0; c0 < C0; ++c0)
                        ASSERT_EQ(t.data()[((((n * D + d) * C1) * H + h) * W + w) * C0 + c0],
                                  code(n, d, h, w, c0) % 101);
}

TEST(ConvLoad, ShapeMismatchAndAllocationOverrunAreErrorsThatWriteNothing) {
    using T = ConvTile<TileType::Mat, float, 4096, Layout::NC1HWC0, ConvTileShape<1, 2, 2, 2, 8>>;
    T t;
    TASSIGN(t, 0);
    std::fill(t.data(), t.data() + 64, 3.0f);
    std::vector<float> g(256, 1.0f);
    GlobalTensor<float, Shape<1, 2, 3, 2, 8>, Stride<96, 48, 16, 8, 1>, Layout::NC1HWC0> wrong(g.data());
    EXPECT_CHECK_FAILS(TLOAD(t, wrong), "TLOAD: the global tensor's extents must be the conv tile's");
    void* dev = nullptr;
    ASSERT_EQ(aclrtMalloc(&dev, 60 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    GlobalTensor<float, Shape<1, 2, 2, 2, 8>, Stride<64, 32, 16, 8, 1>, Layout::NC1HWC0> short_(
        static_cast<float*>(dev));
    EXPECT_CHECK_FAILS(TLOAD(t, short_), "TLOAD: global tensor reaches outside its allocation");
    aclrtFree(dev);
    for (int i = 0; i < 64; ++i)
        ASSERT_EQ(t.data()[i], 3.0f);
}

// ---- TEXTRACT from a FRACTAL_Z tile

// Element (k, n) of the K x N weight matrix a [C1HW, N1, 16, C0] tile holds.
template <typename T>
T weight(const T* dense, int n1_count, int c0, int k, int n) {
    const int kb = k / c0, n1 = n / 16, n0 = n % 16, ci = k % c0;
    return dense[((kb * n1_count + n1) * 16 + n0) * c0 + ci];
}

TEST(ConvExtract, RightOperandFromFractalZWindows) {
    constexpr int C1HW = 4, N1 = 3, C0 = 16;  // half
    using Src = ConvTile<TileType::Mat, half, C1HW * N1 * 16 * C0 * 2, Layout::FRACTAL_Z,
                         ConvTileShape<C1HW, N1, 16, C0>>;
    Src src;
    TASSIGN(src, 0);
    for (int i = 0; i < C1HW * N1 * 16 * C0; ++i)
        src.data()[i] = static_cast<half>(float(i % 1999));
    TileRight<half, 32, 32> dst;
    TASSIGN(dst, 0);
    TEXTRACT(dst, src, 16, 16);
    for (int k = 0; k < 32; ++k)
        for (int n = 0; n < 32; ++n)
            ASSERT_EQ(static_cast<float>(dst.GetElement(k, n)),
                      static_cast<float>(weight(src.data(), N1, C0, 16 + k, 16 + n)))
                << k << "," << n;
    EXPECT_CHECK_FAILS(TEXTRACT(dst, src, 8, 16), "indexRow must be a multiple of C0");
    EXPECT_CHECK_FAILS(TEXTRACT(dst, src, 48, 0), "the moved window must lie inside src's valid region");
}

TEST(ConvExtract, FiveDimensionalFractalZAndWholeFractalsForAPartialValidRegion) {
    constexpr int C1 = 1, H = 2, W = 2, N = 32, C0 = 8;  // float: K = 32
    using Src = ConvTile<TileType::Mat, float, C1 * H * W * N * C0 * 4, Layout::FRACTAL_Z,
                         ConvTileShape<C1, H, W, N, C0>>;
    Src src;
    TASSIGN(src, 0);
    for (int i = 0; i < C1 * H * W * N * C0; ++i)
        src.data()[i] = float(i);
    Tile<TileType::Right, float, 16, 32, BLayout::RowMajor, -1, -1, SLayout::ColMajor> dst(5, 17);
    TASSIGN(dst, 0);
    std::fill(dst.data(), dst.data() + 16 * 32, -1.0f);
    TEXTRACT(dst, src, 8, 0);
    // The valid region 5 x 17 moves as whole 8 x 16 fractals: 8 rows, 32 columns.
    for (int k = 0; k < 16; ++k)
        for (int n = 0; n < 32; ++n) {
            const float want = k < 8 ? weight(src.data(), N / 16, C0, 8 + k, n) : -1.0f;
            ASSERT_EQ(dst.data()[GetTileElementOffset<decltype(dst)>(k, n)], want) << k << "," << n;
        }
}

// ---- TTRANS between conv layouts

TEST(ConvTrans, NchwToNc1hwc0AndBackPadsChannelsWithZero) {
    constexpr int N = 2, C = 11, H = 2, W = 3, C0 = 8, C1 = 2;  // int32_t
    ConvTile<TileType::Vec, int32_t, N * C * H * W * 4, Layout::NCHW, ConvTileShape<N, C, H, W>> nchw;
    ConvTile<TileType::Vec, int32_t, N * C1 * H * W * C0 * 4, Layout::NC1HWC0, ConvTileShape<N, C1, H, W, C0>>
        blocked;
    TASSIGN(nchw, 0);
    TASSIGN(blocked, 0x4000);
    std::fill(blocked.data(), blocked.data() + N * C1 * H * W * C0, 77);
    for (int n = 0; n < N; ++n)
        for (int c = 0; c < C; ++c)
            for (int h = 0; h < H; ++h)
                for (int w = 0; w < W; ++w)
                    nchw.data()[((n * C + c) * H + h) * W + w] = code(n, c, h, w, 0);
    Tile<TileType::Vec, int32_t, 1, 32> tmp;
    TTRANS(blocked, nchw, tmp);
    for (int n = 0; n < N; ++n)
        for (int c1 = 0; c1 < C1; ++c1)
            for (int h = 0; h < H; ++h)
                for (int w = 0; w < W; ++w)
                    for (int c0 = 0; c0 < C0; ++c0) {
                        const int c = c1 * C0 + c0;
                        ASSERT_EQ(blocked.data()[(((n * C1 + c1) * H + h) * W + w) * C0 + c0],
                                  c < C ? code(n, c, h, w, 0) : 0);
                    }
    ConvTile<TileType::Vec, int32_t, N * C * H * W * 4, Layout::NCHW, ConvTileShape<N, C, H, W>> back;
    TASSIGN(back, 0x8000);
    TTRANS(back, blocked, tmp);
    for (int i = 0; i < N * C * H * W; ++i)
        ASSERT_EQ(back.data()[i], nchw.data()[i]);
    ConvTile<TileType::Vec, int32_t, 4096, Layout::NC1HWC0, ConvTileShape<N, 3, H, W, C0>> wrong;
    TASSIGN(wrong, 0xC000);
    EXPECT_CHECK_FAILS(TTRANS(wrong, nchw, tmp), "TTRANS: NCHW [N, C, H, W] -> NC1HWC0");
}

TEST(ConvTrans, GroupedNc1hwc0ToFractalZPadsKernelsWithZero) {
    constexpr int G = 2, N = 5, C1 = 2, H = 1, W = 2, C0 = 16, N0 = 4, N1 = 2;  // uint16_t
    constexpr int C1HW = C1 * H * W;
    ConvTile<TileType::Vec, uint16_t, G * N * C1HW * C0 * 2, Layout::GNC1HWC0,
             ConvTileShape<G, N, C1, H, W, C0>>
        src;
    ConvTile<TileType::Vec, uint16_t, G * C1HW * N1 * N0 * C0 * 2, Layout::FRACTAL_Z,
             ConvTileShape<G * C1HW, N1, N0, C0>>
        dst;
    TASSIGN(src, 0);
    TASSIGN(dst, 0x4000);
    std::fill(dst.data(), dst.data() + G * C1HW * N1 * N0 * C0, uint16_t{555});
    for (int g = 0; g < G; ++g)
        for (int n = 0; n < N; ++n)
            for (int k = 0; k < C1HW; ++k)
                for (int c0 = 0; c0 < C0; ++c0)
                    src.data()[((g * N + n) * C1HW + k) * C0 + c0] =
                        static_cast<uint16_t>(code(g, n, k, c0, 1));
    Tile<TileType::Vec, uint16_t, 1, 32> tmp;
    TTRANS(dst, src, tmp);
    for (int g = 0; g < G; ++g)
        for (int k = 0; k < C1HW; ++k)
            for (int n = 0; n < N1 * N0; ++n)
                for (int c0 = 0; c0 < C0; ++c0)
                    ASSERT_EQ(dst.data()[(((g * C1HW + k) * N1 + n / N0) * N0 + n % N0) * C0 + c0],
                              n < N ? static_cast<uint16_t>(code(g, n, k, c0, 1)) : 0);
}

TEST(ConvTrans, NcdhwToFractalZ3D) {
    constexpr int N = 3, C = 5, D = 2, H = 2, W = 2, C0 = 8, C1 = 1, N0 = 16, N1 = 1;  // float
    constexpr int rows = D * C1 * H * W;
    ConvTile<TileType::Vec, float, N * C * D * H * W * 4, Layout::NCDHW, ConvTileShape<N, C, D, H, W>> src;
    ConvTile<TileType::Vec, float, rows * N1 * N0 * C0 * 4, Layout::FRACTAL_Z_3D,
             ConvTileShape<rows, N1, N0, C0>>
        dst;
    TASSIGN(src, 0);
    TASSIGN(dst, 0x4000);
    for (int n = 0; n < N; ++n)
        for (int c = 0; c < C; ++c)
            for (int d = 0; d < D; ++d)
                for (int h = 0; h < H; ++h)
                    for (int w = 0; w < W; ++w)
                        src.data()[(((n * C + c) * D + d) * H + h) * W + w] = float(code(n, c, d, h, w));
    Tile<TileType::Vec, float, 1, 32> tmp;
    TTRANS(dst, src, tmp);
    for (int d = 0; d < D; ++d)
        for (int h = 0; h < H; ++h)
            for (int w = 0; w < W; ++w)
                for (int n = 0; n < N0; ++n)
                    for (int c = 0; c < C0; ++c) {
                        const int row = (d * C1 + 0) * H * W + h * W + w;
                        const float want = (n < N && c < C) ? float(code(n, c, d, h, w)) : 0.0f;
                        ASSERT_EQ(dst.data()[(row * N0 + n) * C0 + c], want);
                    }
}

TEST(ConvTrans, FourBitElementsMoveAsNibbles) {
    constexpr int N = 1, C = 3, H = 1, W = 4, C0 = 64;
    ConvTile<TileType::Vec, float4_e2m1x2_t, 64, Layout::NCHW, ConvTileShape<N, C, H, W>> src;
    ConvTile<TileType::Vec, float4_e2m1x2_t, 128, Layout::NC1HWC0, ConvTileShape<N, 1, H, W, C0>> dst;
    TASSIGN(src, 0);
    TASSIGN(dst, 0x100);
    auto* s = reinterpret_cast<uint8_t*>(src.data());
    for (int i = 0; i < 6; ++i)  // 12 nibbles: element e = (i * 2 + j) holds (e * 5) % 16
        s[i] = static_cast<uint8_t>(((2 * i * 5) % 16) | ((((2 * i + 1) * 5) % 16) << 4));
    Tile<TileType::Vec, float4_e2m1x2_t, 1, 64> tmp;
    TTRANS(dst, src, tmp);
    const auto* d = reinterpret_cast<const uint8_t*>(dst.data());
    for (int w = 0; w < W; ++w)
        for (int c = 0; c < C0; ++c) {
            const int e = w * C0 + c;
            const int got = (d[e / 2] >> ((e % 2) * 4)) & 0xF;
            ASSERT_EQ(got, c < C ? ((c * W + w) * 5) % 16 : 0) << w << "," << c;
        }
}

// ---- TIMG2COL

// The img2col matrix of an [N, C1, H, W, C0] feature map, entry (m, k), from the convolution's definition:
// output pixel m = (n, oh, ow), tap k = (c1, kh, kw, c0) reads input pixel (oh * s - pt + kh * d, ...).
template <typename T>
T img2col_entry(const std::vector<T>& fm, int N, int C1, int H, int W, int C0, int fh, int fw, int sh, int sw,
                int dh, int dw, int pl, int pr, int pt, int pb, T pad, int m, int k) {
    const int oh_n = (H + pt + pb - (dh * (fh - 1) + 1)) / sh + 1;
    const int ow_n = (W + pl + pr - (dw * (fw - 1) + 1)) / sw + 1;
    const int n = m / (oh_n * ow_n), oh = (m / ow_n) % oh_n, ow = m % ow_n;
    const int c1 = k / (fh * fw * C0), kh = (k / (fw * C0)) % fh, kw = (k / C0) % fw, c0 = k % C0;
    const int y = oh * sh - pt + kh * dh, x = ow * sw - pl + kw * dw;
    if (n >= N || c1 >= C1 || y < 0 || y >= H || x < 0 || x >= W)
        return pad;
    return fm[(((n * C1 + c1) * H + y) * W + x) * C0 + c0];
}

TEST(Img2col, ManualRegistersStrideDilationAndPadding) {
    ptosim::img2col::reset();
    constexpr int N = 2, C1 = 2, H = 5, W = 4, C0 = 8;  // float
    using Src = ConvTile<TileType::Mat, float, N * C1 * H * W * C0 * 4, Layout::NC1HWC0,
                         ConvTileShape<N, C1, H, W, C0>>;
    Src src;
    TASSIGN(src, 0);
    std::vector<float> fm(N * C1 * H * W * C0);
    for (std::size_t i = 0; i < fm.size(); ++i)
        fm[i] = src.data()[i] = float(i);
    const uint8_t pads[4] = {1, 2, 2, 0};  // left, right, top, bottom
    src.SetPadListArray(pads);
    src.SetFmapH(H);
    src.SetFmapW(W);
    src.SetFilterH(3);
    src.SetFilterW(2);
    src.SetStrideH(2);
    src.SetStrideW(1);
    src.SetDilationH(1);
    src.SetDilationW(2);
    src.SetPadValue(-3.5f);
    SETFMATRIX(src);
    SET_IMG2COL_PADDING(src);
    SET_IMG2COL_RPT(src);
    src.SetPadValue(0.0f);  // the register keeps what SET_IMG2COL_PADDING wrote
    TileLeft<float, 32, 64, 30, 40> dst;
    TASSIGN(dst, 0);
    TIMG2COL(dst, src, 3, 8);
    for (int r = 0; r < 30; ++r)
        for (int c = 0; c < 40; ++c)
            ASSERT_EQ(dst.GetElement(r, c),
                      img2col_entry(fm, N, C1, H, W, C0, 3, 2, 2, 1, 1, 2, 1, 2, 2, 0, -3.5f, 3 + r, 8 + c))
                << r << "," << c;
}

TEST(Img2col, AutoModeWritesItsRegisterSetAndManualNeedsSetfmatrix) {
    std::thread([] {                          // a fresh core: no register written yet
        constexpr int H = 4, W = 4, C0 = 32;  // int8_t
        using Src =
            ConvTile<TileType::Mat, int8_t, H * W * C0, Layout::NC1HWC0, ConvTileShape<1, 1, H, W, C0>>;
        Src src;
        TASSIGN(src, 0);
        std::vector<int8_t> fm(H * W * C0);
        for (std::size_t i = 0; i < fm.size(); ++i)
            fm[i] = src.data()[i] = static_cast<int8_t>(i % 97);
        src.SetFmapH(H);
        src.SetFmapW(W);
        src.SetFilterH(2);
        src.SetFilterW(2);
        src.SetStrideH(2);
        src.SetStrideW(2);
        TileLeft<int8_t, 16, 128, 4, 128> dst;
        TASSIGN(dst, 0);
        EXPECT_CHECK_FAILS((TIMG2COL<decltype(dst), Src, SetFmatrixMode::FMATRIX_B_MANUAL>(dst, src)),
                           "TIMG2COL: the feature-map register is not set");
        TIMG2COL<decltype(dst), Src, SetFmatrixMode::FMATRIX_B_AUTO>(dst, src, 0, 0);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 128; ++c)
                ASSERT_EQ(dst.GetElement(r, c),
                          img2col_entry<int8_t>(fm, 1, 1, H, W, C0, 2, 2, 2, 2, 1, 1, 0, 0, 0, 0, 0, r, c));
        // AUTO wrote set B; set A is still empty.
        EXPECT_CHECK_FAILS(TIMG2COL(dst, src), "the feature-map register is not set");
        // Manual B now finds the registers AUTO left, and a register that disagrees with the tile is an
        // error.
        TIMG2COL<decltype(dst), Src, SetFmatrixMode::FMATRIX_B_MANUAL>(dst, src);
        src.SetFmapW(3);
        SETFMATRIX<Src, SetFmatrixMode::FMATRIX_B_MANUAL>(src);
        EXPECT_CHECK_FAILS((TIMG2COL<decltype(dst), Src, SetFmatrixMode::FMATRIX_B_MANUAL>(dst, src)),
                           "the feature-map register (SETFMATRIX) must hold the source's H and W");
    })
        .join();
}

TEST(Img2col, Ndc1hwc0DepthSlicesAreConsecutiveRowBlocks) {
    ptosim::img2col::reset();
    constexpr int N = 1, D = 2, C1 = 1, H = 3, W = 3, C0 = 16;  // half
    using Src = ConvTile<TileType::Mat, half, N * D * C1 * H * W * C0 * 2, Layout::NDC1HWC0,
                         ConvTileShape<N, D, C1, H, W, C0>>;
    Src src;
    TASSIGN(src, 0);
    for (int i = 0; i < N * D * C1 * H * W * C0; ++i)
        src.data()[i] = static_cast<half>(float(i % 1000));
    src.SetFmapH(H);
    src.SetFmapW(W);
    src.SetFilterH(2);
    src.SetFilterW(2);
    SETFMATRIX(src);
    SET_IMG2COL_PADDING(src);
    TileLeft<half, 16, 64> dst;  // 2 depth slices x 4 output pixels = 8 rows
    TASSIGN(dst, 0);
    TIMG2COL(dst, src);
    for (int d = 0; d < D; ++d) {
        // Depth slice d is the 2-D img2col of the [1, C1, H, W, C0] map at depth d.
        std::vector<half> slice(C1 * H * W * C0);
        for (int i = 0; i < C1 * H * W * C0; ++i)
            slice[i] = src.data()[d * C1 * H * W * C0 + i];
        for (int p = 0; p < 4; ++p)
            for (int k = 0; k < 64; ++k)
                ASSERT_EQ(static_cast<float>(dst.GetElement(d * 4 + p, k)),
                          static_cast<float>(img2col_entry(slice, 1, C1, H, W, C0, 2, 2, 1, 1, 1, 1, 0, 0, 0,
                                                           0, static_cast<half>(0.0f), p, k)));
    }
}

}  // namespace
