// expect-error: TCMPS: dst valid columns must hold ceil(src0 valid columns / bits per word) mask words
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int64_t, 4, 40> a;  // 40 results need 2 u32 words
    Tile<TileType::Vec, uint32_t, 4, 8, BLayout::RowMajor, 4, 1> mask;
    TCMPS(mask, a, int64_t{0}, CmpMode::LT);
}
