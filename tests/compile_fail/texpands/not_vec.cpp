// expect-error: TEXPANDS: dst must be a TileType::Vec or TileType::Mat tile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    TileAcc<float, 16, 16> d;
    TEXPANDS(d, 1.0f);
}
