// expect-error: TTRI: isUpperOrLower must be 0 (lower) or 1 (upper) on A2A3
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16> d;
    TTRI<decltype(d), 2>(d, 0);
}
