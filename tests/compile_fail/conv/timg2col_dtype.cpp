// expect-error: TIMG2COL: dst and src element types must be the same
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    ConvTile<TileType::Mat, half, 4096, Layout::NC1HWC0, ConvTileShape<1, 1, 4, 4, 16>> src;
    TileLeft<float, 16, 64> dst;
    TIMG2COL(dst, src);
}
