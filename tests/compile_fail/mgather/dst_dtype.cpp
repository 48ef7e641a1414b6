// expect-error: MGATHER: dst element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<int64_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, int64_t, 1, 8> dst;
    Tile<TileType::Vec, int32_t, 1, 8> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
