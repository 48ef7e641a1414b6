// expect-error: MGATHER: a TileType::Mat dst must be NZ
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 64, 16>, Stride<1, 1, 1, 16, 1>> table(nullptr);
    GlobalTensor<int32_t, Shape<1, 1, 1, 1, 16>, Stride<1, 1, 1, 16, 1>> idx(nullptr);
    Tile<TileType::Mat, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::ColMajor, 512> dst;  // ZN
    MGATHER(dst, table, idx);
}
