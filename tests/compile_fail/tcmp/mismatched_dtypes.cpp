// expect-error: TCMP: src0 and src1 must have the same dtype
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> a;
    Tile<TileType::Vec, int32_t, 16, 16> b;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
