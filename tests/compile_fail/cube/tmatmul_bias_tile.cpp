// expect-error: TMATMUL_BIAS: bias is a row-major TileType::Bias tile of one row in dst's element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    TileLeft<half, 16, 32> a;
    TileRight<half, 32, 16> b;
    TileAcc<float, 16, 16> c;
    Tile<TileType::Vec, float, 1, 16> bias;
    TMATMUL_BIAS(c, a, b, bias);
}
