// expect-error: TASSIGN: tile does not fit in its buffer
#include <pto/pto-inst.hpp>
void f() {
    pto::Tile<pto::TileType::Vec, float, 16, 64> t;
    pto::TASSIGN<512 * 1024 - 2048>(t);
}
