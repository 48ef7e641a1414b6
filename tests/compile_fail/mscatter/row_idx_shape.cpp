// expect-error: MSCATTER: Coalesce::Row needs idx with valid shape 1 x R or R x 1 (R = src valid rows)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<uint32_t, Shape<1, 1, 1, 4, 8>, Stride<1, 1, 1, 8, 1>> table(nullptr);
    Tile<TileType::Vec, uint32_t, 4, 8> src;
    Tile<TileType::Vec, uint32_t, 4, 8> idx;  // one index per element is Elem, not Row
    MSCATTER(table, src, idx);
}
