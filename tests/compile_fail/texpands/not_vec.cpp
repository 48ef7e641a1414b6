// expect-error: TEXPANDS: dst must be a TileType::Vec tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, float, 1, 8> d;
    TEXPANDS(d, 1.0f);
}
