// TCMP / TCMPS under the A2A3 profile (this file is compiled with PTO_NPU_ARCH_A2A3): int32 compares support
// only EQ and NE; every other mode behaves as EQ, and a warning says so once per instruction.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <pto/pto-inst.hpp>

#include "ptosim/core/diagnostic.hpp"

namespace {

using namespace pto;

static_assert(ptosim::kArch == ptosim::Arch::A2A3);

std::vector<std::string>& warnings() {
    static std::vector<std::string> w;
    return w;
}

class TCmpA2A3 : public ::testing::Test {
  protected:
    void SetUp() override {
        ptosim::reset_warnings();
        warnings().clear();
        previous_ = ptosim::set_warning_sink([](std::string_view m) { warnings().emplace_back(m); });
        for (int c = 0; c < 8; ++c) {
            a.SetElement(0, c, c);
            b.SetElement(0, c, 3);
        }
    }
    void TearDown() override { ptosim::set_warning_sink(previous_); }

    // Bits 0..7 of the mask of row 0.
    int bits() const { return mask.GetElement(0, 0); }

    using SrcT = Tile<TileType::Vec, int32_t, 1, 8>;
    using MaskT = Tile<TileType::Vec, uint8_t, 1, 32, BLayout::RowMajor, 1, 1>;
    SrcT a, b;
    MaskT mask;
    ptosim::WarningSink previous_ = nullptr;
};

TEST_F(TCmpA2A3, Int32ModesOtherThanEqAndNeBehaveAsEq) {
    TCMP(mask, a, b, CmpMode::EQ);
    EXPECT_EQ(bits(), 0x08);
    TCMP(mask, a, b, CmpMode::NE);
    EXPECT_EQ(bits(), 0xF7);
    EXPECT_TRUE(warnings().empty());
    for (CmpMode m : {CmpMode::LT, CmpMode::LE, CmpMode::GT, CmpMode::GE}) {
        TCMP(mask, a, b, m);
        EXPECT_EQ(bits(), 0x08) << static_cast<int>(m);
        TCMPS(mask, a, 3, m);
        EXPECT_EQ(bits(), 0x08) << static_cast<int>(m);
    }
    ASSERT_EQ(warnings().size(), 2u);  // once for TCMP, once for TCMPS
    EXPECT_EQ(
        warnings()[0],
        "TCMP: int32_t compares on the A2A3 profile support only EQ and NE; LT behaves as EQ, as on that "
        "hardware (reported once)");
    EXPECT_EQ(warnings()[1].rfind("TCMPS: int32_t compares on the A2A3 profile support only EQ and NE", 0),
              0u);
}

TEST_F(TCmpA2A3, OtherDtypesKeepTheirModes) {
    Tile<TileType::Vec, float, 1, 8> x, y;
    Tile<TileType::Vec, int16_t, 1, 16, BLayout::RowMajor, 1, 8> s;
    for (int c = 0; c < 8; ++c) {
        x.SetElement(0, c, static_cast<float>(c));
        y.SetElement(0, c, 3.0f);
        s.SetElement(0, c, static_cast<int16_t>(c));
    }
    TCMP(mask, x, y, CmpMode::LT);
    EXPECT_EQ(bits(), 0x07);
    TCMPS(mask, s, static_cast<int16_t>(3), CmpMode::GE);  // TCMPS takes int16_t on A2A3
    EXPECT_EQ(bits(), 0xF8);
    EXPECT_TRUE(warnings().empty());
}

}  // namespace
