// expect-error: TPACK: dst and src must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 4, BLayout::ColMajor> src;
    Tile<TileType::Vec, half, 16, 4, BLayout::ColMajor> dst;
    TPACK(dst, src);
}
