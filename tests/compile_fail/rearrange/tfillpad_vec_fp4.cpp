// expect-error: TFILLPAD: the element type must be 1, 2 or 4 bytes wide
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, float4_e2m1x2_t, 4, 64, BLayout::RowMajor, 2, 30, SLayout::NoneBox, 512,
                   PadValue::Zero>;
    T s, d;
    TFILLPAD(d, s);
}
