// expect-error: TCMP: on the A2A3 profile dst dtype must be uint8_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> a, b;
    Tile<TileType::Vec, uint32_t, 16, 8, BLayout::RowMajor, 16, 1> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
