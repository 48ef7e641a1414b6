// expect-error: TPARTARGMAX: not available on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
// KIRIN9030's device code has no TPARTARGMAX.
void f() {
    Tile<TileType::Vec, float, 8, 32> v0, v1, dv;
    Tile<TileType::Vec, int32_t, 8, 32> i0, i1, di;
    TPARTARGMAX(dv, v0, v1, di, i0, i1);
}
