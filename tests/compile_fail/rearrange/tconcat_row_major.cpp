// expect-error: TCONCAT: dst, src0 and src1 must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> a, b, d;
    TCONCAT(d, a, b);
}
