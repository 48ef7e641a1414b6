// Duplicate: scalar broadcast, masked broadcast (ZEROING / MERGING) and broadcast of a register's lowest
// element.
#include <gtest/gtest.h>

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

namespace {

namespace Reg = AscendC::Reg;

TEST(RegDuplicate, ScalarToEveryElement) {
    Reg::RegTensor<uint16_t> r;
    Reg::Duplicate<uint16_t>(r, 0x1234);
    for (uint32_t j = 0; j < 128; ++j)
        ASSERT_EQ(r[j], 0x1234);
    Reg::Duplicate(r, 70000);  // converted like static_cast<uint16_t>
    EXPECT_EQ(r[0], static_cast<uint16_t>(70000));

    Reg::RegTensor<half> h;
    Reg::Duplicate(h, 1.5f);
    EXPECT_EQ(static_cast<float>(h[63]), 1.5f);
    Reg::Duplicate(h, half::from_bits(0x7E01));  // same type: bits copied unchanged (a NaN payload survives)
    EXPECT_EQ(h[127].bits(), 0x7E01);

    Reg::RegTensor<int64_t> w;
    Reg::Duplicate(w, -1);
    EXPECT_EQ(w[31], -1);
}

TEST(RegDuplicate, MaskedZeroingAndMerging) {
    Reg::MaskReg firstFour = Reg::CreateMask<uint32_t, Reg::MaskPattern::VL4>();
    Reg::RegTensor<uint32_t> z, m;
    Reg::Duplicate(z, 9u);
    Reg::Duplicate(m, 9u);
    Reg::Duplicate(z, 5u, firstFour);  // ZEROING by default
    Reg::Duplicate<uint32_t, Reg::MaskMergeMode::MERGING>(m, 5u, firstFour);
    for (uint32_t j = 0; j < 64; ++j) {
        ASSERT_EQ(z[j], j < 4 ? 5u : 0u) << j;
        ASSERT_EQ(m[j], j < 4 ? 5u : 9u) << j;
    }
}

TEST(RegDuplicate, LowestElementOfARegister) {
    Reg::RegTensor<int8_t> src, dst;
    for (uint32_t j = 0; j < 256; ++j)
        src[j] = static_cast<int8_t>(j);
    src[0] = -7;
    Reg::MaskReg all = Reg::CreateMask<int8_t>();
    Reg::Duplicate(dst, src, all);
    for (uint32_t j = 0; j < 256; ++j)
        ASSERT_EQ(dst[j], -7);
    Reg::MaskReg half1 = Reg::CreateMask<int8_t, Reg::MaskPattern::H>();
    Reg::Duplicate<int8_t, Reg::HighLowPart::LOWEST, Reg::MaskMergeMode::MERGING>(src, src,
                                                                                  half1);  // in place
    EXPECT_EQ(src[127], -7);
    EXPECT_EQ(src[128], static_cast<int8_t>(128));
}

}  // namespace
