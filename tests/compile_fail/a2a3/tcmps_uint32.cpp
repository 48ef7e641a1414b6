// expect-error: TCMPS: on the A2A3 profile the source dtype must be int32_t, float, half, uint16_t or int16_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 16, 16> a;
    Tile<TileType::Vec, uint8_t, 16, 32, BLayout::RowMajor, 16, 2> mask;
    TCMPS(mask, a, 1u, CmpMode::EQ);
}
