// expect-error: TTRANS: conv tiles convert NCHW -> NC1HWC0, NC1HWC0 -> NCHW, NC1HWC0 -> FRACTAL_Z
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    ConvTile<TileType::Vec, float, 4096, Layout::NCHW, ConvTileShape<16, 8, 2, 2>> src;
    ConvTile<TileType::Vec, float, 4096, Layout::FRACTAL_Z, ConvTileShape<4, 1, 16, 8>> dst;
    Tile<TileType::Vec, float, 1, 32> tmp;
    TTRANS(dst, src, tmp);
}
