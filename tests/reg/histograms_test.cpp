// AscendC::Reg::Histograms: the seed's example kernel as written, run over 1..N source vectors for both bins
// and both types, plus the documented corner cases (mask granularity, wraparound, the cumulative upper bin).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"
#include "reg/reg_test_util.hpp"

// ---- The example of the Histograms page (seed 002), unchanged.
// --------------------------------------------------
// clang-format off
template <typename T, typename U, AscendC::Reg::HistogramsBinType mode, AscendC::Reg::HistogramsType type>
__simd_vf__ inline void HistogramsVF(__ubuf__ U* dstAddr, __ubuf__ T* srcAddr, uint32_t oneRepeatSize, uint16_t repeatTimes)
{
    AscendC::Reg::RegTensor<T> srcReg;
    AscendC::Reg::RegTensor<U> dstReg;
    AscendC::Reg::MaskReg mask0 = AscendC::Reg::CreateMask<T>();
    AscendC::Reg::MaskReg mask1 = AscendC::Reg::CreateMask<T>();
    AscendC::Reg::Duplicate<U>(dstReg, 0);
    for (uint16_t i = 0; i < repeatTimes; ++i){
        AscendC::Reg::LoadAlign(srcReg, srcAddr + oneRepeatSize * i);
        AscendC::Reg::Histograms<T, U, mode, type>(dstReg, srcReg, mask0);
    }
    AscendC::Reg::StoreAlign(dstAddr, dstReg, mask1);
}
// clang-format on
// -------------------------------------------------------------------------------------------------------------------

namespace {

using namespace regtest;
namespace Reg = AscendC::Reg;

template <typename M>
class RegHistogramsSeed : public ::testing::Test {};
using AllModes = ::testing::Types<Bin0Freq, Bin1Freq, Bin0Acc, Bin1Acc>;
TYPED_TEST_SUITE(RegHistogramsSeed, AllModes);

// The expected result of HistogramsVF: every lane of every vector counts, starting from zero.
template <typename M>
std::array<uint16_t, 128> expected(const uint8_t* src, uint32_t vectors) {
    std::array<uint16_t, 128> want{};
    std::array<bool, 256> all;
    all.fill(true);
    for (uint32_t v = 0; v < vectors; ++v)
        reference_histogram(want, src + 256 * v, all, M::upper, M::cumulative);
    return want;
}

std::vector<uint8_t> random_bytes(std::size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<uint8_t> v(n);
    for (auto& b : v)
        b = static_cast<uint8_t>(rng());
    return v;
}

// Source vectors and the 128-lane result live in the simulated UB, as on the device.
TYPED_TEST(RegHistogramsSeed, CountsOneToManyVectorsInUb) {
    using M = TypeParam;
    for (uint32_t vectors : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 16u, 33u, 100u}) {
        const auto bytes = random_bytes(256 * vectors, 1000 + vectors);
        uint8_t* src = ub_at<uint8_t>(0);
        uint16_t* dst = ub_at<uint16_t>(256 * vectors);
        std::copy(bytes.begin(), bytes.end(), src);
        HistogramsVF<uint8_t, uint16_t, M::bin, M::type>(dst, src, 256, static_cast<uint16_t>(vectors));
        const auto want = expected<M>(bytes.data(), vectors);
        for (uint32_t n = 0; n < 128; ++n)
            ASSERT_EQ(dst[n], want[n]) << "vectors=" << vectors << " lane " << n;
    }
}

// Enough vectors of one value to pass 65535: the uint16_t counters wrap.
TYPED_TEST(RegHistogramsSeed, WrapsAroundPast65535) {
    using M = TypeParam;
    constexpr uint32_t kVectors = 300;  // 300 x 256 = 76800 samples of one value
    for (uint8_t value : {uint8_t{0}, uint8_t{100}, uint8_t{127}, uint8_t{128}, uint8_t{200}, uint8_t{255}}) {
        uint8_t* src = ub_at<uint8_t>(0);
        uint16_t* dst = ub_at<uint16_t>(256 * kVectors);
        std::fill(src, src + 256 * kVectors, value);
        HistogramsVF<uint8_t, uint16_t, M::bin, M::type>(dst, src, 256, kVectors);
        const auto want = expected<M>(src, kVectors);
        for (uint32_t n = 0; n < 128; ++n)
            ASSERT_EQ(dst[n], want[n]) << "value " << int(value) << " lane " << n;
        const uint32_t lane = M::upper ? value - 128u : value;
        if ((value >= 128) == M::upper) {
            EXPECT_EQ(dst[lane], static_cast<uint16_t>(76800u)) << "76800 mod 65536 = 11264";
        }
    }
}

