// expect-error: TMATMUL_ACC: (a, b, dst) element types are (int8_t, int8_t, int32_t), (half, half, float)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    TileLeft<int8_t, 16, 32> a;
    TileRight<int8_t, 32, 16> b;
    TileAcc<float, 16, 16> c;
    TMATMUL_ACC(c, c, a, b);
}
