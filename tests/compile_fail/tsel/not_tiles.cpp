// expect-error: TSEL: dst, selMask, src0, src1 and tmp must be Tiles
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 1, 8> a, b, d;
    Tile<TileType::Vec, uint8_t, 1, 32> mask;
    int tmp = 0;
    TSEL(d, mask, a, b, tmp);
}
