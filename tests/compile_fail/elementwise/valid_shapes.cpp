// expect-error: TMULS: every operand must have the destination's valid shape
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> a;
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 4, 16> c;
    TMULS(c, a, 2.0f);
}
