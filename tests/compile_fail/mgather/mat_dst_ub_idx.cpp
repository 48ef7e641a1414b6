// expect-error: MGATHER: with a UB index tile dst must be a TileType::Vec tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 64, 16>, Stride<1, 1, 1, 16, 1>> table(nullptr);
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512> dst;
    Tile<TileType::Vec, int32_t, 1, 16> idx;
    MGATHER(dst, table, idx);
}
