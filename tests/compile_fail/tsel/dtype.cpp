// expect-error: TSEL: element type not supported on the compiled architecture profile
// half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, double, 1, 8> a, b, d;
    Tile<TileType::Vec, uint8_t, 1, 32> mask;
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
