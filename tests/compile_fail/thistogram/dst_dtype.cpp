// expect-error: THISTOGRAM: dst element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 2, 64> src;
    Tile<TileType::Vec, int32_t, 2, 256> dst;
    Tile<TileType::Vec, uint8_t, 3, 32> idx;
    THISTOGRAM<HistByte::BYTE_3>(dst, src, idx);
}
