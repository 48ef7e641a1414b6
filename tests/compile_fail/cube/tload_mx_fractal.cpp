// expect-error: TLOAD: a tile loaded from an MX layout must have SFractalSize 32
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    using E8 = float8_e8m0_t;
    Tile<TileType::Mat, E8, 32, 32, BLayout::RowMajor, 32, 32, SLayout::RowMajor, 512> zz;
    GlobalTensor<E8, TileShape2D<E8, 32, 32, Layout::MX_A_ZZ>, BaseShape2D<E8, 32, 32, Layout::MX_A_ZZ>,
                 Layout::MX_A_ZZ>
        g(p);
    TLOAD(zz, g);
}
