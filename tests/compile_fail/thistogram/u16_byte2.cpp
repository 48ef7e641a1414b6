// expect-error: THISTOGRAM: a uint16_t source has only BYTE_0 and BYTE_1
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 2, 64> src;
    Tile<TileType::Vec, uint32_t, 2, 256> dst;
    Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor> idx;
    THISTOGRAM<HistByte::BYTE_2>(dst, src, idx);
}
