// expect-error: TQUANT: the MX forms exist on A5 (and pto-isa's CPU simulation) only
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 2, 64> src;
    Tile<TileType::Vec, int8_t, 2, 64> dst;
    Tile<TileType::Vec, uint8_t, 2, 32> exp;
    Tile<TileType::Vec, float, 1, 8> max, scaling;
    TQUANT<QuantType::MXFP8>(dst, src, &exp, &max, &scaling);
}
