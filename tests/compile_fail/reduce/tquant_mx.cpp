// expect-error: TQUANT: only the INT8_SYM and INT8_ASYM forms are provided (MX quantisation is not)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 32> src;
    Tile<TileType::Vec, int8_t, 8, 32> dst;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> scale;
    TQUANT<QuantType::MXFP8>(dst, src, scale);
}
