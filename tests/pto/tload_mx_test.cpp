// TLOAD from the MX scale layouts (Layout::MX_A_ZZ, MX_A_ND, MX_A_DN, MX_B_NN, MX_B_ND, MX_B_DN): the shapes
// and strides TileShape2D / BaseShape2D give them, every element found where its layout's formula puts it,
// windows of a larger scale matrix, the run-time checks; TFILLPAD on 4-bit Mat tiles; GetScaleAddr with
// TASSIGN.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <vector>

#include <acl/acl.h>
#include <pto/pto-inst.hpp>

#include "ptosim/core/global_view.hpp"
#include "ptosim/ops/memory.hpp"
#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;
using E8 = float8_e8m0_t;

class TLoadMxTest : public ptosim::testing::BackendTest {};

PTOSIM_INSTANTIATE_BACKEND_TEST(TLoadMxTest);

template <typename S>
std::vector<int64_t> extents(const S& s) {
    return {s[0], s[1], s[2], s[3], s[4]};
}

// pto-isa's table of the MX shapes and strides for a rows x cols scale matrix, written out for R x C = 32
// x 6.
TEST(TileShape2DMx, ShapesAndStridesOfEveryLayout) {
    constexpr int R = 32, C = 6;
    using Ex = std::vector<int64_t>;
    EXPECT_EQ(extents(TileShape2D<E8, R, C, Layout::MX_A_ZZ>()), (Ex{1, 2, 3, 16, 2}));
    EXPECT_EQ(extents(BaseShape2D<E8, R, C, Layout::MX_A_ZZ>()), (Ex{192, 96, 32, 2, 1}));
    EXPECT_EQ(extents(TileShape2D<E8, R, C, Layout::MX_A_ND>()), (Ex{1, 1, 32, 3, 2}));
    EXPECT_EQ(extents(BaseShape2D<E8, R, C, Layout::MX_A_ND>()), (Ex{192, 192, 6, 2, 1}));
    EXPECT_EQ(extents(TileShape2D<E8, R, C, Layout::MX_A_DN>()), (Ex{1, 1, 3, 32, 2}));
    EXPECT_EQ(extents(BaseShape2D<E8, R, C, Layout::MX_A_DN>()), (Ex{192, 192, 64, 2, 1}));
    // B layouts: K runs down the rows (here 6 rows of scales, 32 columns)
    EXPECT_EQ(extents(TileShape2D<E8, C, R, Layout::MX_B_NN>()), (Ex{1, 2, 3, 16, 2}));
    EXPECT_EQ(extents(BaseShape2D<E8, C, R, Layout::MX_B_NN>()), (Ex{192, 96, 32, 2, 1}));
    EXPECT_EQ(extents(TileShape2D<E8, C, R, Layout::MX_B_ND>()), (Ex{1, 1, 3, 32, 2}));
    EXPECT_EQ(extents(BaseShape2D<E8, C, R, Layout::MX_B_ND>()), (Ex{192, 192, 64, 2, 1}));
    EXPECT_EQ(extents(TileShape2D<E8, C, R, Layout::MX_B_DN>()), (Ex{1, 1, 32, 3, 2}));
    EXPECT_EQ(extents(BaseShape2D<E8, C, R, Layout::MX_B_DN>()), (Ex{192, 192, 6, 2, 1}));
    // Static extents are in the type, as GlobalTensor::GetShape<dim>() reads them.
    static_assert(TileShape2D<E8, R, C, Layout::MX_A_ZZ>::staticShape[1] == 2);
    static_assert(BaseShape2D<E8, C, R, Layout::MX_B_NN>::staticStride[1] == 96);
}

TEST(TileShape2DMx, DynamicExtentsComeFromTheConstructor) {
    using S = TileShape2D<E8, DYNAMIC, DYNAMIC, Layout::MX_A_ZZ>;
    using St = BaseShape2D<E8, DYNAMIC, DYNAMIC, Layout::MX_A_ZZ>;
    static_assert(S::staticShape[1] == DYNAMIC && S::staticShape[2] == DYNAMIC && S::staticShape[3] == 16);
    static_assert(St::staticStride[0] == DYNAMIC && St::staticStride[1] == DYNAMIC &&
                  St::staticStride[2] == 32);
    EXPECT_EQ(extents(S(48, 4)), (std::vector<int64_t>{1, 3, 2, 16, 2}));
    EXPECT_EQ(extents(St(48, 4)), (std::vector<int64_t>{192, 64, 32, 2, 1}));
    using B = BaseShape2D<E8, DYNAMIC, 16, Layout::MX_B_DN>;  // stride 2 is rows: dynamic
    static_assert(B::staticStride[2] == DYNAMIC && B::staticStride[3] == 2);
    EXPECT_EQ(extents(B(8, 16)), (std::vector<int64_t>{128, 128, 8, 2, 1}));
}

