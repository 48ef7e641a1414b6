// expect-error: TCVT: dst and src must be Tiles
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 32> src;
    int dst = 0;
    TCVT(dst, src, RoundMode::CAST_RINT, SaturationMode::OFF);
}
