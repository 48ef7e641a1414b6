// expect-error: TLOAD: MX_A_ND / MX_A_DN / MX_B_ND / MX_B_DN global shapes are 3-D pairs
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    using E8 = float8_e8m0_t;
    Tile<TileType::Mat, E8, 4, 32, BLayout::ColMajor, 4, 32, SLayout::ColMajor, 32> nn;
    GlobalTensor<E8, Shape<1, 2, 2, 16, 2>, Stride<128, 64, 32, 2, 1>, Layout::MX_B_ND> g(p);
    TLOAD(nn, g);
}
