// expect-error: TLOAD: the global tensor's layout must be the conv tile's
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float* p) {
    ConvTile<TileType::Mat, float, 512, Layout::NC1HWC0, ConvTileShape<1, 1, 2, 2, 8>> t;
    GlobalTensor<float, Shape<1, 1, 2, 2, 8>, Stride<32, 32, 16, 8, 1>> g(p);  // Layout::ND
    TLOAD(t, g);
}
