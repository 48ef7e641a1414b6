// expect-error: TEXTRACT: the destination of a conv extract must be TileType::Right
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    ConvTile<TileType::Mat, half, 8192, Layout::FRACTAL_Z, ConvTileShape<2, 1, 16, 16>> src;
    TileLeft<half, 32, 16> dst;
    TEXTRACT(dst, src, 0, 0);
}
