// expect-error: TASSIGN: address must be 32-byte aligned
#include <pto/pto-inst.hpp>
void f() {
    pto::Tile<pto::TileType::Vec, float, 16, 64> t;
    pto::TASSIGN<0x1010>(t);
}
