// The micro core's register operations against oracles written here: lane arithmetic with its predicate
// modes, compare / select / broadcast / index sequences, predicate generation, and the reductions (the sum's
// pairwise tree is computed by recursive halving here, the level-by-level loop in the core).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "ptosim/core/check.hpp"
#include "ptosim/core/dtype.hpp"
#include "ptosim/core/ub.hpp"
#include "ptosim/ops/micro.hpp"

namespace {

using ptosim::CmpMode;
using ptosim::DType;
using ptosim::isa::MOp;
using namespace ptosim::micro;

template <typename T>
VReg reg_of(auto f) {
    VReg r;
    for (uint32_t i = 0; i < kLanes<T>; ++i)
        r.set_lane<T>(i, static_cast<T>(f(i)));
    return r;
}

template <typename T>
uint64_t bits_of(T v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

TEST(MicroOps, BinaryAddZeroesOrKeepsInactiveLanes) {
    const VReg a = reg_of<float>([](uint32_t i) { return 0.5f * static_cast<float>(i); });
    const VReg b = reg_of<float>([](uint32_t i) { return 1.0f + static_cast<float>(i); });
    const VReg old = reg_of<float>([](uint32_t) { return -7.0f; });
    const Preg p = first_n(10, 4);
    for (bool merging : {false, true}) {
        VReg d = old;
        binary(MOp::vadd, DType::F32, d, a, b, p, merging);
        for (uint32_t i = 0; i < 64; ++i) {
            const float want = i < 10 ? 0.5f * static_cast<float>(i) + 1.0f + static_cast<float>(i)
                                      : (merging ? -7.0f : 0.0f);
            ASSERT_EQ(d.lane<float>(i), want) << i << (merging ? " merging" : " zeroing");
        }
    }
}

TEST(MicroOps, IntegerLanesWrap) {
    const VReg a = reg_of<int16_t>([](uint32_t) { return std::numeric_limits<int16_t>::max(); });
    const VReg one = reg_of<int16_t>([](uint32_t) { return 1; });
    VReg d;
    binary(MOp::vadd, DType::S16, d, a, one, Preg::all(2));
    EXPECT_EQ(d.lane<int16_t>(127), std::numeric_limits<int16_t>::min());
    vec_scalar(MOp::vmuls, DType::S16, d, one, bits_of<int16_t>(-3), Preg::all(2));
    EXPECT_EQ(d.lane<int16_t>(5), -3);
}

TEST(MicroOps, UnaryExpIsCorrectlyRounded) {
    const VReg a = reg_of<float>([](uint32_t i) { return -8.0f + 0.25f * static_cast<float>(i); });
    VReg d;
    unary(MOp::vexp, DType::F32, d, a, Preg::all(4));
    for (uint32_t i = 0; i < 64; ++i) {
        const double x = -8.0 + 0.25 * i;
        ASSERT_EQ(d.lane<float>(i), static_cast<float>(std::exp(x))) << i;
    }
}

TEST(MicroOps, CompareSelectBroadcastIndex) {
    const VReg a = reg_of<int32_t>([](uint32_t i) { return static_cast<int32_t>(i) - 30; });
    const Preg neg = compare_scalar(CmpMode::LT, DType::S32, a, 0, Preg::all(4));
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(neg.active<int32_t>(i), i < 30) << i;
    VReg zero, out;
    select(DType::S32, out, zero, a, neg);  // max(a, 0)
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(out.lane<int32_t>(i), i < 30 ? 0 : static_cast<int32_t>(i) - 30);
    const Preg eq = compare(CmpMode::EQ, DType::S32, a, out, first_n(40, 4));
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(eq.active<int32_t>(i), i >= 30 && i < 40) << i;
    broadcast(DType::F16, out, 0x3C00, pattern(Pattern::H, 2));  // 1.0 in the first half
    for (uint32_t i = 0; i < 128; ++i)
        ASSERT_EQ(out.lane<uint16_t>(i), i < 64 ? 0x3C00 : 0) << i;
    index_sequence(DType::U8, out, 250, false);
    EXPECT_EQ(out.lane<uint8_t>(5), 255);
    EXPECT_EQ(out.lane<uint8_t>(6), 0);  // wraps
    index_sequence(DType::F32, out, bits_of(10.0f), true);
    EXPECT_EQ(out.lane<float>(63), -53.0f);
}

TEST(MicroOps, Patterns) {
    EXPECT_EQ(pattern(Pattern::ALL, 4).count(), 64u);
    EXPECT_EQ(pattern(Pattern::ALLF, 1).count(), 0u);
    EXPECT_EQ(pattern(Pattern::Q, 2).count(), 32u);
    EXPECT_EQ(pattern(Pattern::VL16, 4).count(), 16u);
    EXPECT_EQ(pattern(Pattern::M4, 1).count(), 64u);
    EXPECT_TRUE(pattern(Pattern::M3, 4).active<float>(3));
    EXPECT_FALSE(pattern(Pattern::M3, 4).active<float>(4));
    EXPECT_EQ(first_n(1000, 2).count(), 128u);
}

TEST(MicroOps, PltPostUpdateCountsDown) {
    uint32_t n = 70;
    EXPECT_EQ(first_n_update(n, 4), Preg::all(4));
    EXPECT_EQ(n, 6u);
    EXPECT_EQ(first_n_update(n, 4), first_n(6, 4));
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(first_n_update(n, 1).count(), 0u);
}

TEST(MicroOps, PredicateLogicZeroesOutsideTheMask) {
    // Over all 256 bits, whatever granularity the operands were made for.
    const Preg a = first_n(100, 1), b = pattern(Pattern::ALL, 2), mask = first_n(200, 1);
    const Preg both = pred_logic(MOp::pand, a, b, mask);
    EXPECT_EQ(both.count(), 50u);                                // the even bits below 100
    EXPECT_EQ(pred_logic(MOp::por, a, b, mask).count(), 150u);   // 0..99 and the even bits 100..198
    EXPECT_EQ(pred_logic(MOp::pxor, a, b, mask).count(), 100u);  // the odd bits below 100, the even 100..198
    const Preg inverse = pred_logic(MOp::pnot, a, a, mask);
    EXPECT_EQ(inverse.count(), 100u);  // 100..199
    EXPECT_TRUE(inverse.test(199));
    EXPECT_FALSE(inverse.test(200));
    // psel: the selector's set bits from the first source, the others from the second.
    const Preg sel = pred_select(a, b, first_n(10, 1));
    EXPECT_EQ(sel.count(), 10u + 123u);  // bits 0..9, then the even bits 10..254
    ptosim::ScopedCheckHandler handler(&ptosim::throw_check_error);
    EXPECT_THROW((void)pred_logic(MOp::vadd, a, b, mask), ptosim::CheckError);
}

double tree(const std::vector<float>& v, size_t lo, size_t hi) {
    if (hi - lo == 1)
        return v[lo];
    const size_t mid = (lo + hi) / 2;
    return static_cast<float>(static_cast<float>(tree(v, lo, mid)) + static_cast<float>(tree(v, mid, hi)));
}

TEST(MicroOps, ReductionsPutTheResultInTheLowLanes) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
    std::vector<float> v(64);
    VReg a;
    for (uint32_t i = 0; i < 64; ++i) {
        v[i] = dist(rng);
        a.set_lane<float>(i, v[i]);
    }
    Preg p = Preg::all(4);
    p.set_element<float>(7, false);
    std::vector<float> active = v;
    active[7] = 0.0f;
    VReg d;
    reduce(MOp::vcadd, DType::F32, d, a, p);
    EXPECT_EQ(d.lane<float>(0), static_cast<float>(tree(active, 0, 64)));
    for (uint32_t i = 1; i < 64; ++i)
        ASSERT_EQ(d.lane<float>(i), 0.0f) << i;

    a.set_lane<float>(7, 1000.0f);  // inactive: takes no part
    a.set_lane<float>(20, 500.0f);
    a.set_lane<float>(40, 500.0f);  // a tie: the first wins
    reduce(MOp::vcmax, DType::F32, d, a, p);
    EXPECT_EQ(d.lane<float>(0), 500.0f);
    EXPECT_EQ(d.lane<uint32_t>(1), 20u);
    reduce(MOp::vcmin, DType::F32, d, a, Preg{});
    EXPECT_EQ(d.lane<float>(0), std::numeric_limits<float>::infinity());

    // Per VLane: 8 groups of 8 floats, each result at its group's first lane.
    const VReg ones = reg_of<float>([](uint32_t i) { return static_cast<float>(i / 8 + 1); });
    reduce(MOp::vcgadd, DType::F32, d, ones, Preg::all(4));
    for (uint32_t i = 0; i < 64; ++i)
        ASSERT_EQ(d.lane<float>(i), i % 8 == 0 ? 8.0f * static_cast<float>(i / 8 + 1) : 0.0f) << i;
    const VReg ints =
        reg_of<int16_t>([](uint32_t i) { return static_cast<int16_t>(i % 16 == 3 ? 100 : -1); });
    reduce(MOp::vcgmax, DType::S16, d, ints, Preg::all(2));
    for (uint32_t g = 0; g < 8; ++g)
        ASSERT_EQ(d.lane<int16_t>(g * 16), 100) << g;
    // Inclusive prefix sum; inactive lanes add nothing but receive the running sum.
    const VReg seq = reg_of<int32_t>([](uint32_t i) { return static_cast<int32_t>(i); });
    reduce(MOp::vcpadd, DType::S32, d, seq, pattern(Pattern::M4, 4));
    EXPECT_EQ(d.lane<int32_t>(0), 0);
    EXPECT_EQ(d.lane<int32_t>(4), 4);
    EXPECT_EQ(d.lane<int32_t>(63),
              0 + 4 + 8 + 12 + 16 + 20 + 24 + 28 + 32 + 36 + 40 + 44 + 48 + 52 + 56 + 60);
}

TEST(MicroOps, LoadsAndStoresUnderAPredicate) {
    alignas(256) float mem[128];
    for (int i = 0; i < 128; ++i)
        mem[i] = static_cast<float>(i);
    VReg r;
    load(r, mem + 64);
    EXPECT_EQ(r.lane<float>(0), 64.0f);
    EXPECT_EQ(r.lane<float>(63), 127.0f);
    store(mem, r, first_n(3, 4), 4);  // three lanes written, the rest kept
    EXPECT_EQ(mem[2], 66.0f);
    EXPECT_EQ(mem[3], 3.0f);
    ptosim::ScopedCheckHandler handler(&ptosim::throw_check_error);
    EXPECT_THROW(load(r, mem + 1), ptosim::CheckError);  // 4 bytes past a 32-byte boundary
    std::byte* end_of_ub = ptosim::ub::base() + ptosim::ub::size() - 128;
    try {
        load(r, end_of_ub);
        FAIL() << "a load past the Unified Buffer's end";
    } catch (const ptosim::CheckError& e) {
        EXPECT_NE(std::string(e.what()).find("vlds: the distribution's bytes run past the end"),
                  std::string::npos)
            << e.what();
    }
}

TEST(MicroOps, WrongElementTypeIsANamedError) {
    ptosim::ScopedCheckHandler handler(&ptosim::throw_check_error);
    VReg d, a;
    try {
        unary(MOp::vexp, DType::S32, d, a, Preg::all(4));
        FAIL() << "vexp took int32";
    } catch (const ptosim::CheckError& e) {
        EXPECT_NE(std::string(e.what()).find("vexp"), std::string::npos) << e.what();
    }
}

}  // namespace
