// expect-error: TCI: the start value's type must be dst's element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int32_t, 1, 16> d;
    TCI<decltype(d), int16_t, 0>(d, int16_t{0});
}
