// expect-error: TLOAD: the MX layouts hold float8_e8m0_t scales
#include <pto/pto-inst.hpp>
using namespace pto;
void f(uint8_t* p) {
    Tile<TileType::Mat, uint8_t, 32, 4, BLayout::RowMajor, 32, 4, SLayout::RowMajor, 32> t;
    using L = TileShape2D<uint8_t, 32, 4, Layout::MX_A_ZZ>;
    using S = BaseShape2D<uint8_t, 32, 4, Layout::MX_A_ZZ>;
    GlobalTensor<uint8_t, L, S, Layout::MX_A_ZZ> g(p);
    TLOAD(t, g);
}
