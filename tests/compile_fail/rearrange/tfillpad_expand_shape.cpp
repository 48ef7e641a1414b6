// expect-error: TFILLPAD_EXPAND: dst's Rows and Cols must be at least src's
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> s;
    Tile<TileType::Vec, float, 4, 32, BLayout::RowMajor, 4, 32, SLayout::NoneBox, 512, PadValue::Zero> d;
    TFILLPAD_EXPAND(d, s);
}
