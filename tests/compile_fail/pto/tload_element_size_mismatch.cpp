// expect-error: TLOAD: tile and global tensor element sizes must match
#include <pto/pto-inst.hpp>
using namespace pto;
void f(uint16_t* p) {
    Tile<TileType::Vec, float, 16, 64> t;
    GlobalTensor<uint16_t, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>> g(p);
    TLOAD(t, g);
}
