// expect-error: TSTORE: tile and global tensor element sizes must match (only an Acc tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f(half* p) {
    Tile<TileType::Vec, float, 16, 16> t;
    GlobalTensor<half, Shape<1, 1, 1, 16, 16>, Stride<256, 256, 256, 16, 1>> g(p);
    TSTORE(g, t);
}
