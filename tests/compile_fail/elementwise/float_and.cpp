// expect-error: TAND: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> a, b, c;
    TAND(c, a, b);
}
