// The CCE intrinsics (include/ptosim/cce/), one test or more per intrinsic, against values worked out by hand
// from the pages (docs/isa/micro.md states the rules), on both kernel backends.
#include <gtest/gtest.h>

#include <type_traits>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "ptosim/cce/cce.hpp"
#include "ptosim/core/ub.hpp"
#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using ptosim::micro::Preg;

class CceTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(CceTest);

template <typename T>
T* ub_at(std::size_t byte_offset) {
    return static_cast<T*>(static_cast<void*>(ptosim::ub::base() + byte_offset));
}

template <typename V>
V iota(typename V::element_type start = 0) {
    using E = typename V::element_type;
    V v;
    for (uint32_t i = 0; i < V::kLanes; ++i) {
        if constexpr (std::is_integral_v<E>)  // wraps past the type's range (256 byte lanes)
            v.reg.template set_lane<E>(i,
                                       static_cast<E>(static_cast<int64_t>(start) + static_cast<int64_t>(i)));
        else
            v.reg.template set_lane<E>(i, static_cast<E>(static_cast<float>(start) + static_cast<float>(i)));
    }
    return v;
}
template <typename V>
typename V::element_type at(const V& v, uint32_t i) {
    return v.reg.template lane<typename V::element_type>(i);
}
// The predicate bits as a set of lanes, for hand-written expectations.
Preg bits(std::initializer_list<uint32_t> lanes) {
    Preg p;
    for (uint32_t l : lanes)
        p.set(l);
    return p;
}

// ---- types ----------------------------------------------------------------------------------------------

TEST(CceTypes, RegistersAre256BytesAndCastKeepsTheBits) {
    static_assert(sizeof(vector_f32) == 256 && sizeof(vector_u8) == 256 && sizeof(vector_s64) == 256);
    static_assert(vector_f32::kLanes == 64 && vector_f16::kLanes == 128 && vector_s8::kLanes == 256 &&
                  vector_u64::kLanes == 32);
    static_assert(CCE_VL == 256 && ELE_CNT_B8 == 256 && ELE_CNT_B16 == 128 && ELE_CNT_B32 == 64);
    static_assert(!std::is_convertible_v<vector_f32, vector_u32>,
                  "a cast between register types is explicit");
    vector_f32 f;
    f.reg.set_lane<float>(3, -1.5f);
    const vector_u32 u = (vector_u32)f;  // by value, as TGather does
    EXPECT_EQ(at(u, 3), std::bit_cast<uint32_t>(-1.5f));
    EXPECT_EQ(((vector_u32&)f).reg.lane<uint32_t>(3), std::bit_cast<uint32_t>(-1.5f));  // by reference
}

// ---- predicate generation -------------------------------------------------------------------------------

TEST(CcePredicates, PsetPatterns) {
    EXPECT_TRUE(pset_b32(PAT_ALL).all_active(4));
    EXPECT_EQ(pset_b32(PAT_ALL).count(), 64u);
    EXPECT_EQ(pset_b8(PAT_ALL).count(), 256u);
    EXPECT_EQ(pset_b16(PAT_ALLF).count(), 0u);
    EXPECT_EQ(pset_b16(PAT_VL8), bits({0, 2, 4, 6, 8, 10, 12, 14}));
    EXPECT_EQ(pset_b8(PAT_H), Preg::first(128, 1));
    EXPECT_EQ(pset_b32(PAT_Q), Preg::first(16, 4));
    EXPECT_EQ(pset_b32(PAT_VL1), bits({0}));
    Preg m3;
    for (uint32_t j = 0; j < 64; j += 3)
        m3.set(j * 4);
    EXPECT_EQ(pset_b32(PAT_M3), m3);
    // pge's page: the same pattern-token helper.
    EXPECT_EQ(pge_b32(PAT_VL16), pset_b32(PAT_VL16));
    EXPECT_EQ(pge_b8(PAT_ALL), pset_b8(PAT_ALL));
    EXPECT_EQ(pge_b16(PAT_M4), pset_b16(PAT_M4));
}