// Where pto-isa's MX layouts put the scale (r, c) of an R x C matrix, written from the layouts' pictures
// rather than from the index maps: the A layouts pair neighbouring columns, the B layouts neighbouring rows;
// ZZ / NN group 16 pairs into a 32-byte box.
int64_t mx_position(Layout l, int64_t R, int64_t C, int64_t r, int64_t c) {
    switch (l) {
        case Layout::MX_A_ZZ:  // 16-row bands; in a band, 2-column boxes of 16 x 2, each row-major
            return (r / 16) * (16 * C) + (c / 2) * 32 + (r % 16) * 2 + c % 2;
        case Layout::MX_A_ND:  // plain row-major
            return r * C + c;
        case Layout::MX_A_DN:  // column pairs, one after the other, each R x 2 row-major
            return (c / 2) * (2 * R) + r * 2 + c % 2;
        case Layout::MX_B_NN:  // 16-column bands; in a band, 2-row boxes of 2 x 16, each column-major
            return (c / 16) * (16 * R) + (r / 2) * 32 + (c % 16) * 2 + r % 2;
        case Layout::MX_B_ND:  // row pairs, one after the other, each 2 x C column-major
            return (r / 2) * (2 * C) + c * 2 + r % 2;
        default:  // MX_B_DN: plain column-major
            return c * R + r;
    }
}

// Fill an R x C scale matrix in layout L with value(r, c) = distinct raw bytes, load it into the scale tile
// and compare every element.
template <Layout L, typename TileT, int R, int C>
void expect_loads_by_position() {
    std::vector<E8> gm(R * C);
    const auto value = [](int r, int c) { return static_cast<uint8_t>((r * C + c) % 251); };
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            gm[mx_position(L, R, C, r, c)] = E8::FromRaw(value(r, c));
    GlobalTensor<E8, TileShape2D<E8, R, C, L>, BaseShape2D<E8, R, C, L>, L> g(gm.data());
    TileT t;
    TASSIGN(t, 0x1000);
    TLOAD(t, g);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(t.GetElement(r, c).RawData(), value(r, c)) << "r=" << r << " c=" << c;
}

template <int R, int C>
using ZzScales = Tile<TileType::Mat, E8, R, C, BLayout::RowMajor, R, C, SLayout::RowMajor, 32>;
template <int R, int C>
using NnScales = Tile<TileType::Mat, E8, R, C, BLayout::ColMajor, R, C, SLayout::ColMajor, 32>;

TEST_P(TLoadMxTest, EveryLayoutPutsEachScaleWhereItsFormulaSays) {
    expect_loads_by_position<Layout::MX_A_ZZ, ZzScales<48, 6>, 48, 6>();
    expect_loads_by_position<Layout::MX_A_ND, ZzScales<48, 6>, 48, 6>();
    expect_loads_by_position<Layout::MX_A_DN, ZzScales<48, 6>, 48, 6>();
    expect_loads_by_position<Layout::MX_B_NN, NnScales<6, 48>, 6, 48>();
    expect_loads_by_position<Layout::MX_B_ND, NnScales<6, 48>, 6, 48>();
    expect_loads_by_position<Layout::MX_B_DN, NnScales<6, 48>, 6, 48>();
}

