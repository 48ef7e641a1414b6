// TGATHER's compare form through the C++ API, against A5's device code: per element type the comparison the
// device makes (32-bit and rounded float scores as unsigned, 8- and 16-bit bits zero-extended, half against
// k's low 16 bits as an int16, uint16_t GT comparing for equality), the index numbering carried from row to
// row over whole vector repeats, offsets that wrap, dst beyond the matches untouched, the counts, and the
// checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <pto/pto-inst.hpp>

#include "support/backend_test.hpp"
#include "support/check_matchers.hpp"

namespace {

using namespace pto;

class GatherCmpApiTest : public ptosim::testing::BackendTest {};
PTOSIM_INSTANTIATE_BACKEND_TEST(GatherCmpApiTest);

constexpr int kRows = 6, kCols = 160, kDstCols = 160;
constexpr uint32_t kUntouched = 0xC0FFEEu;

// The device's view of one element, written per type from the A5 kernels' instruction sequence.
template <typename S>
bool device_match(S v, uint32_t k, bool gt) {
    if constexpr (std::is_same_v<S, float>) {
        const auto score =
            static_cast<uint32_t>(static_cast<int32_t>(std::lrint(v)));  // vcvt ROUND_R, as u32
        return gt ? score > k : score == k;
    } else if constexpr (std::is_same_v<S, half>) {
        const int16_t k16 = static_cast<int16_t>(k & 0xFFFFu);  // vbr into an s16 vector
        const float t = static_cast<float>(k16);                // vcvt s16 -> f32
        const float x = static_cast<float>(v);
        return gt ? x > t : x == t;
    } else {
        using U = std::make_unsigned_t<S>;
        const uint32_t score = static_cast<U>(v);  // UNPK / 32-bit lanes: zero-extended bits
        if (std::is_same_v<S, uint16_t>)
            gt = false;  // TGather_cmp's dispatch: only int16_t reaches the b16 GT kernel
        return gt ? score > k : score == k;
    }
}

template <typename S, typename K, CmpMode Mode>
void run_case(int vr, int vc, const std::vector<S>& values, const std::vector<uint32_t>& ks, int offset) {
    using Src = Tile<TileType::Vec, S, kRows, kCols, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, uint32_t, kRows, kDstCols>;
    // A column of thresholds, as pto-isa's device test passes them (at least 32 bytes).
    constexpr int kKRows =
        static_cast<int>(32 / sizeof(K)) < kRows ? kRows : static_cast<int>(32 / sizeof(K));
    using KT = Tile<TileType::Vec, K, kKRows, 1, BLayout::ColMajor>;
    using Cnt = Tile<TileType::Vec, int32_t, 8, 1, BLayout::ColMajor>;
    using Tmp = Tile<TileType::Vec, uint8_t, 1, 32>;
    Src src(vr, vc);
    Dst dst;
    KT kt;
    Cnt cnt;
    Tmp tmp;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x8000);
    TASSIGN(kt, 0x10000);
    TASSIGN(cnt, 0x10100);
    TASSIGN(tmp, 0x10200);
    for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kCols; ++c)
            src.SetElement(r, c, values[(r * kCols + c) % values.size()]);
    for (int r = 0; r < kRows; ++r) {
        kt.SetElement(r, 0, static_cast<K>(ks[r % ks.size()]));
        for (int c = 0; c < kDstCols; ++c)
            dst.SetElement(r, c, kUntouched);
    }
    for (int r = 0; r < 8; ++r)
        cnt.SetElement(r, 0, -1);
    TGATHER<Dst, Src, KT, Cnt, Tmp, Mode>(dst, src, kt, cnt, tmp, offset);

    const int per = sizeof(S) == 1 ? 128 : 64;
    const int64_t stride = (vc + per - 1) / per * per;
    for (int r = 0; r < kRows; ++r) {
        std::vector<uint32_t> want;
        if (r < vr) {
            const uint32_t k = static_cast<K>(ks[r % ks.size()]);
            for (int c = 0; c < vc; ++c)
                if (device_match<S>(values[(r * kCols + c) % values.size()], k, Mode == CmpMode::GT))
                    want.push_back(static_cast<uint32_t>(static_cast<int64_t>(offset) + r * stride + c));
        }
        for (int c = 0; c < kDstCols; ++c) {
            const uint32_t exp = c < static_cast<int>(want.size()) ? want[c] : kUntouched;
            if (dst.GetElement(r, c) != exp) {
                ADD_FAILURE() << "dst(" << r << ", " << c << ") = " << dst.GetElement(r, c) << ", want "
                              << exp;
                return;
            }
        }
        EXPECT_EQ(cnt.GetElement(r, 0), r < vr ? static_cast<int32_t>(want.size()) : -1)
            << "count of row " << r;
    }
}

