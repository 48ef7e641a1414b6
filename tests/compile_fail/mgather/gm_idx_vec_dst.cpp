// expect-error: MGATHER: indices in global memory need a TileType::Mat dst (the GM -> L1 form)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 64, 16>, Stride<1, 1, 1, 16, 1>> table(nullptr);
    GlobalTensor<int32_t, Shape<1, 1, 1, 1, 16>, Stride<1, 1, 1, 16, 1>> idx(nullptr);
    Tile<TileType::Vec, float, 16, 16> dst;
    MGATHER(dst, table, idx);
}