// The split-K idiom: the strides of the whole M x KMX matrix, the shape of one 2-column block, the pointer
// moved to the block (block i starts i * 32 scales in for MX_A_ZZ, 16 * i * 2 for MX_B_NN).
TEST_P(TLoadMxTest, SplitKWindowsOfALargerScaleMatrix) {
    constexpr int M = 32, KMX = 8, N = 32;
    std::vector<E8> a(M * KMX), b(KMX * N);
    for (int r = 0; r < M; ++r)
        for (int c = 0; c < KMX; ++c)
            a[mx_position(Layout::MX_A_ZZ, M, KMX, r, c)] = E8::FromRaw(static_cast<uint8_t>(r * KMX + c));
    for (int r = 0; r < KMX; ++r)
        for (int c = 0; c < N; ++c)
            b[mx_position(Layout::MX_B_NN, KMX, N, r, c)] = E8::FromRaw(static_cast<uint8_t>(r * N + c));
    using GA = GlobalTensor<E8, TileShape2D<E8, M, 2, Layout::MX_A_ZZ>,
                            BaseShape2D<E8, M, KMX, Layout::MX_A_ZZ>, Layout::MX_A_ZZ>;
    using GB = GlobalTensor<E8, TileShape2D<E8, 2, N, Layout::MX_B_NN>,
                            BaseShape2D<E8, KMX, N, Layout::MX_B_NN>, Layout::MX_B_NN>;
    ZzScales<M, 2> ta;
    NnScales<2, N> tb;
    TASSIGN(ta, 0x0);
    TASSIGN(tb, 0x400);
    for (int i = 0; i < KMX / 2; ++i) {
        GA ga(a.data() + i * 32);
        GB gb(b.data() + i * 32);
        TLOAD(ta, ga);
        TLOAD(tb, gb);
        for (int r = 0; r < M; ++r)
            for (int c = 0; c < 2; ++c)
                ASSERT_EQ(ta.GetElement(r, c).RawData(), r * KMX + 2 * i + c) << i << ":" << r << "," << c;
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < N; ++c)
                ASSERT_EQ(tb.GetElement(r, c).RawData(), (2 * i + r) * N + c) << i << ":" << r << "," << c;
    }
}

// Only the valid region is written (validRow 27 of a 32-row MX_A_ZZ matrix, as the suites load validM rows).
TEST_P(TLoadMxTest, OnlyTheValidRegionIsWritten) {
    constexpr int M = 32, K = 4;
    std::vector<E8> gm(M * K);
    for (int i = 0; i < M * K; ++i)
        gm[i] = E8::FromRaw(static_cast<uint8_t>(i + 1));
    GlobalTensor<E8, TileShape2D<E8, M, K, Layout::MX_A_ZZ>, BaseShape2D<E8, M, K, Layout::MX_A_ZZ>,
                 Layout::MX_A_ZZ>
        g(gm.data());
    Tile<TileType::Mat, E8, M, K, BLayout::RowMajor, 27, 3, SLayout::RowMajor, 32> t;
    TASSIGN(t, 0x2000);
    for (int r = 0; r < M; ++r)
        for (int c = 0; c < K; ++c)
            t.SetElement(r, c, E8::FromRaw(0xEE));
    TLOAD(t, g);
    for (int r = 0; r < M; ++r)
        for (int c = 0; c < K; ++c) {
            const int want = r < 27 && c < 3 ? mx_position(Layout::MX_A_ZZ, M, K, r, c) + 1 : 0xEE;
            ASSERT_EQ(t.GetElement(r, c).RawData(), want) << r << "," << c;
        }
}

TEST_P(TLoadMxTest, ShapesThatContradictTheLayoutAreErrors) {
    std::vector<E8> gm(1024);
    ZzScales<32, 4> t;
    TASSIGN(t, 0x0);
    // MX_A_ZZ boxes are 16 x 2: a dynamic dim 3 of 8 would describe other elements than the map reaches.
    using S = Shape<1, DYNAMIC, DYNAMIC, DYNAMIC, 2>;
    GlobalTensor<E8, S, BaseShape2D<E8, 32, 4, Layout::MX_A_ZZ>, Layout::MX_A_ZZ> bad(gm.data(), S(4, 2, 8));
    EXPECT_CHECK_FAILS(TLOAD(t, bad), "TLOAD: MX_A_ZZ / MX_B_NN global shape must be [1, n, m, 16, 2]");
    using S3 = Shape<1, DYNAMIC, DYNAMIC, DYNAMIC, 2>;
    GlobalTensor<E8, S3, BaseShape2D<E8, 32, 4, Layout::MX_A_ND>, Layout::MX_A_ND> four_d(gm.data(),
                                                                                          S3(2, 16, 2));
    EXPECT_CHECK_FAILS(TLOAD(t, four_d),
                       "TLOAD: MX_A_ND / MX_A_DN / MX_B_ND / MX_B_DN global shape must be [1, 1, n, m, 2]");
    // 16 rows of scales cannot fill a tile's 32 valid rows.
    GlobalTensor<E8, TileShape2D<E8, 16, 4, Layout::MX_A_ZZ>, BaseShape2D<E8, 16, 4, Layout::MX_A_ZZ>,
                 Layout::MX_A_ZZ>
        small(gm.data());
    EXPECT_CHECK_FAILS(TLOAD(t, small), "TLOAD: global shape must hold the tile's valid shape (MX layouts");
    // The C++ API never stores in an MX layout; the kernel core refuses one too.
    ptosim::GlobalView v = pto::detail::global_view(small);
    EXPECT_EQ(v.layout, ptosim::GlobalLayout::MX_A_ZZ);
    EXPECT_CHECK_FAILS(ptosim::ops::tstore(v, t.view()), "TSTORE: the MX scale layouts are load-only");
}

