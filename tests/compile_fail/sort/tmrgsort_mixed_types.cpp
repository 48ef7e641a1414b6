// expect-error: TMRGSORT: every tile must have dst's element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using L = Tile<TileType::Vec, half, 1, 64>;
    using D = Tile<TileType::Vec, float, 1, 256>;
    L s0, s1, s2;
    D dst, tmp;
    MrgSortExecutedNumList n;
    TMRGSORT<D, D, L, L, L, true>(dst, n, tmp, s0, s1, s2);
}
