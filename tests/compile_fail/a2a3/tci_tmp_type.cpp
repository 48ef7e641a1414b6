// expect-error: TCI: tmp must have a 4-byte element type (float, int32_t, uint32_t) on A2A3
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, half, 1, 64> d;
    Tile<TileType::Vec, half, 1, 1024> tmp;
    TCI<decltype(d), decltype(tmp), half, 0>(d, half(0), tmp);
}
