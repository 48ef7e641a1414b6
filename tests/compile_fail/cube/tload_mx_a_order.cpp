// expect-error: TLOAD: MX_A_ZZ / MX_A_ND / MX_A_DN load into a Zz tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    using E8 = float8_e8m0_t;
    Tile<TileType::Mat, E8, 32, 16, BLayout::ColMajor, 32, 16, SLayout::ColMajor, 32> nn;  // the right order
    GlobalTensor<E8, TileShape2D<E8, 32, 16, Layout::MX_A_DN>, BaseShape2D<E8, 32, 16, Layout::MX_A_DN>,
                 Layout::MX_A_DN>
        g(p);
    TLOAD(nn, g);
}
