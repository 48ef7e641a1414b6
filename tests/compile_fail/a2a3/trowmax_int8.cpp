// expect-error: TROWMAX: element type
#include <pto/pto-inst.hpp>
using namespace pto;
// A2A3 reduces half, float, int16 and int32 rows only.
void f() {
    Tile<TileType::Vec, int8_t, 8, 32> src, tmp;
    Tile<TileType::Vec, int8_t, 32, 1, BLayout::ColMajor> dst;
    TROWMAX(dst, src, tmp);
}
