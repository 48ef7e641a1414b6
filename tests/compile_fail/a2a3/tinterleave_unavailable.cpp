// expect-error: TINTERLEAVE: not available on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, float, 4, 16>;
    T d1, d0, s1, s0;
    TINTERLEAVE(d1, d0, s1, s0);
}
