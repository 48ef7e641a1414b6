// expect-error: MSCATTER: the table must be Layout::ND
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<uint32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 1, 1>, Layout::DN> table(nullptr);
    Tile<TileType::Vec, uint32_t, 1, 8> src;
    Tile<TileType::Vec, uint32_t, 1, 8> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
