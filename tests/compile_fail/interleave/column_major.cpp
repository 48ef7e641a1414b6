// expect-error: TINTERLEAVE: tiles must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, float, 16, 8, BLayout::ColMajor>;
    T d1, d0, s1, s0;
    TINTERLEAVE(d1, d0, s1, s0);
}
