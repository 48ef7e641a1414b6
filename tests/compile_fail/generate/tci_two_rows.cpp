// expect-error: TCI: dst must have one row (the sequence runs along it)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int32_t, 2, 16> d;
    TCI<decltype(d), int32_t, 0>(d, 0);
}
