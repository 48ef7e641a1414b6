// expect-error: TCMP: on the A2A3 profile the source dtype must be int32_t, half or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int16_t, 16, 16> a, b;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
