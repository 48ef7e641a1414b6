// expect-error: MSCATTER: src and idx must be row-major or column-major (no boxed layout)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using G = GlobalTensor<uint32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>>;
    G table(nullptr);
    Tile<TileType::Vec, uint32_t, 16, 8, BLayout::RowMajor, 16, 8, SLayout::RowMajor> src;
    Tile<TileType::Vec, uint32_t, 16, 8> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
