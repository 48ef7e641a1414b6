// expect-error: MGATHER: the table's element type must be the destination tile's
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<int32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, float, 1, 8> dst;
    Tile<TileType::Vec, int32_t, 1, 8> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
