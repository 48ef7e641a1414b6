// expect-error: TEXPANDS: element type not supported on the compiled architecture profile
// uint64_t, half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, double, 1, 8> d;
    TEXPANDS(d, 1.0);
}
