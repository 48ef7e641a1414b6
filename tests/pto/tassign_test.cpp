// TASSIGN: binding tiles to the buffer of their TileType (offsets and the alias idiom), with bounds and
// alignment checks, and pto-isa's memory model API (NPUMemoryModel, NPU_MEMORY_INIT / NPU_MEMORY_CLEAR).
#include <gtest/gtest.h>

#include <cstdlib>
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
    EXPECT_CHECK_FAILS(TASSIGN(t, 0x1004),
                       "TASSIGN: address must be 32-byte aligned (buffer=UB, address=4100)");
    EXPECT_FALSE(t.IsAssigned());
}

TEST(TAssign, OutOfBoundsIsAnError) {
    using T = Tile<TileType::Vec, float, 16, 64>;
    T t;
    EXPECT_CHECK_FAILS(TASSIGN(t, 512 * 1024 - 2048),
                       "TASSIGN: tile does not fit in its buffer (buffer=UB, address=522240, bytes=4096, "
                       "valid_bytes=4096, buffer_bytes=524288)");
    EXPECT_CHECK_FAILS(TASSIGN(t, -32), "TASSIGN: address must not be negative (address=-32)");
    EXPECT_FALSE(t.IsAssigned());
}

// Each TileType has its own address space: the same offset names different bytes.
TEST(TAssign, EachTileTypeHasItsOwnBuffer) {
    Tile<TileType::Vec, float, 16, 16> vec;
    Tile<TileType::Mat, float, 16, 16> mat;
    TileLeft<float, 16, 16> left;
    TileRight<float, 16, 16> right;
    TileAcc<float, 16, 16> acc;
    TASSIGN(vec, 0);
    TASSIGN(mat, 0);
    TASSIGN(left, 0);
    TASSIGN(right, 0);
    TASSIGN(acc, 0);
    auto& m = NPUMemoryModel::Instance();
    EXPECT_EQ(reinterpret_cast<char*>(vec.data()), m.GetUBBase());
    EXPECT_EQ(reinterpret_cast<char*>(mat.data()), m.GetL1Base());
    EXPECT_EQ(reinterpret_cast<char*>(left.data()), m.GetL0ABase());
    EXPECT_EQ(reinterpret_cast<char*>(right.data()), m.GetL0BBase());
    EXPECT_EQ(reinterpret_cast<char*>(acc.data()), m.GetL0CBase());
    // L0A is 64 KiB: an offset that fits the UB does not fit there.
    EXPECT_CHECK_FAILS(TASSIGN(left, 64 * 1024), "TASSIGN: tile does not fit in its buffer (buffer=L0A");
}

// pto-isa's alias idiom: an integer that is an address inside the tile's buffer binds the tile there.
TEST(TAssign, AnAddressInsideTheBufferAliasesIt) {
    Tile<TileType::Vec, float, 8, 64> base;
    Tile<TileType::Vec, float, 4, 64> tail;
    TASSIGN(base, 0x4000);
    TASSIGN(tail, reinterpret_cast<std::uintptr_t>(base.data() + 4 * 64));
    ASSERT_EQ(tail.data(), base.data() + 4 * 64);
    tail.SetElement(0, 3, 9.0f);
    EXPECT_EQ(base.GetElement(4, 3), 9.0f);
    // The alias keeps the rules of an offset: alignment, fit, and the tile's own buffer.
    EXPECT_CHECK_FAILS(TASSIGN(tail, reinterpret_cast<std::uintptr_t>(base.data()) + 4),
                       "TASSIGN: address must be 32-byte aligned (buffer=UB, address=16388)");
    TileAcc<float, 16, 16> acc;
    EXPECT_CHECK_FAILS(TASSIGN(acc, reinterpret_cast<std::uintptr_t>(base.data())),
                       "TASSIGN: a tile is bound inside the buffer of its TileType");
    Tile<TileType::Vec, float, 64, 64> big;
    EXPECT_CHECK_FAILS(TASSIGN(big, reinterpret_cast<std::uintptr_t>(ptosim::ub::base() + 512 * 1024 - 4096)),
                       "TASSIGN: tile does not fit in its buffer (buffer=UB, address=520192");
}

// A window of a larger tile (more rows declared than fit after its offset) is accepted when its valid region
// fits; instructions then may touch only that region.
TEST(TAssign, AWindowNeedsOnlyItsValidRegionToFit) {
    NPU_MEMORY_INIT(NPUArch::A2A3);  // L0C: 128 KiB
    using Strip = Tile<TileType::Acc, int32_t, 128, 256, BLayout::ColMajor, 16, 256, SLayout::RowMajor, 1024>;
    for (std::size_t offset = 0; offset < 8 * 1024; offset += 1024) {  // the last strip ends with L0C
        Strip s;
        TASSIGN(s, offset);
        EXPECT_EQ(reinterpret_cast<char*>(s.data()), NPUMemoryModel::Instance().GetL0CBase() + offset);
    }
    Strip late;
    EXPECT_CHECK_FAILS(TASSIGN(late, 8 * 1024),
                       "TASSIGN: tile does not fit in its buffer (buffer=L0C, address=8192, "
                       "bytes=131072, valid_bytes=123904, buffer_bytes=131072)");
    using Wide = Tile<TileType::Vec, float, 64, 64, BLayout::RowMajor, -1, -1>;
    Wide w(8, 64);
    TASSIGN(w, 512 * 1024 - 8 * 64 * 4);  // 8 valid rows fit, 64 declared do not
    Tile<TileType::Vec, uint8_t, 64, 32, BLayout::RowMajor, -1, -1> mask(8, 8);
    TASSIGN(mask, 0);
    TCMPS(mask, w, 0.0f, CmpMode::EQ);  // reads only the valid rows
    w.SetValidRow(9);
    EXPECT_CHECK_FAILS(TCMPS(mask, w, 0.0f, CmpMode::EQ),
                       "TCMPS: the tile's valid region reaches past the end of its buffer (operand=src0");
    NPU_MEMORY_INIT(NPUArch::A5);
}

