// expect-error: TINTERLEAVE: all tiles must have the same dtype
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> d1, d0;
    Tile<TileType::Vec, int32_t, 4, 16> s1, s0;
    TINTERLEAVE(d1, d0, s1, s0);
}
