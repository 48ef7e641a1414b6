// expect-error: THISTOGRAM: idx must have a valid row per source row
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 4, 64> src;
    Tile<TileType::Vec, uint32_t, 4, 256> dst;
    Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor, 3, 1> idx;
    THISTOGRAM<HistByte::BYTE_0>(dst, src, idx);
}
