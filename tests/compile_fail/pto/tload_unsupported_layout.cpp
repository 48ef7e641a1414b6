// expect-error: TLOAD: the global tensor layout must be Layout::ND, Layout::DN
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float* p) {
    Tile<TileType::Vec, float, 16, 64> t;
    GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>, Layout::HIF4_A_ZZ> g(p);
    TLOAD(t, g);
}
