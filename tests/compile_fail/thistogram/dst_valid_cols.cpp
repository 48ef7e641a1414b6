// expect-error: THISTOGRAM: dst valid columns must be >= 256
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 2, 64> src;
    Tile<TileType::Vec, uint32_t, 2, 264, BLayout::RowMajor, 2, 255> dst;
    Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor> idx;
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
}
