// TLOAD / TSTORE: round trips over static and dynamic shapes, strided and 5-D global tensors, row- and
// column-major tiles, boxed tiles and pad values, through both kernel backends.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include <acl/acl.h>
#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"

#include "ptosim/kernels/backend.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class TLoadTest : public ptosim::testing::BackendTest {};

PTOSIM_INSTANTIATE_BACKEND_TEST(TLoadTest);

template <typename T>
std::vector<T> iota_vec(std::size_t n, T start = T(1)) {
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = static_cast<T>(start + static_cast<T>(i));
    return v;
}

TEST_P(TLoadTest, RowMajorRoundTrip) {
    constexpr int R = 8, C = 64;
    auto in = iota_vec<uint16_t>(R * C);
    std::vector<uint16_t> out(R * C, 0);
    using G = GlobalTensor<uint16_t, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    Tile<TileType::Vec, uint16_t, R, C> tile;
    TASSIGN(tile, 0);
    G gin(in.data()), gout(out.data());
    TLOAD(tile, gin);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(tile.GetElement(r, c), in[r * C + c]);
    TSTORE(gout, tile);
    EXPECT_EQ(in, out);
}

TEST_P(TLoadTest, DynamicValidRegionTouchesNothingElse) {
    constexpr int R = 8, C = 32;
    using TileT = Tile<TileType::Vec, float, R, C, BLayout::RowMajor, -1, -1>;
    TileT tile(5, 19);
    TASSIGN(tile, 0x4000);
    for (int i = 0; i < R * C; ++i)
        tile.data()[i] = -1.0f;
    auto in = iota_vec<float>(5 * 19);
    using G = GlobalTensor<float, Shape<1, 1, 1, -1, -1>, Stride<1, 1, 1, -1, 1>>;
    G g(in.data(), Shape<1, 1, 1, -1, -1>(5, 19), Stride<1, 1, 1, -1, 1>(19));
    TLOAD(tile, g);
    for (int r = 0; r < R; ++r) {
        for (int c = 0; c < C; ++c) {
            const float expect = (r < 5 && c < 19) ? in[r * 19 + c] : -1.0f;
            ASSERT_EQ(tile.GetElement(r, c), expect) << r << "," << c;
        }
    }
    std::vector<float> out(5 * 19 + 7, 9.0f);
    G gout(out.data(), Shape<1, 1, 1, -1, -1>(5, 19), Stride<1, 1, 1, -1, 1>(19));
    TSTORE(gout, tile);
    for (int i = 0; i < 5 * 19; ++i)
        ASSERT_EQ(out[i], in[i]);
    for (int i = 5 * 19; i < 5 * 19 + 7; ++i)
        ASSERT_EQ(out[i], 9.0f);  // past the region: untouched
}

TEST_P(TLoadTest, StridedGlobalTensor) {
    // A 6 x 10 window of a 16 x 40 row-major matrix, every other column (stride 2 in dim 4).
    constexpr int GR = 16, GC = 40;
    auto mat = iota_vec<int32_t>(GR * GC);
    using TileT = Tile<TileType::Vec, int32_t, 8, 16, BLayout::RowMajor, 6, 10>;
    TileT tile;
    using G = GlobalTensor<int32_t, Shape<1, 1, 1, 6, 10>, Stride<1, 1, 1, GC, 2>>;
    G g(mat.data() + 3 * GC + 5);
    TLOAD(tile, g);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 10; ++c)
            ASSERT_EQ(tile.GetElement(r, c), mat[(3 + r) * GC + 5 + 2 * c]);
    std::vector<int32_t> back(GR * GC, 0);
    G gb(back.data() + 3 * GC + 5);
    TSTORE(gb, tile);
    for (int r = 0; r < GR; ++r) {
        for (int c = 0; c < GC; ++c) {
            const bool inside = r >= 3 && r < 9 && c >= 5 && c < 25 && (c - 5) % 2 == 0;
            ASSERT_EQ(back[r * GC + c], inside ? mat[r * GC + c] : 0) << r << "," << c;
        }
    }
}