template <typename S>
std::vector<S> ints(std::initializer_list<int64_t> v) {
    std::vector<S> out;
    for (int64_t x : v)
        out.push_back(static_cast<S>(x));
    return out;
}

TEST_P(GatherCmpApiTest, FloatScoresAreRoundedAndComparedAsUnsigned) {
    // 2.5 rounds to 2, 3.5 to 4 (ties to even); a negative score is a large unsigned number: greater than k.
    const std::vector<float> v = {1.0f, 2.5f, 3.5f, -1.0f, 90.4f, 90.6f, 7.0f, 0.0f, 100.0f, -0.4f, 2.0f};
    run_case<float, uint32_t, CmpMode::GT>(5, 100, v, {2, 89, 3, 0, 200}, 0);
    run_case<float, uint32_t, CmpMode::EQ>(6, 150, v, {2, 4, 91, 0xFFFFFFFFu, 100, 7}, 1000);
    run_case<float, uint16_t, CmpMode::GT>(3, 64, v, {3}, 7);
}

TEST_P(GatherCmpApiTest, Int32ScoresCompareAsUnsigned) {
    const auto v = ints<int32_t>({5, -1, 80, 81, 0, -2147483647 - 1, 2147483647, 79});
    run_case<int32_t, uint32_t, CmpMode::GT>(6, 130, v, {80, 0x7FFFFFFFu, 0xFFFFFFFEu}, 0);
    run_case<uint32_t, uint32_t, CmpMode::EQ>(4, 33, ints<uint32_t>({5, 80, 0xFFFFFFFFu, 80, 1}),
                                              {80, 0xFFFFFFFFu}, 3);
}

TEST_P(GatherCmpApiTest, SixteenBitScoresAreZeroExtendedAndUint16GtComparesEqual) {
    const auto v = ints<int16_t>({1, -1, 90, 91, -32768, 32767, 89, 0});
    run_case<int16_t, uint16_t, CmpMode::GT>(6, 129, v, {90, 32767, 65534}, 0);
    run_case<int16_t, uint32_t, CmpMode::EQ>(4, 64, v, {0xFFFFu, 91, 0x1005Bu}, 5);  // 0x1005B: above 65535
    const auto u = ints<uint16_t>({1, 65535, 90, 91, 89, 90});
    run_case<uint16_t, uint16_t, CmpMode::GT>(5, 77, u, {90, 65535},
                                              0);  // equality, as the device dispatches
    run_case<uint16_t, uint16_t, CmpMode::EQ>(5, 77, u, {91}, 0);
}

TEST_P(GatherCmpApiTest, HalfComparesWithTheLowSixteenBitsOfKAsAnInt16) {
    std::vector<half> v;
    for (float f : {1.0f, -1.0f, 3.0f, 90.5f, 90.0f, -2.5f, 0.0f, -0.0f})
        v.push_back(half(f));
    v.push_back(half::from_bits(0x7E00));                                         // NaN: never matches
    run_case<half, uint16_t, CmpMode::GT>(6, 100, v, {90, 0xFFFFu, 0xFFFEu}, 0);  // thresholds 90, -1, -2
    run_case<half, uint32_t, CmpMode::EQ>(4, 65, v, {0x10003u, 0xFFFFu, 0}, 2);   // 3, -1, 0 (+0 == -0)
}

