// expect-error: TASSIGN: a Tile is assigned a byte offset in its buffer or an address inside it (an integer)
#include <pto/pto-inst.hpp>
void f(float* p) {
    pto::Tile<pto::TileType::Vec, float, 16, 64> t;
    pto::TASSIGN(t, p);
}
