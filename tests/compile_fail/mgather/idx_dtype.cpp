// expect-error: MGATHER: idx dtype must be int32_t or uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, float, 1, 16> dst;
    Tile<TileType::Vec, uint16_t, 1, 16> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
