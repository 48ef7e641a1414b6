// expect-error: TLOAD: a 4-D FRACTAL_Z tile is [C1*H*W, N1, 16, C0] with C0 = 32 / sizeof(DType)
#include <pto/pto-inst.hpp>
using namespace pto;
void f(half* p) {
    ConvTile<TileType::Mat, half, 4096, Layout::FRACTAL_Z, ConvTileShape<4, 1, 16, 8>> t;  // C0 of half is 16
    GlobalTensor<half, Shape<1, 4, 1, 16, 8>, Stride<512, 128, 128, 8, 1>, Layout::FRACTAL_Z> g(p);
    TLOAD(t, g);
}
