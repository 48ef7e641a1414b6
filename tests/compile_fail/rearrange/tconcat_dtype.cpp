// expect-error: TCONCAT: dst, src0 and src1 must have the same element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> a, d;
    Tile<TileType::Vec, int32_t, 4, 16> b;
    TCONCAT(d, a, b);
}
