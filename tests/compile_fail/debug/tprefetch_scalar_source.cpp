// expect-error: TPREFETCH: src must be a GlobalTensor (or, as pto-isa's CPU simulation allows, a Tile)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> t;
    float x = 0;
    TPREFETCH(t, x);
}
