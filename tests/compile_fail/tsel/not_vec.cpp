// expect-error: TSEL: dst, selMask, src0 and src1 must be TileType::Vec tiles
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, float, 1, 8> a, b, d;
    Tile<TileType::Vec, uint8_t, 1, 32> mask;
    Tile<TileType::Vec, uint32_t, 1, 8> tmp;
    TSEL(d, mask, a, b, tmp);
}