TEST_P(TLoadTest, FiveDimensionalNDShapeFlattensIntoRows) {
    // Shape [2, 3, 1, 4, 8] with gaps between the outer blocks: tile rows = 2*3*1*4 = 24.
    std::vector<uint8_t> buf(2 * 500 + 3 * 100 + 8 * 40, 0);
    for (std::size_t i = 0; i < buf.size(); ++i)
        buf[i] = static_cast<uint8_t>(i * 7 + 1);
    using G = GlobalTensor<uint8_t, Shape<2, 3, 1, 4, 8>, Stride<500, 100, 100, 40, 1>>;
    G g(buf.data());
    Tile<TileType::Vec, uint8_t, 24, 32, BLayout::RowMajor, 24, 8> tile;
    TLOAD(tile, g);
    for (int i0 = 0; i0 < 2; ++i0)
        for (int i1 = 0; i1 < 3; ++i1)
            for (int i3 = 0; i3 < 4; ++i3)
                for (int c = 0; c < 8; ++c)
                    ASSERT_EQ(tile.GetElement(i0 * 12 + i1 * 4 + i3, c),
                              buf[i0 * 500 + i1 * 100 + i3 * 40 + c]);
}

TEST_P(TLoadTest, ColumnMajorTileFromDNTensor) {
    constexpr int R = 16, C = 6;
    auto colmajor = iota_vec<half>(R * C, half(0.5f));  // element (r, c) at c * R + r
    using G = GlobalTensor<half, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, 1, R>, Layout::DN>;
    G g(colmajor.data());
    Tile<TileType::Vec, half, R, C, BLayout::ColMajor> tile;
    TLOAD(tile, g);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(tile.GetElement(r, c).bits(), colmajor[c * R + r].bits());
    EXPECT_EQ(tile.data()[3 * R + 2].bits(), colmajor[3 * R + 2].bits());  // column-major storage
    std::vector<half> out(R * C);
    G gout(out.data());
    TSTORE(gout, tile);
    for (int i = 0; i < R * C; ++i)
        ASSERT_EQ(out[i].bits(), colmajor[i].bits());
}

TEST_P(TLoadTest, ColumnMajorTileFromRowMajorTensor) {
    constexpr int R = 32, C = 3;
    auto rm = iota_vec<uint8_t>(R * C);
    using G = GlobalTensor<uint8_t, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    G g(rm.data());
    Tile<TileType::Vec, uint8_t, R, C, BLayout::ColMajor> tile;
    TLOAD(tile, g);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(tile.GetElement(r, c), rm[r * C + c]);
}

TEST_P(TLoadTest, BoxedTileRoundTrip) {
    constexpr int R = 32, C = 32;
    auto in = iota_vec<uint16_t>(R * C);
    using G = GlobalTensor<uint16_t, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    G g(in.data());
    using Nz = Tile<TileType::Mat, uint16_t, R, C, BLayout::ColMajor, R, C, SLayout::RowMajor>;
    Nz tile;
    TLOAD(tile, g);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(tile.data()[GetTileElementOffset<Nz>(r, c)], in[r * C + c]);
    std::vector<uint16_t> out(R * C);
    G gout(out.data());
    TSTORE(gout, tile);
    EXPECT_EQ(out, in);
}

// Boxed Mat tiles whose valid region ends inside a box, from a tensor whose rows are longer than the region:
// every element lands at the tile's own offset of its position, the rest of the tile keeps its bytes, and the
// store writes back exactly the region. Float (8-element pieces) and int8 (32-element pieces) in Nz boxes.
template <typename T>
void boxed_partial_round_trip() {
    constexpr int R = 48, C = 128 / sizeof(T), VR = 37, VC = C - 5, Stride = C + 9;
    using Nz = Tile<TileType::Mat, T, R, C, BLayout::ColMajor, -1, -1, SLayout::RowMajor>;
    Nz tile(VR, VC);
    TASSIGN(tile, 0x0);
    for (int i = 0; i < R * C; ++i)
        tile.data()[i] = T(-7);
    std::vector<T> in(VR * Stride);
    for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = static_cast<T>((i * 37 + 11) % 101);
    using G = GlobalTensor<T, Shape<1, 1, 1, -1, -1>, pto::Stride<1, 1, 1, -1, 1>>;
    G g(in.data(), Shape<1, 1, 1, -1, -1>(VR, VC), pto::Stride<1, 1, 1, -1, 1>(Stride));
    TLOAD(tile, g);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            const T expect = (r < VR && c < VC) ? in[r * Stride + c] : T(-7);
            ASSERT_EQ(tile.data()[GetTileElementOffset<Nz>(r, c)], expect) << r << "," << c;
        }
    std::vector<T> out(VR * Stride, T(3));
    G gout(out.data(), Shape<1, 1, 1, -1, -1>(VR, VC), pto::Stride<1, 1, 1, -1, 1>(Stride));
    TSTORE(gout, tile);
    for (int r = 0; r < VR; ++r)
        for (int c = 0; c < Stride; ++c)
            ASSERT_EQ(out[r * Stride + c], c < VC ? in[r * Stride + c] : T(3)) << r << "," << c;
}

