// expect-error: TSORT32: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int32_t, 1, 32> src;
    Tile<TileType::Vec, uint32_t, 1, 32> idx;
    Tile<TileType::Vec, int32_t, 1, 64> dst;
    TSORT32(dst, src, idx);
}
