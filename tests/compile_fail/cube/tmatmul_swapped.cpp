// expect-error: TMATMUL: a is a TileType::Left tile with row-major boxes inside (TileLeft)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    TileLeft<half, 16, 32> a;
    TileRight<half, 32, 16> b;
    TileAcc<float, 16, 16> c;
    TMATMUL(c, b, a);
}