TEST_P(TLoadTest, BoxedTilesWithPartialBoxesFromAStridedTensor) {
    boxed_partial_round_trip<float>();
    boxed_partial_round_trip<int8_t>();
}

TEST_P(TLoadTest, PadValuesFillOutsideTheValidRegion) {
    float src[4] = {1, 2, 3, 4};
    using G = GlobalTensor<float, Shape<1, 1, 1, 2, 2>, Stride<1, 1, 1, 2, 1>>;
    G g(src);
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, 2, 2, SLayout::NoneBox, 512, PadValue::Max> tmax;
    TLOAD(tmax, g);
    EXPECT_EQ(tmax.GetElement(1, 1), 4.0f);
    EXPECT_TRUE(std::isinf(tmax.GetElement(0, 2)) && tmax.GetElement(0, 2) > 0);
    EXPECT_TRUE(std::isinf(tmax.GetElement(3, 0)));
    int16_t isrc[4] = {1, 2, 3, 4};
    using GI = GlobalTensor<int16_t, Shape<1, 1, 1, 2, 2>, Stride<1, 1, 1, 2, 1>>;
    GI gi(isrc);
    Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, 2, 2, SLayout::NoneBox, 512, PadValue::Min> tmin;
    TLOAD(tmin, gi);
    EXPECT_EQ(tmin.GetElement(0, 1), 2);
    EXPECT_EQ(tmin.GetElement(2, 5), INT16_MIN);
    Tile<TileType::Vec, int16_t, 4, 16, BLayout::RowMajor, 2, 2, SLayout::NoneBox, 512, PadValue::Zero> tzero;
    TASSIGN(tzero, 0);
    for (int i = 0; i < 64; ++i)
        tzero.data()[i] = 77;
    TLOAD(tzero, gi);
    EXPECT_EQ(tzero.GetElement(3, 15), 0);
}

TEST_P(TLoadTest, GlobalSmallerThanTheValidRegionIsAnError) {
    float src[64] = {};
    using G = GlobalTensor<float, Shape<1, 1, 1, 4, 16>, Stride<1, 1, 1, 16, 1>>;
    G g(src);
    Tile<TileType::Vec, float, 8, 16> tile;
    EXPECT_CHECK_FAILS(TLOAD(tile, g),
                       "TLOAD: global shape must hold the tile's valid shape (ND: dims 0..3 = rows, dim 4 = "
                       "columns) (global.rows=4, global.cols=16, tile.validRow=8, tile.validCol=16)");
    EXPECT_CHECK_FAILS(TSTORE(g, tile), "TSTORE: global shape must hold the tile's valid shape");
    using Narrow = GlobalTensor<float, Shape<1, 1, 1, 8, 8>, Stride<1, 1, 1, 8, 1>>;
    Narrow narrow(src);
    EXPECT_CHECK_FAILS(TLOAD(tile, narrow), "TLOAD: global shape must hold the tile's valid shape");
}

// A global view larger than the valid region: the region moves to / from its top-left corner
// (dst[i, j] = src[i, j]), and nothing else of the global tensor is touched.
TEST_P(TLoadTest, GlobalLargerThanTheValidRegionMovesTheCorner) {
    constexpr int GR = 6, GC = 24;
    std::vector<int32_t> gm(GR * GC);
    for (int i = 0; i < GR * GC; ++i)
        gm[i] = i;
    using G = GlobalTensor<int32_t, Shape<1, 1, 1, GR, GC>, Stride<1, 1, 1, GC, 1>>;
    G g(gm.data());
    Tile<TileType::Vec, int32_t, 4, 16, BLayout::RowMajor, -1, -1> tile(3, 5);
    TLOAD(tile, g);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 5; ++c)
            ASSERT_EQ(tile.GetElement(r, c), r * GC + c) << r << "," << c;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 5; ++c)
            tile.SetElement(r, c, -1 - (r * 5 + c));
    TSTORE(g, tile);
    for (int r = 0; r < GR; ++r)
        for (int c = 0; c < GC; ++c) {
            const int32_t want = (r < 3 && c < 5) ? -1 - (r * 5 + c) : r * GC + c;
            ASSERT_EQ(gm[r * GC + c], want) << r << "," << c;
        }
    // DN: dim 3 holds the rows.
    using D = GlobalTensor<int32_t, Shape<1, 1, 1, GR, GC>, Stride<1, 1, 1, 1, GR>, Layout::DN>;
    D dn(gm.data());
    Tile<TileType::Vec, int32_t, 8, 8, BLayout::ColMajor, -1, -1> col(4, 2);
    TLOAD(col, dn);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 2; ++c)
            ASSERT_EQ(col.GetElement(r, c), gm[c * GR + r]) << r << "," << c;
}

