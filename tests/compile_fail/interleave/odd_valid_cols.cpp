// expect-error: TINTERLEAVE: valid columns must be even
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, half, 4, 16, BLayout::RowMajor, 4, 15>;
    T d1, d0, s1, s0;
    TINTERLEAVE(d1, d0, s1, s0);
}
