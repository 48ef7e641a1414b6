// expect-error: TCMP: dst valid rows must equal src0 valid rows
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> a, b;
    Tile<TileType::Vec, uint32_t, 16, 8, BLayout::RowMajor, 8, 1> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
