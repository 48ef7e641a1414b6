// expect-error: MSCATTER: src element type not supported on the compiled architecture profile
// bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<int64_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, int64_t, 1, 8> src;
    Tile<TileType::Vec, uint32_t, 1, 8> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
