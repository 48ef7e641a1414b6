// expect-error: TCMP: dst element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> a, b;
    Tile<TileType::Vec, uint32_t, 16, 8, BLayout::RowMajor, 16, 1> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
