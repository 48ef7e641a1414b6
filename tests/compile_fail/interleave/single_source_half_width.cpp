// expect-error: TDEINTERLEAVE: dst valid shape must be src valid rows x (src valid columns / 2)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    using T = Tile<TileType::Vec, float, 16, 128>;  // pto-isa's example: the same type for src and dst
    T src, d0, d1;
    TDeInterleave(d1, d0, src);
}
