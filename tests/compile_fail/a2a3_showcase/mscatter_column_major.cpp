// expect-error: MSCATTER: on the A2A3 profile src and idx must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<uint32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor> src;
    Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
