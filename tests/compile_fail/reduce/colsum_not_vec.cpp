// expect-error: TCOLSUM: operands must be TileType::Vec tiles
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor> src;
    Tile<TileType::Vec, float, 1, 16> dst;
    TCOLSUM(dst, src);
}
