// expect-error: TRESHAPE: dst and src must have the same TileType
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 2, 16> s;
    Tile<TileType::Mat, float, 2, 16> d;
    TRESHAPE(d, s);
}
