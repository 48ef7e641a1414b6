// expect-error: TFILLPAD: a Mat tile must have the NZ layout
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, half, 16, 16> m;
    TFILLPAD(m, m);
}
