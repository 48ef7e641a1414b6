// expect-error: Tile: only a dynamic (-1) ValidRow can be set
#include <pto/pto-inst.hpp>
void f() {
    pto::Tile<pto::TileType::Vec, float, 16, 64> t;
    t.SetValidRow(3);
}
