// expect-error: TPACK: not available on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src;
    Tile<TileType::Vec, half, 4, 16> dst;
    TPACK(dst, src);
}
