// expect-error: TEXPANDS: a TileType::Vec dst must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 4, BLayout::ColMajor> d;
    TEXPANDS(d, 1.0f);
}
