// expect-error: TQUANT: this form is INT8_SYM / INT8_ASYM; MXFP8 and MXFP4_E2M1 take (dst, src, &exp, &max, &scaling)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 32> src;
    Tile<TileType::Vec, int8_t, 8, 32> dst;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> scale;
    TQUANT<QuantType::MXFP8>(dst, src, scale);
}
