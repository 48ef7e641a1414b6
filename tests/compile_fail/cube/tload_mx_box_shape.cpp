// expect-error: TLOAD: MX_A_ZZ and MX_B_NN global shapes end in 16 x 2 boxes
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float8_e8m0_t* p) {
    using E8 = float8_e8m0_t;
    Tile<TileType::Mat, E8, 32, 4, BLayout::RowMajor, 32, 4, SLayout::RowMajor, 32> zz;
    GlobalTensor<E8, Shape<1, 4, 2, 8, 2>, Stride<128, 64, 16, 2, 1>, Layout::MX_A_ZZ> g(p);
    TLOAD(zz, g);
}
