// expect-error: TCMPS: source element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, double, 16, 16> a;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> mask;
    TCMPS(mask, a, 0.0, CmpMode::GE);
}
