// expect-error: MSCATTER: idx dtype must be int32_t or uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using G = GlobalTensor<uint32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>>;
    G table(nullptr);
    Tile<TileType::Vec, uint32_t, 1, 16> src;
    Tile<TileType::Vec, uint16_t, 1, 16> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
