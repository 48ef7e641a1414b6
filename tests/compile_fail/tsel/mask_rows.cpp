// expect-error: TSEL: selMask must have a valid row per dst row
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 8> a, b, d;
    Tile<TileType::Vec, uint8_t, 4, 32, BLayout::RowMajor, 3, 1> mask;
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
