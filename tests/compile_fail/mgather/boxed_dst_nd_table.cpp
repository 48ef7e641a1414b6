// expect-error: MGATHER: with an ND table dst must be row-major or column-major (no boxed layout)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> table(nullptr);
    Tile<TileType::Vec, float, 16, 8, BLayout::ColMajor, 16, 8, SLayout::RowMajor, 512> dst;
    Tile<TileType::Vec, int32_t, 16, 8> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
