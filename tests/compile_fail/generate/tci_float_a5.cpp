// expect-error: TCI: element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 1, 16> d;
    TCI<decltype(d), float, 0>(d, 0.0f);
}
