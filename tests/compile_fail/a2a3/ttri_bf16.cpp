// expect-error: TTRI: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, bfloat16_t, 16, 16> d;
    TTRI<decltype(d), 0>(d, 0);
}
