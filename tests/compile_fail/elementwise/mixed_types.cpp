// expect-error: TADD: every operand must have the destination's element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> a, c;
    Tile<TileType::Vec, int32_t, 8, 16> b;
    TADD(c, a, b);
}