// Device memory from aclrtMalloc: a global tensor that starts inside the allocation must end inside it.
TEST_P(TLoadTest, GlobalTensorsStayInsideTheirAllocation) {
    constexpr int R = 4, C = 16;
    void* mem = nullptr;
    ASSERT_EQ(aclrtMalloc(&mem, R * C * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    auto* gm = static_cast<float*>(mem);
    for (int i = 0; i < R * C; ++i)
        gm[i] = static_cast<float>(i);
    Tile<TileType::Vec, float, R, C> tile;
    using G = GlobalTensor<float, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    G exact(gm), shifted(gm + 1);
    TLOAD(tile, exact);  // exactly the allocation
    TSTORE(exact, tile);
    EXPECT_EQ(tile.GetElement(R - 1, C - 1), static_cast<float>(R * C - 1));
    // One element further: the last row's last element is one past the end.
    EXPECT_CHECK_FAILS(
        TLOAD(tile, shifted),
        "TLOAD: the region moved reaches outside the global tensor's allocation (operand=global "
        "tensor, region=4x16, global_shape=4x16, first_byte=4, end_byte=260, allocation_bytes=256)");
    for (int c = 0; c < C; ++c)
        tile.SetElement(0, c, -1.0f);
    EXPECT_CHECK_FAILS(TSTORE(shifted, tile),
                       "TSTORE: the region moved reaches outside the global tensor's allocation");
    for (int i = 0; i < R * C; ++i)  // a failed TSTORE wrote nothing
        ASSERT_EQ(gm[i], static_cast<float>(i)) << i;
    // A row stride that skips past the end, with every row still short.
    using Strided = GlobalTensor<float, Shape<1, 1, 1, R, 8>, Stride<1, 1, 1, 20, 1>>;
    using Fits = GlobalTensor<float, Shape<1, 1, 1, R, 8>, Stride<1, 1, 1, C, 1>>;
    Strided strided(gm);
    Fits fits(gm + 8);
    Tile<TileType::Vec, float, R, 8> narrow;
    EXPECT_CHECK_FAILS(TLOAD(narrow, strided),
                       "TLOAD: the region moved reaches outside the global tensor's allocation");
    TLOAD(narrow, fits);
    EXPECT_EQ(narrow.GetElement(R - 1, 7), static_cast<float>(R * C - 1));
    // 5-D: dimension 0 walks whole copies of the rows.
    using Five = GlobalTensor<float, Shape<2, 1, 1, 2, C>, Stride<2 * C, 1, 1, C, 1>>;
    Five five(gm), five_late(gm + C);
    Tile<TileType::Vec, float, 4, C> four;
    TLOAD(four, five);
    EXPECT_CHECK_FAILS(TLOAD(four, five_late),
                       "TLOAD: the region moved reaches outside the global tensor's allocation");
    ASSERT_EQ(aclrtFree(mem), ACL_SUCCESS);
}

// Layout::NZ: the matrix is stored as C0-wide column blocks of 16-row fractals, each fractal row-major. The
// element (r, c) of a rows x cols half matrix (C0 = 16) sits at
//   (c / 16) * rows * 16 + (r / 16) * 256 + (r % 16) * 16 + c % 16.
TEST_P(TLoadTest, NzGlobalTensorsLoadAndStoreByMatrixPosition) {
    constexpr int R = 32, C = 48, C0 = 16;
    std::vector<half> gm(R * C), back(R * C);
    const auto nz = [](int r, int c) { return (c / C0) * R * C0 + (r / 16) * 256 + (r % 16) * C0 + c % C0; };
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            gm[nz(r, c)] = half(static_cast<float>(r * 64 + c));  // exact in half (< 2048)
    using G = GlobalTensor<half, TileShape2D<half, R, C, Layout::NZ>, BaseShape2D<half, R, C, Layout::NZ>,
                           Layout::NZ>;
    G src(gm.data()), dst(back.data());
    Tile<TileType::Vec, half, R, C> plain;  // row-major tile: the loader reorders
    TLOAD(plain, src);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c)
            ASSERT_EQ(static_cast<float>(plain.GetElement(r, c)), static_cast<float>(r * 64 + c))
                << r << "," << c;
    Tile<TileType::Mat, half, R, C, BLayout::ColMajor, R, C, SLayout::RowMajor> frac;  // Nz tile
    TLOAD(frac, src);
    EXPECT_EQ(static_cast<float>(frac.GetElement(17, 33)), 17.0f * 64 + 33);
    TSTORE(dst, frac);
    for (int i = 0; i < R * C; ++i)
        ASSERT_EQ(back[i].bits(), gm[i].bits()) << i;
}

// The 8-bit float types move as bytes; the 4-bit ones two to a byte (element i in the low nibble of byte i /
// 2 when i is even), on the tile and in global memory, with the pad value in every nibble outside the valid
// region.
TEST_P(TLoadTest, NarrowFloatTilesMoveElementsAndPadNibbles) {
    std::vector<float8_e4m3_t> g8(4 * 32);
    for (int i = 0; i < 4 * 32; ++i)
        g8[i] = float8_e4m3_t::FromRaw(static_cast<uint8_t>(i));
    GlobalTensor<float8_e4m3_t, Shape<1, 1, 1, 4, 32>, Stride<1, 1, 1, 32, 1>> src8(g8.data());
    Tile<TileType::Vec, float8_e4m3_t, 8, 32, BLayout::RowMajor, 4, 32, SLayout::NoneBox, 512, PadValue::Max>
        t8;
    TLOAD(t8, src8);
    EXPECT_EQ(t8.GetElement(3, 31).RawData(), 127u);
    EXPECT_EQ(static_cast<float>(t8.GetElement(5, 0)),
              448.0f);  // E4M3 has no infinity: Max pads its largest value

    constexpr int R = 2, C = 64;  // 64 nibbles = 32 bytes per row
    std::vector<uint8_t> gbytes(R * C / 2);
    for (std::size_t i = 0; i < gbytes.size(); ++i)
        gbytes[i] = static_cast<uint8_t>(i * 7);
    auto* g4 = reinterpret_cast<float4_e2m1x2_t*>(gbytes.data());
    GlobalTensor<float4_e2m1x2_t, Shape<1, 1, 1, R, 40>, Stride<1, 1, 1, C, 1>> src4(g4);
    Tile<TileType::Vec, float4_e2m1x2_t, 4, C, BLayout::RowMajor, R, 40, SLayout::NoneBox, 512, PadValue::Min>
        t4;
    static_assert(decltype(t4)::GetSizeInBytes() == 4 * C / 2);
    TLOAD(t4, src4);
    const auto nibble = [&](int r, int c) {
        return (gbytes[(r * C + c) / 2] >> (((r * C + c) % 2) * 4)) & 0xF;
    };
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < 40; ++c)
            ASSERT_EQ(t4.GetElement(r, c).RawData(), nibble(r, c)) << r << "," << c;
    EXPECT_EQ(t4.GetElement(0, 40).RawData(), 0xFu);  // -6, the lowest E2M1 value
    EXPECT_EQ(t4.GetElement(3, 63).RawData(), 0xFu);
    std::vector<uint8_t> out(R * C / 2, 0);
    GlobalTensor<float4_e2m1x2_t, Shape<1, 1, 1, R, 40>, Stride<1, 1, 1, C, 1>> dst4(
        reinterpret_cast<float4_e2m1x2_t*>(out.data()));
    TSTORE(dst4, t4);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
            const int got = (out[(r * C + c) / 2] >> (((r * C + c) % 2) * 4)) & 0xF;
            ASSERT_EQ(got, c < 40 ? nibble(r, c) : 0) << r << "," << c;  // nothing past the valid columns
        }
}

TEST_P(TLoadTest, NullGlobalPointerIsAnError) {
    using G = GlobalTensor<float, Shape<1, 1, 1, 8, 16>, Stride<1, 1, 1, 16, 1>>;
    G g(nullptr);
    Tile<TileType::Vec, float, 8, 16> tile;
    EXPECT_CHECK_FAILS(TLOAD(tile, g), "TLOAD: global tensor has no address");
}

TEST_P(TLoadTest, EventsAreAcceptedAndRecorded) {
    float src[128] = {};
    using G = GlobalTensor<float, Shape<1, 1, 1, 8, 16>, Stride<1, 1, 1, 16, 1>>;
    G g(src);
    Tile<TileType::Vec, float, 8, 16> tile;
    Event<Op::TLOAD, Op::TSTORE_VEC> e;
    e = TLOAD(tile, g);
    EXPECT_TRUE(e.IsRecorded());
    TSTORE(g, tile, e);
    EXPECT_FALSE(e.IsRecorded());
    Event<Op::TLOAD, Op::TADD> e2 = TLOAD(tile, g);
    TSYNC(e2);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    pipe_barrier(PIPE_ALL);
}

}  // namespace
