// expect-error: TFILLPAD: dst's pad value must not be Null
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> s, d;
    TFILLPAD(d, s);
}
