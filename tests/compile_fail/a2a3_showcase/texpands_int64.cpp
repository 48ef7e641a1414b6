// expect-error: TEXPANDS: element type not supported on the compiled architecture profile
// uint32_t, half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int64_t, 1, 8> d;
    TEXPANDS(d, int64_t{1});
}
