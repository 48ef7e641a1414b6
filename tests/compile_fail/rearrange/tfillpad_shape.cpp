// expect-error: TFILLPAD: dst and src must have the same Rows and Cols
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> s;
    Tile<TileType::Vec, float, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Zero> d;
    TFILLPAD_INPLACE(d, s);
}
