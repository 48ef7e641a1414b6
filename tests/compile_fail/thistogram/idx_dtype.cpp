// expect-error: THISTOGRAM: idx dtype must be uint8_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 2, 64> src;
    Tile<TileType::Vec, uint32_t, 2, 256> dst;
    Tile<TileType::Vec, int8_t, 3, 32> idx;
    THISTOGRAM<HistByte::BYTE_2>(dst, src, idx);
}
