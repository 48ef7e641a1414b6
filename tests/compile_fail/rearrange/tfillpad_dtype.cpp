// expect-error: TFILLPAD: the element type must be 1, 2 or 4 bytes wide
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, double, 4, 16> s;
    Tile<TileType::Vec, double, 4, 16, BLayout::RowMajor, 4, 16, SLayout::NoneBox, 512, PadValue::Zero> d;
    TFILLPAD(d, s);
}
