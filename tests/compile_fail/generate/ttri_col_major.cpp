// expect-error: TTRI: dst must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> d;
    TTRI<decltype(d), 0>(d, 0);
}
