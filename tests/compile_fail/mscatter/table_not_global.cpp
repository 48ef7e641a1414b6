// expect-error: MSCATTER: the table must be a GlobalTensor
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 1, 8> table, src;
    Tile<TileType::Vec, uint32_t, 1, 8> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
