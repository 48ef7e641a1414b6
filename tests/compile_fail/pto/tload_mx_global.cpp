// expect-error: TLOAD: a global tensor in an MX layout loads into a Mat tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    Tile<TileType::Vec, float8_e8m0_t, 16, 64> t;
    GlobalTensor<float8_e8m0_t, Shape<1, 1, 16, 32, 2>, Stride<1, 1, 64, 2, 1>, Layout::MX_A_ND> g(p);
    TLOAD(t, g);
}