TEST(CcePredicates, PltCountsTheScalarDown) {
    uint32_t n = 100;
    EXPECT_EQ(plt_b32(n, POST_UPDATE), Preg::all(4));
    EXPECT_EQ(n, 36u);
    EXPECT_EQ(plt_b32(n, POST_UPDATE), Preg::first(36, 4));
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(plt_b32(n, POST_UPDATE).count(), 0u);
    EXPECT_EQ(n, 0u);
    uint32_t h = 5;
    EXPECT_EQ(plt_b16(h, POST_UPDATE), bits({0, 2, 4, 6, 8}));
    EXPECT_EQ(h, 0u);
    uint32_t b = 300;
    EXPECT_EQ(plt_b8(b, POST_UPDATE), Preg::all(1));
    EXPECT_EQ(b, 44u);
}

TEST(CcePredicates, LogicZeroesOutsideTheMask) {
    const Preg a = Preg::first(10, 1);
    const Preg b = pset_b32(PAT_ALL);  // bits 0, 4, 8, ...
    const Preg mask = Preg::first(16, 1);
    vector_bool d;
    pand(d, a, b, mask);
    EXPECT_EQ(d, bits({0, 4, 8}));
    por(d, a, b, mask);
    EXPECT_EQ(d, bits({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12}));
    pxor(d, a, b, mask);
    EXPECT_EQ(d, bits({1, 2, 3, 5, 6, 7, 9, 12}));
    pnot(d, a, mask);  // A5 code's padding lanes: total AND NOT valid
    EXPECT_EQ(d, bits({10, 11, 12, 13, 14, 15}));
    pand(d, d, d, mask);  // dst may be a source
    EXPECT_EQ(d, bits({10, 11, 12, 13, 14, 15}));
}

TEST(CcePredicates, PselPicksBitByBit) {
    const Preg a = Preg::first(10, 1);
    const Preg b = pset_b32(PAT_ALL);
    vector_bool d;
    psel(d, a, b, Preg::first(5, 1));  // bits 0..4 from a, the rest from b
    Preg want = Preg::first(5, 1);
    for (uint32_t j = 8; j < 256; j += 4)
        want.set(j);
    EXPECT_EQ(d, want);
}

// ---- loads and stores -----------------------------------------------------------------------------------

TEST_P(CceTest, VldsVstsNormWithOffsetAndTail) {
    float* src = ub_at<float>(0);
    float* dst = ub_at<float>(4096);
    for (int i = 0; i < 256; ++i) {
        src[i] = static_cast<float>(i);
        dst[i] = -1.0f;
    }
    vector_f32 v;
    vlds(v, src, 64, NORM);  // the offset counts elements of the pointer's type
    EXPECT_EQ(at(v, 0), 64.0f);
    EXPECT_EQ(at(v, 63), 127.0f);
    uint32_t n = 10;
    vsts(v, dst, 64, NORM_B32, plt_b32(n, POST_UPDATE));
    EXPECT_EQ(dst[63], -1.0f);
    EXPECT_EQ(dst[64], 64.0f);
    EXPECT_EQ(dst[73], 73.0f);
    EXPECT_EQ(dst[74], -1.0f);                   // inactive lanes leave memory as it was
    vsts(v, dst, 128, NORM, pset_b32(PAT_ALL));  // vsts's NORM: NORM_B32 for a vector_f32
    EXPECT_EQ(dst[191], 127.0f);
}

TEST_P(CceTest, PostUpdateAdvancesThePointer) {
    int32_t* src = ub_at<int32_t>(0);
    int32_t* dst = ub_at<int32_t>(4096);
    for (int i = 0; i < 128; ++i)
        src[i] = 3 * i;
    int32_t* in = src;
    int32_t* out = dst;
    vector_s32 v;
    for (int r = 0; r < 2; ++r) {
        vlds(v, in, 64, NORM, POST_UPDATE);
        vsts(v, out, 64, NORM_B32, pset_b32(PAT_ALL), POST_UPDATE);
    }
    EXPECT_EQ(in, src + 128);
    EXPECT_EQ(out, dst + 128);
    for (int i = 0; i < 128; ++i)
        ASSERT_EQ(dst[i], 3 * i) << i;
}

