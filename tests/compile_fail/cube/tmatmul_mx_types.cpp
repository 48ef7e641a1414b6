// expect-error: TMATMUL_MX: a and b are both 8-bit floats (float8_e4m3_t, float8_e5m2_t) or both 4-bit floats
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    TileLeft<float8_e4m3_t, 16, 64> a;
    TileRight<float4_e2m1x2_t, 64, 16> b;
    TileLeftScale<float8_e8m0_t, 16, 2> as;
    TileRightScale<float8_e8m0_t, 2, 16> bs;
    TileAcc<float, 16, 16> c;
    TMATMUL_MX(c, a, as, b, bs);
}
