// expect-error: TRANDOM: dst's element type must be int32_t or uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 64> dst;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {0, 0, 0, 0};
    TRANDOM(dst, key, counter);
}
