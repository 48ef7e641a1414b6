// expect-error: TMATMUL_MX: not available on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    TileLeft<float8_e4m3_t, 16, 64> a;
    TileRight<float8_e4m3_t, 64, 16> b;
    TileLeftScale<float8_e8m0_t, 16, 2> as;
    TileRightScale<float8_e8m0_t, 2, 16> bs;
    TileAcc<float, 16, 16> c;
    TMATMUL_MX(c, a, as, b, bs);
}
