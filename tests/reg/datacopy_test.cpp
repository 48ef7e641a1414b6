// LoadAlign / StoreAlign: register <-> UB moves, their distributions, post-update forms and the address
// checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"
#include "reg/reg_test_util.hpp"
#include "support/check_matchers.hpp"

namespace {

using regtest::ub_at;
namespace Reg = AscendC::Reg;

template <typename T>
class RegDataCopyTyped : public ::testing::Test {};
using ElementTypes = ::testing::Types<uint8_t, int8_t, uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t,
                                      float, uint64_t, int64_t>;
TYPED_TEST_SUITE(RegDataCopyTyped, ElementTypes);

template <typename T>
T value_of(uint32_t i) {
    return static_cast<T>(static_cast<int>(i % 97) - 40);
}

TYPED_TEST(RegDataCopyTyped, LoadThenStoreRoundTrips) {
    using T = TypeParam;
    constexpr uint32_t n = Reg::RegTensor<T>::kLanes;
    T* src = ub_at<T>(0);
    T* dst = ub_at<T>(1024);
    for (uint32_t i = 0; i < n; ++i) {
        src[i] = value_of<T>(i);
        dst[i] = T{};
    }
    Reg::RegTensor<T> r;
    Reg::LoadAlign(r, src);
    Reg::MaskReg all = Reg::CreateMask<T>();
    Reg::StoreAlign(dst, r, all);
    for (uint32_t i = 0; i < n; ++i)
        ASSERT_EQ(static_cast<double>(dst[i]), static_cast<double>(value_of<T>(i))) << i;
}

// A masked store writes the selected elements only; the rest of the destination keeps its bytes.
TYPED_TEST(RegDataCopyTyped, MaskedStoreLeavesUnselectedElements) {
    using T = TypeParam;
    constexpr uint32_t n = Reg::RegTensor<T>::kLanes;
    T* dst = ub_at<T>(2048);
    for (uint32_t i = 0; i < n; ++i)
        dst[i] = static_cast<T>(7);
    Reg::RegTensor<T> r;
    Reg::Duplicate(r, 1);
    Reg::MaskReg m3 = Reg::CreateMask<T, Reg::MaskPattern::M3>();
    Reg::StoreAlign(dst, r, m3);
    for (uint32_t i = 0; i < n; ++i)
        ASSERT_EQ(static_cast<double>(dst[i]), i % 3 == 0 ? 1.0 : 7.0) << i;
}

TEST(RegDataCopy, BroadcastLoads) {
    uint16_t* p = ub_at<uint16_t>(0);
    p[3] = 0xBEEF;
    Reg::RegTensor<uint16_t> r;
    Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_BRC_B16>(r, p + 3);  // element alignment suffices
    for (uint32_t j = 0; j < 128; ++j)
        ASSERT_EQ(r[j], 0xBEEF);
    uint8_t* b = ub_at<uint8_t>(100);
    *b = 9;
    Reg::RegTensor<uint8_t> rb;
    Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_BRC_B8>(rb, b);
    EXPECT_EQ(rb[255], 9);
    float* f = ub_at<float>(200);
    *f = 2.5f;
    Reg::RegTensor<float> rf;
    Reg::LoadAlign<float, Reg::LoadDist::DIST_BRC_B32>(rf, f);
    EXPECT_EQ(rf[63], 2.5f);
}

// DINTLV splits even and odd elements into two registers; INTLV puts them back.
TEST(RegDataCopy, DeinterleaveAndInterleave) {
    uint8_t* src = ub_at<uint8_t>(0);
    uint8_t* dst = ub_at<uint8_t>(512);
    for (uint32_t i = 0; i < 512; ++i)
        src[i] = static_cast<uint8_t>(i * 7 + 1);
    Reg::RegTensor<uint8_t> even, odd;
    Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_DINTLV_B8>(even, odd, src);
    for (uint32_t j = 0; j < 256; ++j) {
        ASSERT_EQ(even[j], src[2 * j]);
        ASSERT_EQ(odd[j], src[2 * j + 1]);
    }
    Reg::MaskReg none = Reg::CreateMask<uint8_t, Reg::MaskPattern::ALLF>();  // ignored by INTLV
    Reg::StoreAlign<uint8_t, Reg::StoreDist::DIST_INTLV_B8>(dst, even, odd, none);
    for (uint32_t i = 0; i < 512; ++i)
        ASSERT_EQ(dst[i], src[i]) << i;

    uint32_t* s32 = ub_at<uint32_t>(1024);
    uint32_t* d32 = ub_at<uint32_t>(2048);
    std::iota(s32, s32 + 128, 1000u);
    Reg::RegTensor<uint32_t> e32, o32;
    Reg::LoadAlign<uint32_t, Reg::LoadDist::DIST_DINTLV_B32>(e32, o32, s32);
    EXPECT_EQ(e32[5], 1010u);
    EXPECT_EQ(o32[5], 1011u);
    Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_INTLV_B32>(d32, e32, o32, none);
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(d32[i], 1000u + i);

    uint16_t* s16 = ub_at<uint16_t>(4096);
    std::iota(s16, s16 + 256, uint16_t{0});
    Reg::RegTensor<uint16_t> e16, o16;
    Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_DINTLV_B16>(e16, o16, s16);
    EXPECT_EQ(e16[127], 254);
    EXPECT_EQ(o16[127], 255);
}

TEST(RegDataCopy, FirstElementStoreIgnoresMask) {
    int32_t* dst = ub_at<int32_t>(4);  // 4-byte alignment suffices
    dst[0] = 0;
    dst[1] = 55;
    Reg::RegTensor<int32_t> r;
    Reg::Duplicate(r, -3);
    Reg::MaskReg none = Reg::CreateMask<int32_t, Reg::MaskPattern::ALLF>();
    Reg::StoreAlign<int32_t, Reg::StoreDist::DIST_FIRST_ELEMENT_B32>(dst, r, none);
    EXPECT_EQ(dst[0], -3);
    EXPECT_EQ(dst[1], 55);
}

TEST(RegDataCopy, PostUpdateFormsAdvanceTheAddress) {
    uint16_t* base = ub_at<uint16_t>(0);
    std::iota(base, base + 384, uint16_t{0});
    uint16_t* src = base;
    uint16_t* dst = ub_at<uint16_t>(4096);
    uint16_t* const dst0 = dst;
    Reg::RegTensor<uint16_t> r;
    Reg::MaskReg all = Reg::CreateMask<uint16_t>();
    for (int k = 0; k < 3; ++k) {
        Reg::LoadAlign<uint16_t, Reg::PostLiteral::POST_MODE_UPDATE>(r, src, 128);
        Reg::StoreAlign<uint16_t, Reg::PostLiteral::POST_MODE_UPDATE>(dst, r, 128, all);
    }
    EXPECT_EQ(src, base + 384);
    EXPECT_EQ(dst, dst0 + 384);
    for (uint16_t i = 0; i < 384; ++i)
        ASSERT_EQ(dst0[i], i);
}

TEST(RegDataCopy, MaskLoadAndStore) {
    uint8_t* p = ub_at<uint8_t>(0);
    for (uint32_t k = 0; k < 64; ++k)
        p[k] = static_cast<uint8_t>(k * 37);
    Reg::MaskReg m;
    uint8_t* cursor = p;
    Reg::LoadAlign<uint8_t, Reg::PostLiteral::POST_MODE_UPDATE>(m, cursor, 32);  // offset in bytes
    EXPECT_EQ(cursor, p + 32);
    for (uint32_t lane = 0; lane < 256; ++lane)
        ASSERT_EQ(m.test(lane), ((p[lane / 8] >> (lane % 8)) & 1) != 0) << lane;
    uint32_t* out = ub_at<uint32_t>(256);
    Reg::StoreAlign(out, m);
    const auto* outBytes = reinterpret_cast<const uint8_t*>(out);
    for (uint32_t k = 0; k < 32; ++k)
        ASSERT_EQ(outBytes[k], p[k]);
    uint32_t* outCursor = out;
    Reg::StoreAlign<uint32_t, Reg::PostLiteral::POST_MODE_UPDATE>(outCursor, m, 64);
    EXPECT_EQ(outCursor, out + 16);
}

// The distributions beyond NORM / BRC / DINTLV / INTLV, with the lanes written out (UB bytes hold k mod 251).
void fill_pattern(uint8_t* p, uint32_t n) {
    for (uint32_t k = 0; k < n; ++k)
        p[k] = static_cast<uint8_t>(k % 251);
}

TEST(RegDataCopy, UpsampleDownsampleAndBlockLoads) {
    uint8_t* src = ub_at<uint8_t>(4096);
    fill_pattern(src, 1024);
    Reg::RegTensor<uint8_t> r;
    Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_US_B8>(r, src);
    EXPECT_EQ(r[0], 0);
    EXPECT_EQ(r[1], 0);
    EXPECT_EQ(r[2], 1);
    EXPECT_EQ(r[255], 127);
    Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_DS_B8>(r, src);
    EXPECT_EQ(r[1], 2);
    EXPECT_EQ(r[200], 400 % 251);
    Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_BLK>(r, src + 64);  // every 32 bytes: bytes 64..95
    EXPECT_EQ(r[0], 64);
    EXPECT_EQ(r[31], 95);
    EXPECT_EQ(r[32], 64);
    EXPECT_EQ(r[255], 95);
    Reg::RegTensor<uint16_t> h;
    auto* src16 = reinterpret_cast<uint16_t*>(src);
    Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_US_B16>(h, src16);
    EXPECT_EQ(h[2], 2 | (3 << 8));  // halves 0, 0, 1, 1, ...
    EXPECT_EQ(h[3], 2 | (3 << 8));
    Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_E2B_B16>(h, src16 + 8);  // 16-byte aligned
    EXPECT_EQ(h[0], 16 | (17 << 8));                                      // VLane 0: half 8
    EXPECT_EQ(h[15], 16 | (17 << 8));
    EXPECT_EQ(h[16], 18 | (19 << 8));  // VLane 1: half 9
    Reg::RegTensor<float> f;
    float* fs = ub_at<float>(8192);
    for (uint32_t i = 0; i < 8; ++i)
        fs[i] = 1.5f * static_cast<float>(i);
    Reg::LoadAlign<float, Reg::LoadDist::DIST_E2B_B32>(f, fs);
    EXPECT_EQ(f[0], 0.0f);
    EXPECT_EQ(f[7], 0.0f);
    EXPECT_EQ(f[8], 1.5f);
    EXPECT_EQ(f[63], 10.5f);
}

TEST(RegDataCopy, UnpackLoadsZeroExtend) {
    uint8_t* src = ub_at<uint8_t>(4096);
    fill_pattern(src, 256);
    src[0] = 0xFF;  // zero-, not sign-extended
    Reg::RegTensor<int8_t> b;
    Reg::LoadAlign<int8_t, Reg::LoadDist::DIST_UNPACK_B8>(b, reinterpret_cast<int8_t*>(src));
    EXPECT_EQ(static_cast<uint8_t>(b[0]), 0xFF);  // 16-bit lane 0 = 0x00FF
    EXPECT_EQ(b[1], 0);
    EXPECT_EQ(b[2 * 127], 127);
    Reg::LoadAlign<int8_t, Reg::LoadDist::DIST_UNPACK4_B8>(b, reinterpret_cast<int8_t*>(src));
    EXPECT_EQ(static_cast<uint8_t>(b[0]), 0xFF);  // 32-bit lane 0 = 0x000000FF
    EXPECT_EQ(b[1], 0);
    EXPECT_EQ(b[3], 0);
    EXPECT_EQ(b[4 * 63], 63);
    Reg::RegTensor<uint16_t> h;
    auto* src16 = reinterpret_cast<uint16_t*>(src);
    Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_UNPACK_B16>(h, src16);
    EXPECT_EQ(h[2], 2 | (3 << 8));  // half 1 in the even lane 2
    EXPECT_EQ(h[3], 0);
    Reg::RegTensor<uint32_t> w;
    auto* src32 = reinterpret_cast<uint32_t*>(src);
    Reg::LoadAlign<uint32_t, Reg::LoadDist::DIST_UNPACK_B32>(w, src32);
    EXPECT_EQ(w[62], 0x7F7E7D7Cu);  // word 31 in the even lane 62
    EXPECT_EQ(w[63], 0u);
}

TEST(RegDataCopy, PackAndFirstElementStores) {
    Reg::RegTensor<uint32_t> w;
    for (uint32_t i = 0; i < 64; ++i)
        w[i] = 0xABCD0000u + 2 * i;
    uint32_t* dst = ub_at<uint32_t>(12288);
    std::fill(dst, dst + 64, 0xEEEEEEEEu);
    uint32_t count = 5;
    Reg::MaskReg five = Reg::UpdateMask<uint32_t>(count);
    Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_PACK_B32>(dst, w, five);  // 5 halves
    auto* h = reinterpret_cast<uint16_t*>(dst);
    EXPECT_EQ(h[0], 0);
    EXPECT_EQ(h[4], 8);
    EXPECT_EQ(h[5], 0xEEEE);
    Reg::MaskReg all = Reg::CreateMask<uint32_t>();
    Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_PACK4_B32>(dst, w, all);  // 64 bytes
    auto* b = reinterpret_cast<uint8_t*>(dst);
    EXPECT_EQ(b[63], 126);
    EXPECT_EQ(b[64], 0xEE);
    Reg::RegTensor<uint16_t> r16;
    for (uint32_t i = 0; i < 128; ++i)
        r16[i] = static_cast<uint16_t>(0x7700 + i);
    Reg::MaskReg all16 = Reg::CreateMask<uint16_t>();
    Reg::StoreAlign<uint16_t, Reg::StoreDist::DIST_PACK_B16>(reinterpret_cast<uint16_t*>(dst), r16, all16);
    EXPECT_EQ(b[127], 127);
    Reg::StoreAlign<uint32_t, Reg::StoreDist::DIST_FIRST_ELEMENT_B32>(dst + 3, w, five);
    EXPECT_EQ(dst[3], 0xABCD0000u);
}

TEST(RegDataCopy, MisalignedAccessesAreRejected) {
    Reg::RegTensor<uint8_t> r;
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    EXPECT_CHECK_FAILS(Reg::LoadAlign(r, ub_at<uint8_t>(16)), "LoadAlign: UB address is not aligned");
    EXPECT_CHECK_FAILS(Reg::StoreAlign(ub_at<uint8_t>(1), r, all), "StoreAlign: UB address is not aligned");
    Reg::MaskReg m;
    EXPECT_CHECK_FAILS(Reg::LoadAlign(m, ub_at<uint8_t>(48)), "align=32");
    Reg::RegTensor<uint16_t> r16;
    auto* odd = static_cast<uint16_t*>(static_cast<void*>(ub_at<uint8_t>(3)));
    EXPECT_CHECK_FAILS((Reg::LoadAlign<uint16_t, Reg::LoadDist::DIST_BRC_B16>(r16, odd)), "align=2");
    uint8_t* null = nullptr;
    EXPECT_CHECK_FAILS(Reg::LoadAlign(r, null), "LoadAlign: UB address is null");
}

TEST(RegDataCopy, AccessesPastTheEndOfUbAreRejected) {
    const std::size_t end = ptosim::ub::kSize;
    Reg::RegTensor<uint8_t> r;
    EXPECT_CHECK_FAILS(Reg::LoadAlign(r, ub_at<uint8_t>(end - 32)),
                       "access runs past the end of the Unified Buffer");
    EXPECT_NO_THROW(Reg::LoadAlign(r, ub_at<uint8_t>(end - 256)));
    Reg::RegTensor<uint8_t> a, b;
    EXPECT_CHECK_FAILS(
        (Reg::LoadAlign<uint8_t, Reg::LoadDist::DIST_DINTLV_B8>(a, b, ub_at<uint8_t>(end - 256))),
        "(offset=524032, bytes=512, ubSize=524288)");
    // A masked store ends after its last selected element: storing the first 32 bytes at the last 32 is fine.
    uint32_t count = 32;
    Reg::MaskReg first32 = Reg::UpdateMask<uint8_t>(count);
    Reg::Duplicate(r, 5);
    EXPECT_NO_THROW(Reg::StoreAlign(ub_at<uint8_t>(end - 32), r, first32));
    EXPECT_EQ(*ub_at<uint8_t>(end - 1), 5);
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    EXPECT_CHECK_FAILS(Reg::StoreAlign(ub_at<uint8_t>(end - 32), r, all),
                       "StoreAlign: access runs past the end");
}

}  // namespace
