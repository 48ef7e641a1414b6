// expect-error: TQUANT: A5's MXFP4_E2M1 reads half or bfloat16_t tiles (not float)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 2, 64> src;
    Tile<TileType::Vec, float4_e2m1x2_t, 2, 64> dst;
    Tile<TileType::Vec, uint8_t, 2, 32> exp;
    Tile<TileType::Vec, float, 1, 8> max, scaling;
    TQUANT<QuantType::MXFP4_E2M1>(dst, src, &exp, &max, &scaling);
}
