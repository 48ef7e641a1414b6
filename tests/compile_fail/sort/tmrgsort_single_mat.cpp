// expect-error: TMRGSORT: every tile must be a TileType::Vec tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, float, 1, 256> src;
    Tile<TileType::Vec, float, 1, 256> dst;
    TMRGSORT(dst, src, 64);
}
