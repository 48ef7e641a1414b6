// expect-error: TQUANT: A2A3 has only the form with a tmp tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 32> src;
    Tile<TileType::Vec, int8_t, 8, 32> dst;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> scale;
    TQUANT<QuantType::INT8_SYM>(dst, src, scale);
}