TEST_P(TLoadMxTest, ScalesStayInsideTheirAllocation) {
    void* mem = nullptr;
    ASSERT_EQ(aclrtMalloc(&mem, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    GlobalTensor<E8, TileShape2D<E8, 16, 8, Layout::MX_A_ZZ>, BaseShape2D<E8, 16, 8, Layout::MX_A_ZZ>,
                 Layout::MX_A_ZZ>
        g(static_cast<E8*>(mem));  // 128 scales in 100 bytes
    ZzScales<16, 8> t;
    EXPECT_CHECK_FAILS(TLOAD(t, g), "TLOAD: the region moved reaches outside the global tensor's allocation");
    ASSERT_EQ(aclrtFree(mem), ACL_SUCCESS);
}

// TFILLPAD on a 4-bit Nz Mat tile (the MX operands): columns kept up to the next 32-byte block, which holds
// 64 elements of a 4-bit type, every other nibble zeroed.
TEST_P(TLoadMxTest, FillPadOnFourBitMatTiles) {
    using M = Tile<TileType::Mat, float4_e2m1x2_t, 32, 128, BLayout::ColMajor, 20, 40, SLayout::RowMajor, 512,
                   PadValue::Zero>;
    M m;
    TASSIGN(m, 0x0);
    const auto one = float4_e2m1x2_t::FromRaw(0x2);  // 1.0
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 128; ++c)
            m.SetElement(r, c, one);
    TFILLPAD(m, m);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 128; ++c)
            ASSERT_EQ(m.GetElement(r, c).RawData(), r < 20 && c < 64 ? 0x2 : 0x0) << r << "," << c;
    // A tile narrower than one 64-element block keeps all its columns.
    using Narrow = Tile<TileType::Mat, float4_e1m2x2_t, 32, 32, BLayout::ColMajor, 7, 5, SLayout::RowMajor>;
    Narrow n;
    TASSIGN(n, 0x2000);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c)
            n.SetElement(r, c, float4_e1m2x2_t::FromRaw(0x7));
    TFILLPAD(n, n);
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 32; ++c)
            ASSERT_EQ(n.GetElement(r, c).RawData(), r < 7 ? 0x7 : 0x0) << r << "," << c;
}

// pto-isa's MX idiom: the scale tiles are assigned at GetScaleAddr of their operand (its L0A / L0B byte
// offset / 16), the same place TGET_SCALE_ADDR binds them to.
TEST_P(TLoadMxTest, ScaleTilesAssignedAtGetScaleAddr) {
    TileLeft<float8_e4m3_t, 16, 64> a;
    TileRight<float8_e5m2_t, 64, 32> b;
    TASSIGN(a, 0x800);
    TASSIGN(b, 0x1000);
    EXPECT_EQ(GetScaleAddr(a.data()), 0x80u);
    EXPECT_EQ(GetScaleAddr(b.data()), 0x100u);
    TileLeftScale<E8, 16, 2> as, as2;
    TileRightScale<E8, 2, 32> bs, bs2;
    TASSIGN(as, GetScaleAddr(a.data()));
    TASSIGN(bs, GetScaleAddr(b.data()));
    TGET_SCALE_ADDR(as2, a);
    TGET_SCALE_ADDR(bs2, b);
    EXPECT_EQ(as.data(), as2.data());
    EXPECT_EQ(bs.data(), bs2.data());
    EXPECT_EQ(reinterpret_cast<std::byte*>(as.data()), ptosim::mem::base(ptosim::mem::Buffer::L0AMx) + 0x80);
    EXPECT_EQ(NPUMemoryModel::Instance().GetNPUAddr(bs.data()), 0x100u);
    // An operand at a 32-byte offset has its scales 2 bytes in: not an address a tile can take.
    TileLeft<float8_e4m3_t, 16, 64> a2;
    TASSIGN(a2, 0x20);
    EXPECT_CHECK_FAILS(TASSIGN(as, GetScaleAddr(a2.data())), "TASSIGN: address must be 32-byte aligned");
}

}  // namespace
