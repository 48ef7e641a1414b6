// expect-error: TLOAD: MX_B_NN / MX_B_ND / MX_B_DN load into an Nn tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    using E8 = float8_e8m0_t;
    Tile<TileType::Mat, E8, 4, 32, BLayout::RowMajor, 4, 32, SLayout::RowMajor, 32> zz;  // the left order
    GlobalTensor<E8, TileShape2D<E8, 4, 32, Layout::MX_B_NN>, BaseShape2D<E8, 4, 32, Layout::MX_B_NN>,
                 Layout::MX_B_NN>
        g(p);
    TLOAD(zz, g);
}
