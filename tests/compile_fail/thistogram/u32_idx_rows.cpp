// expect-error: THISTOGRAM: for a uint32_t source with BYTE_k, idx must have 3 - k valid rows
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 2, 64> src;
    Tile<TileType::Vec, uint32_t, 2, 256> dst;
    Tile<TileType::Vec, uint8_t, 2, 32> idx;  // BYTE_0 filters on three bytes: idx[0..2, 0]
    THISTOGRAM<HistByte::BYTE_0>(dst, src, idx);
}
