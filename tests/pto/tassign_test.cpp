// TASSIGN: binding tiles to the Unified Buffer, with bounds and alignment checks.
#include <gtest/gtest.h>

#include <thread>

#include <pto/pto-inst.hpp>

#include "support/check_matchers.hpp"

namespace {

using namespace pto;

TEST(TAssign, BindsTileToUnifiedBuffer) {
    using T = Tile<TileType::Vec, float, 16, 64>;
    T t;
    TASSIGN(t, 0x1000);
    EXPECT_TRUE(t.IsAssigned());
    EXPECT_EQ(reinterpret_cast<std::byte*>(t.data()), ptosim::ub::base() + 0x1000);
    T alias;
    TASSIGN(alias, 0x1000);
    t.SetElement(1, 2, 3.5f);
    EXPECT_EQ(alias.GetElement(1, 2), 3.5f);  // same UB bytes
}

TEST(TAssign, CompileTimeAddress) {
    using T = Tile<TileType::Vec, uint8_t, 32, 32>;
    T t;
    TASSIGN<0x2000>(t);
    EXPECT_EQ(reinterpret_cast<std::byte*>(t.data()), ptosim::ub::base() + 0x2000);
}

TEST(TAssign, LastFittingAddressIsAccepted) {
    using T = Tile<TileType::Vec, float, 16, 64>;  // 4 KiB
    T t;
    EXPECT_NO_THROW(TASSIGN(t, 512 * 1024 - 4096));
}

TEST(TAssign, MisalignedAddressIsAnError) {
    using T = Tile<TileType::Vec, float, 16, 64>;
    T t;
    EXPECT_CHECK_FAILS(TASSIGN(t, 0x1004), "TASSIGN: address must be 32-byte aligned (address=4100)");
    EXPECT_FALSE(t.IsAssigned());
}

TEST(TAssign, OutOfBoundsIsAnError) {
    using T = Tile<TileType::Vec, float, 16, 64>;
    T t;
    EXPECT_CHECK_FAILS(
        TASSIGN(t, 512 * 1024 - 2048),
        "TASSIGN: tile does not fit in the 512 KiB Unified Buffer (address=522240, bytes=4096, UB=524288)");
    EXPECT_CHECK_FAILS(TASSIGN(t, -32), "TASSIGN: tile does not fit");
}

TEST(TAssign, EachThreadHasItsOwnUnifiedBuffer) {
    std::byte* main_ub = ptosim::ub::base();
    std::byte* other_ub = nullptr;
    std::thread([&] { other_ub = ptosim::ub::base(); }).join();
    EXPECT_NE(main_ub, other_ub);
}

TEST(TAssign, GlobalTensorTakesAPointer) {
    float buf[16] = {};
    using G = GlobalTensor<float, Shape<1, 1, 1, 4, 4>, Stride<16, 16, 16, 4, 1>>;
    G g;
    TASSIGN(g, buf);
    EXPECT_EQ(g.data(), buf);
}

}  // namespace
