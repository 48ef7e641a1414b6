// expect-error: TSEL: dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t,
// half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, double, 1, 8> a, b, d;
    Tile<TileType::Vec, uint8_t, 1, 32> mask;
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
