// expect-error: TFILLPAD: a Mat tile's element type must be 4-bit (two a byte), 1, 2 or 4 bytes wide
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, double, 16, 16, BLayout::ColMajor, 8, 8, SLayout::RowMajor, 512, PadValue::Zero> m;
    TFILLPAD(m, m);
}
