// expect-error: TDEINTERLEAVE: all tiles must have the same valid shape
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint8_t, 4, 32, BLayout::RowMajor, 4, 16> d1, d0;
    Tile<TileType::Vec, uint8_t, 4, 32, BLayout::RowMajor, 4, 32> s1, s0;
    TDEINTERLEAVE(d1, d0, s1, s0);
}
