// expect-error: TEXP: operands must be TileType::Vec tiles
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> a;
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> c;
    TEXP(c, a);
}