TEST_P(CceTest, LoadDistributions) {
    uint8_t* bytes = ub_at<uint8_t>(0);
    float* f = ub_at<float>(1024);
    for (int i = 0; i < 512; ++i)
        bytes[i] = static_cast<uint8_t>(i * 7);
    for (int i = 0; i < 64; ++i)
        f[i] = 0.5f * static_cast<float>(i);
    vector_f32 b;
    vlds(b, f, 5, BRC_B32);  // every lane = f[5]
    EXPECT_EQ(at(b, 0), 2.5f);
    EXPECT_EQ(at(b, 63), 2.5f);
    vector_u16 w;
    vlds(w, bytes, 0, UNPK_B8);  // 16-bit lane i = byte i
    EXPECT_EQ(at(w, 0), 0u);
    EXPECT_EQ(at(w, 3), 21u);
    EXPECT_EQ(at(w, 127), static_cast<uint8_t>(127 * 7));
    vector_u8 us;
    vlds(us, bytes, 0, US_B8);  // lanes 2i and 2i + 1 = byte i
    EXPECT_EQ(at(us, 6), 21u);
    EXPECT_EQ(at(us, 7), 21u);
    vector_s32 lo, hi;
    vlds(lo, hi, (int32_t*)f, 0, DINTLV_B32);  // vldsx2: even elements, odd elements
    EXPECT_EQ(std::bit_cast<float>(at(lo, 1)), 1.0f);
    EXPECT_EQ(std::bit_cast<float>(at(hi, 1)), 1.5f);
    vector_s32 lo2, hi2;
    vldsx2(lo2, hi2, (int32_t*)f, 0, DINTLV_B32);
    EXPECT_EQ(lo2.reg, lo.reg);
    EXPECT_EQ(hi2.reg, hi.reg);
}

TEST_P(CceTest, StoreDistributions) {
    uint16_t* out16 = ub_at<uint16_t>(0);
    int32_t* out32 = ub_at<int32_t>(1024);
    std::memset(out16, 0xFF, 512);
    std::memset(out32, 0, 1024);
    vector_u32 v = iota<vector_u32>(0x10000);      // lane i = 0x10000 + i
    vsts(v, out16, 0, PK_B32, pset_b32(PAT_VL4));  // the low halves of the active lanes, packed
    EXPECT_EQ(out16[0], 0u);
    EXPECT_EQ(out16[3], 3u);
    EXPECT_EQ(out16[4], 0xFFFFu);
    vector_s32 lo = iota<vector_s32>(0), hi = iota<vector_s32>(100);
    vsts(lo, hi, out32, 0, INTLV_B32,
         pset_b32(PAT_VL2));  // 2i = lo[i], 2i + 1 = hi[i] where lane i is active
    EXPECT_EQ(out32[0], 0);
    EXPECT_EQ(out32[1], 100);
    EXPECT_EQ(out32[2], 1);
    EXPECT_EQ(out32[3], 101);
    EXPECT_EQ(out32[4], 0);
    vstsx2(lo, hi, out32, 64, INTLV_B32, pset_b32(PAT_VL1));
    EXPECT_EQ(out32[65], 100);
    vsts(hi, out32, 200, ONEPT_B32, pset_b32(PAT_ALLF));  // lane 0, whatever the predicate
    EXPECT_EQ(out32[200], 100);
    EXPECT_EQ(out32[201], 0);
}

TEST_P(CceTest, MisalignedOrOutOfUbAccessIsAFailedCheck) {
    vector_f32 v;
    EXPECT_CHECK_FAILS(vlds(v, ub_at<float>(4), 0, NORM), "not aligned");
    EXPECT_CHECK_FAILS(vsts(v, ub_at<float>(0), 1, NORM_B32, pset_b32(PAT_ALL)), "not aligned");
    EXPECT_CHECK_FAILS(vlds(v, ub_at<float>(ptosim::ub::kSize - 128), 0, NORM), "past the end");
}

// ---- binary ---------------------------------------------------------------------------------------------

