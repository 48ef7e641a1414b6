// expect-error: THISTOGRAM: src must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 16, 2, BLayout::ColMajor> src;
    Tile<TileType::Vec, uint32_t, 16, 256> dst;
    Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor> idx;
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
}
