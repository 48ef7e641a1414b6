// expect-error: TLOAD: a conv tile is loaded into the L1 (TileType::Mat)
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float* p) {
    ConvTile<TileType::Vec, float, 512, Layout::NC1HWC0, ConvTileShape<1, 1, 2, 2, 8>> t;
    GlobalTensor<float, Shape<1, 1, 2, 2, 8>, Stride<32, 32, 16, 8, 1>, Layout::NC1HWC0> g(p);
    TLOAD(t, g);
}
