// expect-error: TINTERLEAVE: dtype must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, int64_t, 4, 8>;
    T d1, d0, s1, s0;
    TInterleave(d1, d0, s1, s0);
}
