// Compiled with PTO_NPU_ARCH_A2A3: every register-API header (Histograms' included) compiles under another
// profile, and the operations not tied to A5 hardware run; only a call of Histograms is rejected (see
// tests/compile_fail/reg/a2a3).
#include <gtest/gtest.h>

#include <kernel_operator.h>

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_histograms_intf.h"

namespace {

namespace Reg = AscendC::Reg;

TEST(RegProfileA2A3, CompanionOperationsWork) {
    static_assert(ptosim::kArch == ptosim::Arch::A2A3);
    alignas(32) static uint16_t buf[128];
    Reg::RegTensor<uint16_t> r;
    Reg::Duplicate<uint16_t>(r, 3);
    Reg::MaskReg all = Reg::CreateMask<uint16_t>();
    Reg::StoreAlign(buf, r, all);
    Reg::RegTensor<uint16_t> back;
    Reg::LoadAlign(back, buf);
    EXPECT_EQ(back[127], 3);
}

// The operations THISTOGRAM's register implementation composes (all but Histograms) compile and run here too.
TEST(RegProfileA2A3, ComputeOperationsWork) {
    static constexpr Reg::CastTrait kEven = {Reg::RegLayout::ZERO, Reg::SatMode::UNKNOWN,
                                             Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::UNKNOWN};
    Reg::RegTensor<uint8_t> a, b, lo, hi;
    Reg::Duplicate(a, uint8_t{7});
    Reg::Duplicate(b, uint8_t{7});
    Reg::MaskReg all = Reg::CreateMask<uint8_t>(), eq, both;
    Reg::Compare<uint8_t, AscendC::CMPMODE::EQ>(eq, a, b, all);
    Reg::And(both, eq, all, all);
    EXPECT_EQ(both.count(), 256u);
    Reg::DeInterleave(lo, hi, a, b);
    Reg::Interleave(a, b, lo, hi);
    Reg::RegTensor<uint16_t> w;
    Reg::Cast<uint16_t, uint8_t, kEven>(w, a, all);
    Reg::MaskReg allB16 = Reg::CreateMask<uint16_t>();
    Reg::Add(w, w, w, allB16);
    EXPECT_EQ(w[127], 14);
}

}  // namespace
