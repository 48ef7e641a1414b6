// expect-error: MGATHER: on the A2A3 profile idx must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 16, 8>, Stride<1, 1, 1, 8, 1>> table(nullptr);
    Tile<TileType::Vec, float, 8, 8> dst;
    Tile<TileType::Vec, int32_t, 8, 1, BLayout::ColMajor> idx;
    MGATHER(dst, table, idx);
}
