// expect-error: MSCATTER: Coalesce::Elem needs idx with the valid shape of src
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using G = GlobalTensor<uint32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>>;
    G table(nullptr);
    Tile<TileType::Vec, uint32_t, 2, 8> src;
    Tile<TileType::Vec, uint32_t, 1, 8> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
