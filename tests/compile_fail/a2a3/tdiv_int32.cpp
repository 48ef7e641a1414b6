// expect-error: TDIV: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int32_t, 8, 16> a, b, c;
    TDIV(c, a, b);
}
