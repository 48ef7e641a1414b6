// The load and store distributions of the micro core (isa/micro_dist.def) against lanes written out here:
// memory holds byte k = k mod 251 (a pattern that repeats at no power of two, so a lane read from the wrong
// place shows), and each test names the bytes each lane must hold.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "ptosim/core/check.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/isa/micro.hpp"
#include "ptosim/ops/micro.hpp"

namespace {

using ptosim::isa::MDist;
using namespace ptosim::micro;

constexpr uint8_t pat(uint32_t k) {
    return static_cast<uint8_t>(k % 251);
}

struct alignas(256) Mem {
    uint8_t b[1024];
    Mem() {
        for (uint32_t k = 0; k < sizeof b; ++k)
            b[k] = pat(k);
    }
};

template <typename T>
T mem_elem(uint32_t i) {  // element i of type T of the pattern
    T v;
    uint8_t raw[sizeof(T)];
    for (uint32_t k = 0; k < sizeof(T); ++k)
        raw[k] = pat(i * sizeof(T) + k);
    std::memcpy(&v, raw, sizeof(T));
    return v;
}

TEST(MicroDist, BroadcastLoadsRepeatTheFirstElement) {
    Mem m;
    VReg r;
    load(r, m.b + 6, MDist::BRC_B16, 2);  // element alignment suffices
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(r.lane<uint16_t>(i), 6 | (7 << 8)) << i;
    load(r, m.b + 4, MDist::BRC_B32, 4);
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(r.lane<uint32_t>(i), 0x07060504u) << i;
    load(r, m.b + 3, MDist::BRC_B8, 1);
    for (uint32_t i = 0; i < 256; ++i)
        ASSERT_EQ(r.lane<uint8_t>(i), 3) << i;
}

TEST(MicroDist, BlockAndElementToBlockLoads) {
    Mem m;
    VReg r;
    load(r, m.b + 32, MDist::BLK, 4);  // every VLane = bytes 32..63
    for (uint32_t k = 0; k < 256; ++k)
        ASSERT_EQ(static_cast<uint8_t>(r.bytes[k]), 32 + k % 32) << k;
    load(r, m.b, MDist::E2B_B32, 4);  // VLane g: 8 copies of float-sized element g
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(r.lane<uint32_t>(i), mem_elem<uint32_t>(i / 8)) << i;
    load(r, m.b + 16, MDist::E2B_B16, 2);  // 16-byte alignment; VLane g: 16 copies of element 8 + g
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(r.lane<uint16_t>(i), mem_elem<uint16_t>(8 + i / 16)) << i;
}

TEST(MicroDist, UpsampleAndDownsample) {
    Mem m;
    VReg r;
    load(r, m.b, MDist::US_B8, 1);  // lanes 2i, 2i+1 = byte i
    for (uint32_t i = 0; i < 256; ++i)
        ASSERT_EQ(r.lane<uint8_t>(i), pat(i / 2)) << i;
    load(r, m.b, MDist::US_B16, 2);
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(r.lane<uint16_t>(i), mem_elem<uint16_t>(i / 2)) << i;
    load(r, m.b, MDist::DS_B8, 1);  // lane i = byte 2i: 512 bytes read
    for (uint32_t i = 0; i < 256; ++i)
        ASSERT_EQ(r.lane<uint8_t>(i), pat(2 * i)) << i;
    load(r, m.b, MDist::DS_B16, 2);
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(r.lane<uint16_t>(i), mem_elem<uint16_t>(2 * i)) << i;
}

TEST(MicroDist, UnpackZeroExtendsIntoWiderLanes) {
    Mem m;
    VReg r;
    load(r, m.b, MDist::UNPK_B8, 1);  // 128 bytes to 16-bit lanes
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(r.lane<uint16_t>(i), pat(i)) << i;
    load(r, m.b, MDist::UNPK4_B8, 1);  // 64 bytes to 32-bit lanes
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(r.lane<uint32_t>(i), pat(i)) << i;
    load(r, m.b, MDist::UNPK_B16, 2);  // 64 halves to 32-bit lanes: as halves, data in the even lanes
    for (uint32_t i = 0; i < 64; ++i) {
        ASSERT_EQ(r.lane<uint32_t>(i), mem_elem<uint16_t>(i)) << i;
        ASSERT_EQ(r.lane<uint16_t>(2 * i + 1), 0) << i;
    }
    load(r, m.b, MDist::UNPK_B32, 4);  // 32 words to 64-bit lanes
    for (uint32_t i = 0; i < 32; ++i)
        ASSERT_EQ(r.lane<uint64_t>(i), mem_elem<uint32_t>(i)) << i;
}

TEST(MicroDist, DeinterleaveOneAndTwoRegisters) {
    Mem m;
    VReg lo, hi;
    load(lo, m.b, MDist::DINTLV_B32, 4);  // the even words of 128
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(lo.lane<uint32_t>(i), mem_elem<uint32_t>(2 * i)) << i;
    load2(lo, hi, m.b, MDist::DINTLV_B16);
    for (uint32_t i = 0; i < 128; ++i) {
        ASSERT_EQ(lo.lane<uint16_t>(i), mem_elem<uint16_t>(2 * i)) << i;
        ASSERT_EQ(hi.lane<uint16_t>(i), mem_elem<uint16_t>(2 * i + 1)) << i;
    }
    load2(lo, hi, m.b, MDist::DINTLV_B8);
    EXPECT_EQ(lo.lane<uint8_t>(255), pat(510));
    EXPECT_EQ(hi.lane<uint8_t>(255), pat(511));
    load2(lo, hi, m.b, MDist::DINTLV_B32_X2);
    EXPECT_EQ(lo.lane<uint32_t>(63), mem_elem<uint32_t>(126));
    EXPECT_EQ(hi.lane<uint32_t>(63), mem_elem<uint32_t>(127));
}

VReg counting32() {  // 32-bit lane i = 0x0A0B0000 + i (the low half i, the high half 0x0A0B)
    VReg r;
    for (uint32_t i = 0; i < 64; ++i)
        r.set_lane<uint32_t>(i, 0x0A0B0000u + i);
    return r;
}

TEST(MicroDist, PackStoresTheLowPartOfActiveLanes) {
    alignas(256) uint8_t out[512];
    std::memset(out, 0xEE, sizeof out);
    store(out, counting32(), Preg::first(3, 4), MDist::PK_B32, 4);  // 3 halves, the rest kept
    const uint16_t* h = reinterpret_cast<const uint16_t*>(out);
    EXPECT_EQ(h[0], 0);
    EXPECT_EQ(h[1], 1);
    EXPECT_EQ(h[2], 2);
    EXPECT_EQ(h[3], 0xEEEE);
    std::memset(out, 0xEE, sizeof out);
    store(out, counting32(), Preg::all(4), MDist::PK4_B32, 4);  // 64 bytes
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(out[i], i) << i;
    EXPECT_EQ(out[64], 0xEE);
    VReg r16;
    for (uint32_t i = 0; i < 128; ++i)
        r16.set_lane<uint16_t>(i, static_cast<uint16_t>(0x5500 + i));
    store(out, r16, Preg::all(2), MDist::PK_B16, 2);  // 128 bytes
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(out[i], i) << i;
    VReg r64;
    for (uint32_t i = 0; i < 32; ++i)
        r64.set_lane<uint64_t>(i, 0x1234567800000000ull + 3 * i);
    std::memset(out, 0xEE, sizeof out);
    store(out, r64, Preg::all(8), MDist::PK_B64, 8);  // 32 words
    const uint32_t* w = reinterpret_cast<const uint32_t*>(out);
    for (uint32_t i = 0; i < 32; ++i)
        ASSERT_EQ(w[i], 3 * i) << i;
    EXPECT_EQ(w[32], 0xEEEEEEEEu);
}

TEST(MicroDist, OnePointStoresLaneZeroOnly) {
    alignas(32) uint32_t out[4] = {9, 9, 9, 9};
    store(out + 1, counting32(), Preg{}, MDist::ONEPT_B32, 4);  // element alignment, predicate ignored
    EXPECT_EQ(out[0], 9u);
    EXPECT_EQ(out[1], 0x0A0B0000u);
    EXPECT_EQ(out[2], 9u);
}

TEST(MicroDist, InterleaveStoreUnderAPredicate) {
    alignas(256) uint32_t out[128];
    for (auto& x : out)
        x = 7;
    VReg lo, hi;
    for (uint32_t i = 0; i < 64; ++i) {
        lo.set_lane<uint32_t>(i, 100 + i);
        hi.set_lane<uint32_t>(i, 200 + i);
    }
    store2(out, lo, hi, Preg::first(2, 4), MDist::INTLV_B32);  // pairs 0 and 1
    EXPECT_EQ(out[0], 100u);
    EXPECT_EQ(out[1], 200u);
    EXPECT_EQ(out[2], 101u);
    EXPECT_EQ(out[3], 201u);
    EXPECT_EQ(out[4], 7u);
    store2(out, lo, hi, Preg::all(4), MDist::INTLV_B32);
    EXPECT_EQ(out[126], 163u);
    EXPECT_EQ(out[127], 263u);
    const Extent e = store_extent(Preg::first(2, 4), MDist::INTLV_B32, 4);
    EXPECT_EQ(e.first, 0u);
    EXPECT_EQ(e.end, 16u);
    const Extent p = store_extent(Preg::first(3, 4), MDist::PK4_B32, 4);
    EXPECT_EQ(p.end, 3u);
}

TEST(MicroDist, BadDistributionsAndAddressesAreNamedErrors) {
    ptosim::ScopedCheckHandler handler(&ptosim::throw_check_error);
    Mem m;
    VReg r;
    const auto fails_with = [](auto f, const std::string& text) {
        try {
            f();
            ADD_FAILURE() << "no error; expected " << text;
        } catch (const ptosim::CheckError& e) {
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
        }
    };
    fails_with([&] { load(r, m.b + 16, MDist::US_B8, 1); }, "dist=US_B8");          // 32-byte alignment
    fails_with([&] { load(r, m.b + 1, MDist::BRC_B16, 2); }, "align=2");            // element alignment
    fails_with([&] { load(r, m.b + 8, MDist::E2B_B16, 2); }, "align=16");           // 8 elements' alignment
    fails_with([&] { load(r, m.b, MDist::SPLT4CHN_B8, 1); }, "does not run");       // not modelled
    fails_with([&] { load(r, m.b, MDist::INTLV_B32, 4); }, "another instruction");  // a store's
    std::byte* tail = ptosim::ub::base() + ptosim::ub::size() - 256;                // NORM fits, DS does not
    EXPECT_NO_THROW(load(r, tail, MDist::NORM, 4));
    fails_with([&] { load(r, tail, MDist::DS_B16, 2); }, "run past the end");
    EXPECT_NO_THROW(load(r, tail + 128, MDist::US_B16, 2));  // 128 bytes
}

}  // namespace
