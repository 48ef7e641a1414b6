// expect-error: TCMP: dst valid columns must hold ceil(src0 valid columns / bits per word) mask words
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> a, b;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 1> mask;  // 16 results need 2 bytes
    TCMP(mask, a, b, CmpMode::EQ);
}
