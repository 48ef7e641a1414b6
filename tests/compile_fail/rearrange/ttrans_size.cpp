// expect-error: TTRANS: src and dst element types must have the same size
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> s, t;
    Tile<TileType::Vec, half, 16, 16> d;
    TTRANS(d, s, t);
}
