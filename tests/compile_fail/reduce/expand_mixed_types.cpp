// expect-error: TROWEXPANDADD: every operand must have the destination's element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> a, d;
    Tile<TileType::Vec, half, 16, 1, BLayout::ColMajor> v;
    TROWEXPANDADD(d, a, v);
}