TEST(TAssign, EachThreadHasItsOwnBuffers) {
    std::byte* main_ub = ptosim::ub::base();
    char* main_l1 = NPUMemoryModel::Instance().GetL1Base();
    std::byte* other_ub = nullptr;
    char* other_l1 = nullptr;
    std::thread([&] {
        other_ub = ptosim::ub::base();
        other_l1 = NPUMemoryModel::Instance().GetL1Base();
    }).join();
    EXPECT_NE(main_ub, other_ub);
    EXPECT_NE(main_l1, other_l1);
}

TEST(TAssign, GlobalTensorTakesAPointer) {
    float buf[16] = {};
    using G = GlobalTensor<float, Shape<1, 1, 1, 4, 4>, Stride<16, 16, 16, 4, 1>>;
    G g;
    TASSIGN(g, buf);
    EXPECT_EQ(g.data(), buf);
}

TEST(NPUMemoryModel, SizesFollowTheArchitecture) {
    auto& m = NPUMemoryModel::Instance();
    NPU_MEMORY_INIT(NPUArch::A2A3);
    EXPECT_EQ(m.GetArch(), NPUArch::A2A3);
    EXPECT_TRUE(m.IsInitialized());
    const auto& a2 = m.GetSizes();
    EXPECT_EQ(a2[1], 512u * 1024);  // UB
    EXPECT_EQ(a2[2], 512u * 1024);  // L1
    EXPECT_EQ(a2[3], 64u * 1024);   // L0A
    EXPECT_EQ(a2[4], 64u * 1024);   // L0B
    EXPECT_EQ(a2[5], 128u * 1024);  // L0C
    NPU_MEMORY_INIT(NPUArch::A5);
    EXPECT_EQ(m.GetSizes()[5], 256u * 1024);
}

TEST(NPUMemoryModel, ClearZeroesAndAddressesAreFound) {
    Tile<TileType::Mat, int32_t, 16, 16> mat;
    TASSIGN(mat, 0x100);
    mat.SetElement(2, 3, 42);
    auto& m = NPUMemoryModel::Instance();
    EXPECT_TRUE(m.ContainsAddress(reinterpret_cast<std::uintptr_t>(mat.data())));
    EXPECT_EQ(m.GetNPUAddr(mat.data()), 0x100u);
    EXPECT_EQ(GetScaleAddr(mat.data()), 0x10u);
    int on_stack = 0;
    EXPECT_FALSE(m.ContainsAddress(reinterpret_cast<std::uintptr_t>(&on_stack)));
    EXPECT_CHECK_FAILS(m.GetNPUAddr(&on_stack), "NPUMemoryModel: the pointer is not inside");
    NPU_MEMORY_CLEAR();
    EXPECT_EQ(mat.GetElement(2, 3), 0);
}

TEST(NPUMemoryModel, EnvironmentOverridesBufferSizes) {
    ::setenv("PTO_CPU_SIM_L1_BYTES", "8192", 1);
    std::size_t l1 = 0;
    std::thread([&] {  // a new thread sizes its buffers afresh
        l1 = NPUMemoryModel::Instance().GetSizes()[2];
        Tile<TileType::Mat, float, 16, 16> mat;  // 1 KiB
        EXPECT_NO_THROW(TASSIGN(mat, 7 * 1024));
        EXPECT_CHECK_FAILS(TASSIGN(mat, 8 * 1024), "TASSIGN: tile does not fit in its buffer (buffer=L1");
    })
        .join();
    ::unsetenv("PTO_CPU_SIM_L1_BYTES");
    EXPECT_EQ(l1, 8192u);
}

TEST(TileMembers, KAlignedAndAtomicAdd) {
    TileLeft<half, 16, 32> left;
    EXPECT_FALSE(left.GetKAligned());
    left.SetKAligned(true);
    EXPECT_TRUE(left.GetKAligned());
    Tile<TileType::Vec, int32_t, 8, 8> t;
    TASSIGN(t, 0);
    t.SetElement(1, 1, 5);
    std::thread a([&] {
        for (int i = 0; i < 1000; ++i)
            t.AddToElement(1, 1, 1);
    });
    for (int i = 0; i < 1000; ++i)
        t.AddToElement(1, 1, 2);
    a.join();
    EXPECT_EQ(t.GetElement(1, 1), 3005);
    EXPECT_EQ((TileLeft<half, 16, 32>::getInnerRow()), 16);
    EXPECT_EQ((TileLeft<half, 16, 32>::getInnerCol()), 16);
}

}  // namespace
