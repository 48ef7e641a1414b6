// expect-error: TSEL: dst, selMask, src0 and src1 must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 4, BLayout::ColMajor> a, b, d;
    Tile<TileType::Vec, uint8_t, 8, 32> mask;
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
