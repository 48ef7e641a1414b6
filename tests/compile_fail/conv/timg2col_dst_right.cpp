// expect-error: TIMG2COL: dst must be TileType::Left
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    ConvTile<TileType::Mat, half, 4096, Layout::NC1HWC0, ConvTileShape<1, 1, 4, 4, 16>> src;
    TileRight<half, 16, 64> dst;
    TIMG2COL(dst, src);
}
