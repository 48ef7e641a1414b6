// expect-error: TRESHAPE: cannot reshape between boxed and non-boxed layouts
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> s;
    Tile<TileType::Mat, half, 16, 16> d;
    TRESHAPE(d, s);
}