// Host buffers (standing in for UB memory) and a launch through asc_vf_call work the same.
TYPED_TEST(RegHistogramsSeed, HostBuffersThroughVfCall) {
    using M = TypeParam;
    constexpr uint32_t kVectors = 6;
    alignas(32) static uint8_t src[256 * kVectors];
    alignas(32) static uint16_t dst[128];
    const auto bytes = random_bytes(sizeof src, 77);
    std::copy(bytes.begin(), bytes.end(), src);
    asc_vf_call<HistogramsVF<uint8_t, uint16_t, M::bin, M::type>>(dst, src, 256u,
                                                                  static_cast<uint16_t>(kVectors));
    const auto want = expected<M>(src, kVectors);
    for (uint32_t n = 0; n < 128; ++n)
        ASSERT_EQ(dst[n], want[n]) << "lane " << n;
}

// The oneRepeatSize argument is a stride in elements: vectors need not be adjacent.
TEST(RegHistograms, SeedExampleWithStride) {
    constexpr uint32_t kVectors = 4, kStride = 512;
    const auto bytes = random_bytes(kStride * kVectors, 5);
    uint8_t* src = ub_at<uint8_t>(0);
    uint16_t* dst = ub_at<uint16_t>(kStride * kVectors);
    std::copy(bytes.begin(), bytes.end(), src);
    HistogramsVF<uint8_t, uint16_t, Reg::HistogramsBinType::BIN0, Reg::HistogramsType::ACCUMULATE>(
        dst, src, kStride, kVectors);
    std::array<uint16_t, 128> want{};
    std::array<bool, 256> all;
    all.fill(true);
    for (uint32_t v = 0; v < kVectors; ++v)
        reference_histogram(want, src + kStride * v, all, false, true);
    for (uint32_t n = 0; n < 128; ++n)
        ASSERT_EQ(dst[n], want[n]) << "lane " << n;
}

// Lane n of BIN0 counts value n, lane n of BIN1 counts value 128 + n.
TEST(RegHistograms, FrequencyLanesMapToValues) {
    Reg::RegTensor<uint8_t> src;
    for (uint32_t i = 0; i < 256; ++i)
        src[i] = static_cast<uint8_t>(i);
    src[0] = 5;    // value 0 now absent, value 5 twice
    src[200] = 7;  // value 200 absent, value 7 twice
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    Reg::RegTensor<uint16_t> lo, hi;
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN0, Reg::HistogramsType::FREQUENCY>(lo, src,
                                                                                                     all);
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN1, Reg::HistogramsType::FREQUENCY>(hi, src,
                                                                                                     all);
    EXPECT_EQ(lo[0], 0);
    EXPECT_EQ(lo[5], 2);
    EXPECT_EQ(lo[7], 2);
    EXPECT_EQ(lo[127], 1);
    EXPECT_EQ(hi[0], 1);          // value 128
    EXPECT_EQ(hi[200 - 128], 0);  // value 200
    EXPECT_EQ(hi[127], 1);        // value 255
}

// ACCUMULATE: lane n counts values <= v(n); BIN1 starts from everything below 128.
TEST(RegHistograms, AccumulateBin1IncludesValuesBelow128) {
    Reg::RegTensor<uint8_t> src;
    for (uint32_t i = 0; i < 256; ++i)
        src[i] = static_cast<uint8_t>(i < 200 ? 3 : 250);  // 200 lanes of 3, 56 lanes of 250
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    Reg::RegTensor<uint16_t> lo, hi;
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN0, Reg::HistogramsType::ACCUMULATE>(lo, src,
                                                                                                      all);
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN1, Reg::HistogramsType::ACCUMULATE>(hi, src,
                                                                                                      all);
    EXPECT_EQ(lo[2], 0);
    EXPECT_EQ(lo[3], 200);
    EXPECT_EQ(lo[127], 200);
    EXPECT_EQ(hi[0], 200);  // value 128: the 200 threes already count
    EXPECT_EQ(hi[250 - 128 - 1], 200);
    EXPECT_EQ(hi[250 - 128], 256);
    EXPECT_EQ(hi[127], 256);
}