TEST_P(CceTest, BinaryZeroingAndMerging) {
    const vector_f32 a = iota<vector_f32>(1), b = iota<vector_f32>(10);
    vector_f32 d;
    vbr(d, 7.0f);
    vadd(d, a, b, pset_b32(PAT_H), MODE_MERGING);
    EXPECT_EQ(at(d, 0), 11.0f);      // 1 + 10
    EXPECT_EQ(at(d, 31), 73.0f);     // 32 + 41
    EXPECT_EQ(at(d, 32), 7.0f);      // kept
    vadd(d, a, b, pset_b32(PAT_H));  // MODE_ZEROING, the default
    EXPECT_EQ(at(d, 32), 0.0f);
    vsub(d, a, b, pset_b32(PAT_ALL), MODE_ZEROING);
    EXPECT_EQ(at(d, 5), -9.0f);
    vmul(d, a, b, pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 2), 36.0f);  // 3 * 12
    vdiv(d, b, a, pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 1), 5.5f);  // 11 / 2
}

TEST_P(CceTest, BinaryIntegersWrapAndSignedZeros) {
    vector_s32 a, b, d;
    vbr(a, std::numeric_limits<int32_t>::max());
    vbr(b, 1);
    vadd(d, a, b, pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 0), std::numeric_limits<int32_t>::min());
    vector_f32 pz, nz, m;
    vbr(pz, 0.0f);
    vbr(nz, -0.0f);
    vmax(m, nz, pz, pset_b32(PAT_ALL));
    EXPECT_FALSE(std::signbit(at(m, 0)));
    vmin(m, pz, nz, pset_b32(PAT_ALL));
    EXPECT_TRUE(std::signbit(at(m, 0)));
}

TEST_P(CceTest, BinaryBitwiseAndShifts) {
    vector_u16 a, b, d;
    vbr(a, uint16_t{0xF0F0});
    vbr(b, uint16_t{0x3C3C});
    vand(d, a, b, pset_b16(PAT_ALL));
    EXPECT_EQ(at(d, 0), 0x3030u);
    vor(d, a, b, pset_b16(PAT_ALL));
    EXPECT_EQ(at(d, 0), 0xFCFCu);
    vxor(d, a, b, pset_b16(PAT_ALL));
    EXPECT_EQ(at(d, 127), 0xCCCCu);
    vector_u32 x, s, r;
    vbr(x, 0x80000001u);
    vbr(s, 4u);
    vshl(r, x, s, pset_b32(PAT_ALL));
    EXPECT_EQ(at(r, 0), 0x10u);
    vshr(r, x, s, pset_b32(PAT_ALL));
    EXPECT_EQ(at(r, 0), 0x08000000u);
}

// ---- vector-scalar --------------------------------------------------------------------------------------

TEST_P(CceTest, VectorScalar) {
    const vector_f16 h = iota<vector_f16>(0);
    vector_f16 hd;
    vadds(hd, h, 1, pset_b16(PAT_ALL));  // a literal converts to the element type
    EXPECT_EQ(static_cast<float>(at(hd, 4)), 5.0f);
    const vector_f32 f = iota<vector_f32>(0);
    vector_f32 fd;
    vmuls(fd, f, 0.5f, pset_b32(PAT_ALL), MODE_ZEROING);
    EXPECT_EQ(at(fd, 3), 1.5f);
    vsubs(fd, f, 2.0f, pset_b32(PAT_VL4));
    EXPECT_EQ(at(fd, 3), 1.0f);
    EXPECT_EQ(at(fd, 4), 0.0f);
    const vector_s8 c = iota<vector_s8>(-10);
    vector_s8 cd;
    vmaxs(cd, c, int8_t{0}, pset_b8(PAT_ALL));
    EXPECT_EQ(at(cd, 0), 0);
    EXPECT_EQ(at(cd, 15), 5);
    vmins(cd, c, -5, pset_b8(PAT_ALL));
    EXPECT_EQ(at(cd, 0), -10);
    EXPECT_EQ(at(cd, 15), -5);
    vector_u32 u, ud;
    vbr(u, 0xF0u);
    vshls(ud, u, 4u, pset_b32(PAT_ALL));
    EXPECT_EQ(at(ud, 0), 0xF00u);
    vshrs(ud, u, 4u, pset_b32(PAT_ALL));
    EXPECT_EQ(at(ud, 0), 0xFu);
    vands(ud, u, 0x30u, pset_b32(PAT_ALL));
    EXPECT_EQ(at(ud, 0), 0x30u);
    vors(ud, u, 0x1u, pset_b32(PAT_ALL));
    EXPECT_EQ(at(ud, 0), 0xF1u);
    vxors(ud, u, 0xFFu, pset_b32(PAT_ALL));
    EXPECT_EQ(at(ud, 0), 0x0Fu);
    vector_f32 neg;
    vbr(neg, -4.0f);
    vlrelu(fd, neg, 0.25f, pset_b32(PAT_ALL));
    EXPECT_EQ(at(fd, 0), -1.0f);
}

