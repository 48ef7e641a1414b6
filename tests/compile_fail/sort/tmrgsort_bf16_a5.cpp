// expect-error: TMRGSORT: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using L = Tile<TileType::Vec, bfloat16_t, 1, 64>;
    L s0, s1, s2, s3;
    Tile<TileType::Vec, bfloat16_t, 1, 256> dst, tmp;
    MrgSortExecutedNumList n;
    TMRGSORT<decltype(dst), decltype(tmp), L, L, L, L, false>(dst, n, tmp, s0, s1, s2, s3);
}
