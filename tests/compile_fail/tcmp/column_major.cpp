// expect-error: TCMP: dst, src0 and src1 must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> a, b;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> mask;
    TCMP(mask, a, b, CmpMode::EQ);
}
