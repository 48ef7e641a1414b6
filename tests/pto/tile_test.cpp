// pto::Tile: members, defaults, static and dynamic valid shapes, element offsets, auto-mode storage.
#include <gtest/gtest.h>

#include <pto/pto-inst.hpp>

#include "support/check_matchers.hpp"

namespace {

using namespace pto;

TEST(Tile, DefaultsMatchPtoIsa) {
    using T = Tile<TileType::Vec, float, 16, 64>;
    static_assert(std::is_same_v<T::DType, float>);
    static_assert(T::Rows == 16 && T::Cols == 64 && T::Numel == 1024);
    static_assert(T::ValidRow == 16 && T::ValidCol == 64);
    static_assert(T::isRowMajor && T::RowStride == 64 && T::ColStride == 1);
    static_assert(T::BFractal == BLayout::RowMajor && T::SFractal == SLayout::NoneBox);
    static_assert(T::SFractalSize == 512 && T::PadVal == PadValue::Null && T::Compact == CompactMode::Null);
    static_assert(T::GetSizeInBytes() == 4096);
    static_assert(T::GetValidRow() == 16 && T::GetValidCol() == 64);
    static_assert(!T::isBoxedLayout && T::InnerRows == 1 && T::InnerCols == 1);
}

TEST(Tile, ColumnMajorMembers) {
    using T = Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor>;
    static_assert(!T::isRowMajor && T::RowStride == 1 && T::ColStride == 32);
    static_assert(GetTileElementOffset<T>(5, 0) == 5);
}

TEST(Tile, BoxShapesFollowFractalSize) {
    using Nz = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor>;
    static_assert(Nz::InnerRows == 16 && Nz::InnerCols == 16);  // 16 x (32 / sizeof(half))
    using NzF = Tile<TileType::Mat, float, 32, 16, BLayout::ColMajor, 32, 16, SLayout::RowMajor>;
    static_assert(NzF::InnerRows == 16 && NzF::InnerCols == 8);
    using Zn = Tile<TileType::Right, int8_t, 64, 32, BLayout::RowMajor, 64, 32, SLayout::ColMajor>;
    static_assert(Zn::InnerRows == 32 && Zn::InnerCols == 16);
    using Acc = TileAcc<float, 32, 32>;
    static_assert(Acc::InnerRows == 16 && Acc::InnerCols == 16 && Acc::SFractalSize == 1024);
    using Mx = Tile<TileType::ScaleLeft, uint8_t, 32, 32, BLayout::RowMajor, 32, 32, SLayout::RowMajor, 32>;
    static_assert(Mx::InnerRows == 16 && Mx::InnerCols == 2);
}

TEST(Tile, BoxedOffsets) {
    // Nz: column-major boxes of 16 x 16, row-major inside.
    using Nz = Tile<TileType::Mat, half, 32, 32, BLayout::ColMajor, 32, 32, SLayout::RowMajor>;
    EXPECT_EQ(GetTileElementOffset<Nz>(0, 0), 0u);
    EXPECT_EQ(GetTileElementOffset<Nz>(0, 1), 1u);
    EXPECT_EQ(GetTileElementOffset<Nz>(1, 0), 16u);
    EXPECT_EQ(GetTileElementOffset<Nz>(16, 0), 256u);  // second box of the first box column
    EXPECT_EQ(GetTileElementOffset<Nz>(0, 16), 512u);  // first box of the second box column
    EXPECT_EQ(GetTileElementOffset<Nz>(17, 18), 512u + 256u + 16u + 2u);
    // Zn: row-major boxes, column-major inside.
    using Zn = Tile<TileType::Right, half, 32, 32, BLayout::RowMajor, 32, 32, SLayout::ColMajor>;
    EXPECT_EQ(GetTileElementOffset<Zn>(1, 0), 1u);
    EXPECT_EQ(GetTileElementOffset<Zn>(0, 1), 16u);
    EXPECT_EQ(GetTileElementOffset<Zn>(0, 16), 256u);
    EXPECT_EQ(GetTileElementOffset<Zn>(16, 0), 512u);
}

TEST(Tile, DynamicValidShape) {
    using T = Tile<TileType::Vec, uint16_t, 8, 64, BLayout::RowMajor, -1, -1>;
    T t(5, 33);
    EXPECT_EQ(t.GetValidRow(), 5u);
    EXPECT_EQ(t.GetValidCol(), 33u);
    t.SetValidShape(8, 64);
    EXPECT_EQ(t.GetValidRow(), 8u);
    using R = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, -1, 64>;
    R r(3);
    EXPECT_EQ(r.GetValidRow(), 3u);
    static_assert(R::GetValidCol() == 64);
    using C = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 8, -1>;
    C c(10);
    EXPECT_EQ(c.GetValidCol(), 10u);
}

TEST(Tile, DynamicValidShapeBeyondPhysicalIsAnError) {
    using T = Tile<TileType::Vec, uint16_t, 8, 64, BLayout::RowMajor, -1, -1>;
    EXPECT_CHECK_FAILS(T(9, 64), "Tile: valid rows must not exceed Rows (validRow=9, Rows=8)");
    EXPECT_CHECK_FAILS(T(8, 65), "Tile: valid columns must not exceed Cols (validCol=65, Cols=64)");
}

TEST(Tile, AutoModeStorageIsZeroedAndSharedByCopies) {
    using T = Tile<TileType::Vec, int32_t, 4, 8>;
    T a;
    EXPECT_FALSE(a.IsAssigned());
    ASSERT_NE(a.data(), nullptr);
    for (int i = 0; i < T::Numel; ++i)
        EXPECT_EQ(a.data()[i], 0);
    a.SetElement(2, 3, 42);
    T b = a;
    EXPECT_EQ(b.GetElement(2, 3), 42);
    EXPECT_EQ(b.GetValue(2 * 8 + 3), 42);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data()) % 64, 0u);
}

TEST(Tile, ViewDescribesTheTile) {
    using T = Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, -1, -1>;
    T t(7, 20);
    const ptosim::TileView v = t.view();
    EXPECT_EQ(v.dtype, ptosim::DType::F16);
    EXPECT_EQ(v.valid_rows, 7);
    EXPECT_EQ(v.valid_cols, 20);
    EXPECT_EQ(v.layout, ptosim::Layout::row_major(16, 32));
    EXPECT_EQ(v.bytes(), T::GetSizeInBytes());
}

}  // namespace
