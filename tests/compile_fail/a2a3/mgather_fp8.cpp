// expect-error: MGATHER: dst element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float8_e4m3_t, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> table(nullptr);
    Tile<TileType::Vec, float8_e4m3_t, 1, 32> dst;
    Tile<TileType::Vec, int32_t, 1, 32> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
