// expect-error: TRANDOM: Rounds must be 7 or 10
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 4, 64> dst;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {0, 0, 0, 0};
    TRANDOM<8>(dst, key, counter);
}
