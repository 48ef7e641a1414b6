// expect-error: THISTOGRAM: dst valid rows must be >= src valid rows
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint16_t, 4, 64> src;
    Tile<TileType::Vec, uint32_t, 4, 256, BLayout::RowMajor, 3, 256> dst;
    Tile<TileType::Vec, uint8_t, 32, 1, BLayout::ColMajor> idx;
    THISTOGRAM<HistByte::BYTE_1>(dst, src, idx);
}
