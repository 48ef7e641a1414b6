// MaskReg, CreateMask and UpdateMask: one predicate bit per byte lane; elements of size s read (and generated
// masks set) bit j * s only.
#include <gtest/gtest.h>

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_intf.h"

namespace {

namespace Reg = AscendC::Reg;
using Reg::MaskPattern;

// The set bits of a mask, as byte-lane indices.
std::vector<uint32_t> set_lanes(const Reg::MaskReg& m) {
    std::vector<uint32_t> lanes;
    for (uint32_t i = 0; i < 256; ++i) {
        if (m.test(i))
            lanes.push_back(i);
    }
    return lanes;
}

// Bits j * size for j in [0, count) by `step`.
std::vector<uint32_t> element_bits(uint32_t size, uint32_t count, uint32_t step = 1) {
    std::vector<uint32_t> lanes;
    for (uint32_t j = 0; j < count; j += step)
        lanes.push_back(j * size);
    return lanes;
}

TEST(RegMask, AllSetsTheLowestBitOfEveryElement) {
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint8_t>()), element_bits(1, 256));
    EXPECT_EQ(set_lanes(Reg::CreateMask<int16_t>()), element_bits(2, 128));
    EXPECT_EQ(set_lanes(Reg::CreateMask<half>()), element_bits(2, 128));
    EXPECT_EQ(set_lanes(Reg::CreateMask<float>()), element_bits(4, 64));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint64_t>()), element_bits(8, 32));
}

TEST(RegMask, FixedPatterns) {
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint8_t, MaskPattern::VL1>()), element_bits(1, 1));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint8_t, MaskPattern::VL3>()), element_bits(1, 3));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint16_t, MaskPattern::VL8>()), element_bits(2, 8));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint32_t, MaskPattern::VL16>()), element_bits(4, 16));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint32_t, MaskPattern::VL64>()), element_bits(4, 64));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint16_t, MaskPattern::VL128>()), element_bits(2, 128));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint8_t, MaskPattern::VL128>()), element_bits(1, 128));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint8_t, MaskPattern::M3>()), element_bits(1, 256, 3));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint16_t, MaskPattern::M4>()), element_bits(2, 128, 4));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint8_t, MaskPattern::H>()), element_bits(1, 128));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint32_t, MaskPattern::H>()), element_bits(4, 32));
    EXPECT_EQ(set_lanes(Reg::CreateMask<uint16_t, MaskPattern::Q>()), element_bits(2, 32));
    EXPECT_EQ((Reg::CreateMask<uint8_t, MaskPattern::ALLF>().count()), 0u);
    EXPECT_EQ((Reg::CreateMask<uint64_t, MaskPattern::ALL, Reg::RegTraitNumOne>().count()), 32u);
}

TEST(RegMask, UpdateMaskCountsDownOneRegisterAtATime) {
    uint32_t remaining = 300;
    EXPECT_EQ(set_lanes(Reg::UpdateMask<uint16_t>(remaining)), element_bits(2, 128));
    EXPECT_EQ(remaining, 172u);
    EXPECT_EQ(set_lanes(Reg::UpdateMask<uint16_t>(remaining)), element_bits(2, 128));
    EXPECT_EQ(remaining, 44u);
    EXPECT_EQ(set_lanes(Reg::UpdateMask<uint16_t>(remaining)), element_bits(2, 44));
    EXPECT_EQ(remaining, 0u);
    EXPECT_EQ(Reg::UpdateMask<uint16_t>(remaining).count(), 0u);
    EXPECT_EQ(remaining, 0u);

    uint32_t bytes = 256;
    EXPECT_EQ(Reg::UpdateMask<uint8_t>(bytes).count(), 256u);
    EXPECT_EQ(bytes, 0u);
    uint32_t words = 5;
    EXPECT_EQ(set_lanes(Reg::UpdateMask<float>(words)), element_bits(4, 5));
}

TEST(RegMask, BitAccessAndMemoryForm) {
    Reg::MaskReg m;
    m.set(0);
    m.set(9);
    m.set(255);
    EXPECT_TRUE(m.test(9));
    EXPECT_FALSE(m.test(8));
    EXPECT_TRUE(m.active<uint8_t>(9));
    EXPECT_FALSE(m.active<uint16_t>(4));  // element 4 of b16 reads bit 8
    m.set_element<uint16_t>(4);
    EXPECT_TRUE(m.test(8));
    const auto bytes = m.to_bytes();
    EXPECT_EQ(bytes[0], 0x01);
    EXPECT_EQ(bytes[1], 0x03);  // lanes 8 and 9
    EXPECT_EQ(bytes[31], 0x80);
    EXPECT_EQ(Reg::MaskReg::from_bytes(bytes.data()), m);
    m.set(9, false);
    EXPECT_FALSE(m.test(9));
    EXPECT_EQ(m.count(), 3u);
}

}  // namespace
