// expect-error: TSEL: selMask dtype must be uint8_t or uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 1, 8> a, b, d;
    Tile<TileType::Vec, uint16_t, 1, 16> mask;
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
