// expect-error: TSEL: on the A2A3 profile tmp must be a uint32_t tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 1, 8> a, b, d;
    Tile<TileType::Vec, uint8_t, 1, 32> mask;
    Tile<TileType::Vec, float, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
