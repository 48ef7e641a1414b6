// expect-error: TCMP: source element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int16_t, 16, 16> a, b;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
