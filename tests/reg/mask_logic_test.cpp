// Predicate logic And, Or, Xor, Not (and the MicroAPI spellings MaskAnd, ...): bit by bit over all 256 bits,
// zero where the governing mask bit is clear; any operand may be the destination.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_maskreg_intf.h"
#include "reg/reg_gen.hpp"

namespace {

namespace Reg = AscendC::Reg;

Reg::MaskReg from_fn(bool (*f)(uint32_t)) {
    Reg::MaskReg m;
    for (uint32_t i = 0; i < 256; ++i)
        m.set(i, f(i));
    return m;
}

TEST(RegMaskLogic, Examples) {
    Reg::MaskReg even = from_fn([](uint32_t i) { return i % 2 == 0; });
    Reg::MaskReg low = from_fn([](uint32_t i) { return i < 100; });
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    Reg::MaskReg d;
    Reg::And(d, even, low, all);
    EXPECT_EQ(d, from_fn([](uint32_t i) { return i % 2 == 0 && i < 100; }));
    Reg::Or(d, even, low, all);
    EXPECT_EQ(d, from_fn([](uint32_t i) { return i % 2 == 0 || i < 100; }));
    Reg::Xor(d, even, low, all);
    EXPECT_EQ(d, from_fn([](uint32_t i) { return (i % 2 == 0) != (i < 100); }));
    Reg::Not(d, even, all);
    EXPECT_EQ(d, from_fn([](uint32_t i) { return i % 2 == 1; }));
    // The governing mask zeroes the bits it does not select, Not's included.
    Reg::Not(d, even, low);
    EXPECT_EQ(d, from_fn([](uint32_t i) { return i % 2 == 1 && i < 100; }));
}

TEST(RegMaskLogic, DestinationMayBeAnOperand) {
    Reg::MaskReg a = Reg::CreateMask<uint16_t>();  // even bits
    Reg::MaskReg b = Reg::CreateMask<uint32_t>();  // bits 4j
    Reg::MaskReg all = Reg::CreateMask<uint8_t>();
    Reg::MaskAnd(a, a, b, all);
    EXPECT_EQ(a, b);
    Reg::MaskOr(b, b, b, b);
    EXPECT_EQ(b, Reg::CreateMask<uint32_t>());
    Reg::MaskNot(all, all, all);
    EXPECT_EQ(all.count(), 0u);
}

RC_GTEST_PROP(RegMaskLogicProperty, MatchesBitwiseModel, ()) {
    auto a = regtest::gen_mask<uint8_t>();
    auto b = regtest::gen_mask<uint16_t>();
    auto g = regtest::gen_mask<uint32_t>();
    Reg::MaskReg and_, or_, xor_, not_, andAlias, orAlias, xorAlias, notAlias;
    Reg::And(and_, a, b, g);
    Reg::Or(or_, a, b, g);
    Reg::Xor(xor_, a, b, g);
    Reg::Not(not_, a, g);
    Reg::MaskAnd(andAlias, a, b, g);
    Reg::MaskOr(orAlias, a, b, g);
    Reg::MaskXor(xorAlias, a, b, g);
    Reg::MaskNot(notAlias, a, g);
    for (uint32_t i = 0; i < 256; ++i) {
        const bool x = a.test(i), y = b.test(i), on = g.test(i);
        RC_ASSERT(and_.test(i) == (on && x && y));
        RC_ASSERT(or_.test(i) == (on && (x || y)));
        RC_ASSERT(xor_.test(i) == (on && x != y));
        RC_ASSERT(not_.test(i) == (on && !x));
    }
    RC_ASSERT(andAlias == and_);
    RC_ASSERT(orAlias == or_);
    RC_ASSERT(xorAlias == xor_);
    RC_ASSERT(notAlias == not_);
}

}  // namespace
