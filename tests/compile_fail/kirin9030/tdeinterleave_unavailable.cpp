// expect-error: TDEINTERLEAVE: not available on this architecture profile (A5 only)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src;
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, 4, 8> d1, d0;
    TDeInterleave(d1, d0, src);
}
