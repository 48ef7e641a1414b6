// expect-error: TTRANS: src must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> s;
    Tile<TileType::Vec, float, 16, 16> d, t;
    TTRANS(d, s, t);
}
