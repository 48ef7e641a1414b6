// expect-error: TEXPANDS: on the A2A3 profile dst dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t,
// uint32_t, half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int64_t, 1, 8> d;
    TEXPANDS(d, int64_t{1});
}