TEST_P(GatherCmpApiTest, EightBitRowsAreNumberedInRepeatsOf128) {
    const auto v = ints<int8_t>({50, -1, 127, -128, 90, 91, 0, 49});
    run_case<int8_t, uint16_t, CmpMode::GT>(6, 100, v, {90, 200, 127}, 0);   // row stride 128
    run_case<int8_t, uint16_t, CmpMode::EQ>(5, 150, v, {50, 255, 128}, 11);  // row stride 256
    run_case<uint8_t, uint32_t, CmpMode::GT>(3, 128, ints<uint8_t>({0, 255, 91, 90, 200}), {90, 254}, 0);
}

TEST_P(GatherCmpApiTest, OffsetsWrapModulo2To32) {
    const std::vector<float> v = {100.0f, 1.0f};
    run_case<float, uint32_t, CmpMode::GT>(2, 10, v, {50},
                                           -3);  // indices -3 .. : 0xFFFFFFFD, 0xFFFFFFFF, 1, ...
}

TEST_P(GatherCmpApiTest, RunTimeChecks) {
    using Src = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
    using Dst = Tile<TileType::Vec, uint32_t, 4, 8>;
    using KT = Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor>;
    using Cnt = Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor>;
    Src src(4, 64);
    Dst dst;
    KT kt;
    Cnt cnt;
    TASSIGN(src, 0x0);
    TASSIGN(dst, 0x1000);
    TASSIGN(kt, 0x2000);
    TASSIGN(cnt, 0x2100);
    for (int r = 0; r < 4; ++r) {
        kt.SetElement(r, 0, 10);
        for (int c = 0; c < 64; ++c)
            src.SetElement(r, c, 1.0f);
        for (int c = 0; c < 8; ++c)
            dst.SetElement(r, c, 7);
    }
    src.SetElement(1, 5, 20.0f);
    src.SetElement(2, 9, std::nanf(""));
    EXPECT_CHECK_FAILS((TGATHER<Dst, Src, KT, Cnt, KT, CmpMode::GT>(dst, src, kt, cnt, kt, 0)),
                       "a float element must round into int32's range");
    src.SetElement(2, 9, 3e9f);
    EXPECT_CHECK_FAILS((TGATHER<Dst, Src, KT, Cnt, KT, CmpMode::GT>(dst, src, kt, cnt, kt, 0)),
                       "a float element must round into int32's range");
    src.SetElement(2, 9, 1.0f);
    kt.SetElement(3, 0, 0);  // row 3: all 64 elements are greater than 0, dst rows hold 8
    EXPECT_CHECK_FAILS((TGATHER<Dst, Src, KT, Cnt, KT, CmpMode::GT>(dst, src, kt, cnt, kt, 0)),
                       "a row's matches must fit in a row of dst");
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 8; ++c)
            EXPECT_EQ(dst.GetElement(r, c), 7u) << "a failed check writes nothing";
    Tile<TileType::Vec, uint32_t, 2, 8> short_dst;
    TASSIGN(short_dst, 0x3000);
    kt.SetElement(3, 0, 10);
    EXPECT_CHECK_FAILS(
        (TGATHER<decltype(short_dst), Src, KT, Cnt, KT, CmpMode::GT>(short_dst, src, kt, cnt, kt, 0)),
        "dst must have a row per valid row of src0");

    using S8 = Tile<TileType::Vec, uint8_t, 2, 64>;
    S8 bytes;
    TASSIGN(bytes, 0x4000);
    kt.SetElement(0, 0, 0x80000000u);
    EXPECT_CHECK_FAILS((TGATHER<Dst, S8, KT, Cnt, KT, CmpMode::EQ>(dst, bytes, kt, cnt, kt, 0)),
                       "an 8-bit source's threshold must be below 2^31");
    // 16 source rows, 8 thresholds.
    Tile<TileType::Vec, float, 16, 8> tall;
    Tile<TileType::Vec, uint32_t, 16, 8> tall_dst;
    TASSIGN(tall, 0x6000);
    TASSIGN(tall_dst, 0x7000);
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 8; ++c)
            tall.SetElement(r, c, 1.0f);
    EXPECT_CHECK_FAILS((TGATHER<decltype(tall_dst), decltype(tall), KT, Cnt, KT, CmpMode::EQ>(
                           tall_dst, tall, kt, cnt, kt, 0)),
                       "k_value must hold a threshold per valid row of src0");
}

}  // namespace
