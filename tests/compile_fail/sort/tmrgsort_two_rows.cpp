// expect-error: TMRGSORT: every tile must have one row
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using L = Tile<TileType::Vec, float, 2, 64>;
    using D = Tile<TileType::Vec, float, 1, 256>;
    L s0, s1;
    D dst, tmp;
    MrgSortExecutedNumList n;
    TMRGSORT<D, D, L, L, false>(dst, n, tmp, s0, s1);
}
