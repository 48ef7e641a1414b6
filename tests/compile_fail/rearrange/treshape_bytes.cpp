// expect-error: TRESHAPE: dst and src must have the same size in bytes
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 2, 16> s;
    Tile<TileType::Vec, half, 2, 16> d;
    TRESHAPE(d, s);
}
