// expect-error: TDEINTERLEAVE: tiles must be TileType::Vec tiles
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, float, 4, 16> src;
    Tile<TileType::Mat, float, 4, 8> d1, d0;
    TDEINTERLEAVE(d1, d0, src);
}
