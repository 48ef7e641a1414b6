// expect-error: TSTORE: the global tensor layout must be Layout::ND, Layout::DN
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    using E8 = float8_e8m0_t;
    Tile<TileType::Mat, E8, 32, 4, BLayout::RowMajor, 32, 4, SLayout::RowMajor, 32> zz;
    GlobalTensor<E8, TileShape2D<E8, 32, 4, Layout::MX_A_ZZ>, BaseShape2D<E8, 32, 4, Layout::MX_A_ZZ>,
                 Layout::MX_A_ZZ>
        g(p);
    TSTORE(g, zz);
}
