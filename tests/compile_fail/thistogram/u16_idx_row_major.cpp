// expect-error: THISTOGRAM: for a uint16_t source with BYTE_0, idx must be a column-major (DN) tile with one column
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 2, 64> src;
    Tile<TileType::Vec, uint32_t, 2, 256> dst;
    Tile<TileType::Vec, uint8_t, 2, 32> idx;
    THISTOGRAM<HistByte::BYTE_0>(dst, src, idx);
}
