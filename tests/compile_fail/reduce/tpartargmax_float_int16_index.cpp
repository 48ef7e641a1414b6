// expect-error: TPARTARGMAX: indices must be int32_t or uint32_t (also int16_t or uint16_t for half values)
#include <pto/pto-inst.hpp>
using namespace pto;
// 16-bit indices go with half values only (the devices' vector lanes pair them).
void f() {
    Tile<TileType::Vec, float, 8, 32> v0, v1, dv;
    Tile<TileType::Vec, int16_t, 8, 32> i0, i1, di;
    TPARTARGMAX(dv, v0, v1, di, i0, i1);
}