// ---- unary ----------------------------------------------------------------------------------------------

TEST_P(CceTest, Unary) {
    const vector_bool all = pset_b32(PAT_ALL);
    vector_f32 x, d;
    vbr(x, 4.0f);
    vsqrt(d, x, all, MODE_ZEROING);
    EXPECT_EQ(at(d, 0), 2.0f);
    vrsqrt(d, x, all);
    EXPECT_EQ(at(d, 0), 0.5f);
    vrec(d, x, all);
    EXPECT_EQ(at(d, 0), 0.25f);
    vneg(d, x, all);
    EXPECT_EQ(at(d, 0), -4.0f);
    vabs(d, d, all);
    EXPECT_EQ(at(d, 0), 4.0f);
    vbr(x, 0.0f);
    vexp(d, x, all);
    EXPECT_EQ(at(d, 0), 1.0f);
    vbr(x, 1.0f);
    vexp(d, x, all);
    EXPECT_EQ(std::bit_cast<uint32_t>(at(d, 0)), 0x402DF854u);  // e, correctly rounded
    vln(d, x, all);
    EXPECT_EQ(at(d, 0), 0.0f);
    vbr(x, -3.0f);
    vrelu(d, x, all);
    EXPECT_EQ(at(d, 0), 0.0f);
    vector_s32 i = iota<vector_s32>(-2), id;
    vrelu(id, i, all);
    EXPECT_EQ(at(id, 0), 0);
    EXPECT_EQ(at(id, 5), 3);
    vector_u8 b, bd;
    vbr(b, uint8_t{0x0F});
    vnot(bd, b, pset_b8(PAT_ALL));
    EXPECT_EQ(at(bd, 0), 0xF0u);
    vbr(bd, uint8_t{9});
    vmov(bd, b, pset_b8(PAT_VL1), MODE_MERGING);
    EXPECT_EQ(at(bd, 0), 0x0Fu);
    EXPECT_EQ(at(bd, 1), 9u);
    vmov(bd, b);
    EXPECT_EQ(at(bd, 255), 0x0Fu);
}

// ---- compare and select ---------------------------------------------------------------------------------

TEST_P(CceTest, CompareWritesOneBitPerElement) {
    const vector_s32 a = iota<vector_s32>(0);
    vector_s32 b;
    vbr(b, 3);
    vector_bool p;
    vcmp_lt(p, a, b, pset_b32(PAT_ALL));
    EXPECT_EQ(p, bits({0, 4, 8}));
    vcmp_eq(p, a, b, pset_b32(PAT_ALL));
    EXPECT_EQ(p, bits({12}));
    vcmp_ge(p, a, b, pset_b32(PAT_VL4));  // the seed: lanes outside it give 0
    EXPECT_EQ(p, bits({12}));
    vcmp_ne(p, a, b, pset_b32(PAT_VL4));
    EXPECT_EQ(p, bits({0, 4, 8}));
    vcmp_le(p, a, b, pset_b32(PAT_VL8));
    EXPECT_EQ(p, bits({0, 4, 8, 12}));
    vcmp_gt(p, a, b, pset_b32(PAT_VL8));
    EXPECT_EQ(p, bits({16, 20, 24, 28}));
    vcmp(p, a, b, pset_b32(PAT_VL8), ptosim::CmpMode::GT);
    EXPECT_EQ(p, bits({16, 20, 24, 28}));
    const vector_f16 h = iota<vector_f16>(0);
    vcmps_lt(p, h, 2, pset_b16(PAT_ALL));
    EXPECT_EQ(p, bits({0, 2}));
    vcmps_ge(p, h, 126, pset_b16(PAT_ALL));
    EXPECT_EQ(p, bits({252, 254}));
    vcmps_eq(p, h, 5, pset_b16(PAT_ALL));
    EXPECT_EQ(p, bits({10}));
    vcmps(p, h, half(5), pset_b16(PAT_ALL), ptosim::CmpMode::NE);
    EXPECT_EQ(p.count(), 127u);
    vector_f32 nan;
    vbr(nan, std::numeric_limits<float>::quiet_NaN());
    vcmps_ne(p, nan, 0.0f, pset_b32(PAT_ALL));  // unordered: NE holds
    EXPECT_EQ(p.count(), 64u);
    vcmps_le(p, nan, 0.0f, pset_b32(PAT_ALL));
    EXPECT_EQ(p.count(), 0u);
    vcmps_gt(p, nan, 0.0f, pset_b32(PAT_ALL));
    EXPECT_EQ(p.count(), 0u);
}

