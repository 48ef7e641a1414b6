// expect-error: MGATHER: Coalesce::Row needs idx with valid shape 1 x R or R x 1
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 6, 8>, Stride<1, 1, 1, 8, 1>> table(nullptr);
    Tile<TileType::Vec, float, 4, 8> dst;
    Tile<TileType::Vec, int32_t, 4, 8> idx;  // one index per element is Elem, not Row
    MGATHER(dst, table, idx);
}
