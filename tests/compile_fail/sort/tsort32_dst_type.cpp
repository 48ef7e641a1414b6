// expect-error: TSORT32: dst must have src's element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, half, 1, 32> src;
    Tile<TileType::Vec, uint32_t, 1, 32> idx;
    Tile<TileType::Vec, float, 1, 64> dst;
    TSORT32(dst, src, idx);
}