// The mask selects source lanes; dst lanes are all updated (here: left as they were where nothing counts).
TEST(RegHistograms, MaskSelectsSourceLanesOnly) {
    Reg::RegTensor<uint8_t> src;
    for (uint32_t i = 0; i < 256; ++i)
        src[i] = static_cast<uint8_t>(i % 4);
    uint32_t first = 10;
    Reg::MaskReg firstTen = Reg::UpdateMask<uint8_t>(first);
    Reg::RegTensor<uint16_t> dst;
    Reg::Duplicate<uint16_t>(dst, 1000);
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN0, Reg::HistogramsType::FREQUENCY>(
        dst, src, firstTen);
    // lanes 0..9 hold 0,1,2,3,0,1,2,3,0,1
    EXPECT_EQ(dst[0], 1003);
    EXPECT_EQ(dst[1], 1003);
    EXPECT_EQ(dst[2], 1002);
    EXPECT_EQ(dst[3], 1002);
    for (uint32_t n = 4; n < 128; ++n)
        EXPECT_EQ(dst[n], 1000) << n;

    Reg::MaskReg none = Reg::CreateMask<uint8_t, Reg::MaskPattern::ALLF>();
    const auto before = dst.elems;
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN1, Reg::HistogramsType::ACCUMULATE>(
        dst, src, none);
    EXPECT_EQ(dst.elems, before);
}

// A b16 mask sets one bit per two byte lanes, so only the even source lanes count (mask bit i <-> byte lane
// i).
TEST(RegHistograms, MaskIsReadPerByteLane) {
    Reg::RegTensor<uint8_t> src;
    for (uint32_t i = 0; i < 256; ++i)
        src[i] = static_cast<uint8_t>(i % 2 == 0 ? 10 : 11);
    Reg::MaskReg b16 = Reg::CreateMask<uint16_t>();
    Reg::RegTensor<uint16_t> dst;
    Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN0, Reg::HistogramsType::FREQUENCY>(dst, src,
                                                                                                     b16);
    EXPECT_EQ(dst[10], 128);
    EXPECT_EQ(dst[11], 0);
}

// 257 calls of 256 zeros: lane 0 reaches 257 x 256 = 65792, stored as 256.
TEST(RegHistograms, RepeatedAccumulationWraps) {
    Reg::RegTensor<uint8_t> zeros;
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    Reg::RegTensor<uint16_t> freq, acc1;
    for (int k = 0; k < 257; ++k) {
        Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN0, Reg::HistogramsType::FREQUENCY>(
            freq, zeros, all);
        Reg::Histograms<uint8_t, uint16_t, Reg::HistogramsBinType::BIN1, Reg::HistogramsType::ACCUMULATE>(
            acc1, zeros, all);
    }
    EXPECT_EQ(freq[0], 256);
    EXPECT_EQ(freq[1], 0);
    for (uint32_t n = 0; n < 128; ++n)
        EXPECT_EQ(acc1[n], 256) << n;
}

// T and U may be left to DefaultType; the MicroAPI spelling names the same functions.
TEST(RegHistograms, DefaultTypesAndMicroApiAlias) {
    namespace Micro = AscendC::MicroAPI;
    Micro::RegTensor<uint8_t> src;
    Reg::Duplicate(src, 42);
    Micro::MaskReg all = Micro::CreateMask<uint8_t>();
    Micro::RegTensor<uint16_t> dst;
    Micro::Histograms<Reg::DefaultType, Reg::DefaultType, Micro::HistogramsBinType::BIN0,
                      Micro::HistogramsType::FREQUENCY>(dst, src, all);
    EXPECT_EQ(dst[42], 256);
    EXPECT_EQ(ptosim::kArch, ptosim::Arch::A5);
}

}  // namespace
