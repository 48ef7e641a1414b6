// expect-error: TCVT: src's valid region must cover dst's
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 32, BLayout::RowMajor, 4, 32> src;
    Tile<TileType::Vec, half, 8, 32> dst;
    TCVT(dst, src, RoundMode::CAST_RINT);
}
