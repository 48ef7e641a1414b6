// expect-error: TSTORE: a conv tile's layout must be NC1HWC0, NDC1HWC0 or FRACTAL_Z
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float* p) {
    ConvTile<TileType::Mat, float, 512, Layout::NCHW, ConvTileShape<1, 8, 2, 2>> t;
    GlobalTensor<float, Shape<1, 1, 8, 2, 2>, Stride<32, 32, 4, 2, 1>, Layout::NCHW> g(p);
    TSTORE(g, t);
}
