// expect-error: MGATHER: Coalesce::Elem needs idx with the valid shape of dst
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, float, 4, 8> dst;
    Tile<TileType::Vec, int32_t, 4, 8, BLayout::RowMajor, 4, 7> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
