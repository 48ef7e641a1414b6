// expect-error: THISTOGRAM: not available on the A2A3 profile (Atlas A2/A3)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 2, 64> src;
    Tile<TileType::Vec, uint32_t, 2, 256> dst;
    Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor> idx;
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
}
