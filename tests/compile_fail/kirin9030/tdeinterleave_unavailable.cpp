// expect-error: TDEINTERLEAVE: not available on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src;
    Tile<TileType::Vec, float, 4, 8, BLayout::RowMajor, 4, 8> d1, d0;
    TDeInterleave(d1, d0, src);
}
