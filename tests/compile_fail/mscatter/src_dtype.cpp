// expect-error: MSCATTER: src dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half,
// bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<int64_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, int64_t, 1, 8> src;
    Tile<TileType::Vec, uint32_t, 1, 8> idx;
    MSCATTER<Coalesce::Elem>(table, src, idx);
}