TEST_P(CceTest, SelectTakesSrc0WhereTheMaskIsSet) {
    const vector_u16 a = iota<vector_u16>(0), b = iota<vector_u16>(1000);
    vector_u16 d;
    vsel(d, a, b, pset_b16(PAT_VL2));
    EXPECT_EQ(at(d, 0), 0u);
    EXPECT_EQ(at(d, 1), 1u);
    EXPECT_EQ(at(d, 2), 1002u);
}

// ---- broadcast and index sequences ----------------------------------------------------------------------

TEST_P(CceTest, BroadcastAndIndexSequences) {
    vector_s16 d;
    vbr(d, int16_t{-7});
    EXPECT_EQ(at(d, 127), -7);
    vdup(d, 5, pset_b16(PAT_VL2), MODE_MERGING);
    EXPECT_EQ(at(d, 1), 5);
    EXPECT_EQ(at(d, 2), -7);
    vdup(d, 5, pset_b16(PAT_VL2));
    EXPECT_EQ(at(d, 2), 0);
    const vector_s16 src = iota<vector_s16>(42);
    vdup(d, src, pset_b16(PAT_ALL), POS_LOWEST, MODE_ZEROING);
    EXPECT_EQ(at(d, 100), 42);
    vector_s32 i;
    vci(i, 10, INC_ORDER);
    EXPECT_EQ(at(i, 63), 73);
    vci(i, 10, DEC_ORDER);
    EXPECT_EQ(at(i, 63), -53);
    vector_f32 f;
    vci(f, 0.5f);
    EXPECT_EQ(at(f, 3), 3.5f);
}

// ---- reductions -----------------------------------------------------------------------------------------

TEST_P(CceTest, Reductions) {
    const vector_s32 a = iota<vector_s32>(0);
    vector_s32 d;
    vcadd(d, a, pset_b32(PAT_ALL), MODE_ZEROING);
    EXPECT_EQ(at(d, 0), 2016);  // 0 + ... + 63
    EXPECT_EQ(at(d, 1), 0);
    vcadd(d, a, pset_b32(PAT_VL4));
    EXPECT_EQ(at(d, 0), 6);
    vcmax(d, a, pset_b32(PAT_VL16));
    EXPECT_EQ(at(d, 0), 15);
    EXPECT_EQ(at(d, 1), 15);  // its lane
    vcmin(d, iota<vector_s32>(5), pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 0), 5);
    EXPECT_EQ(at(d, 1), 0);
    vcgadd(d, a, pset_b32(PAT_ALL));  // per VLane of 8 lanes, at the VLane's first lane
    EXPECT_EQ(at(d, 0), 28);
    EXPECT_EQ(at(d, 1), 0);
    EXPECT_EQ(at(d, 8), 92);  // 8 + ... + 15
    vcgmax(d, a, pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 8), 15);
    vcgmin(d, a, pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 8), 8);
    vcpadd(d, a, pset_b32(PAT_ALL));
    EXPECT_EQ(at(d, 3), 6);
    EXPECT_EQ(at(d, 63), 2016);
}

}  // namespace
