// expect-error: TINTERLEAVE: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, int64_t, 4, 8>;
    T d1, d0, s1, s0;
    TInterleave(d1, d0, s1, s0);
}
