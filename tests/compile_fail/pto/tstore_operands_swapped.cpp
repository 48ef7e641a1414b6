// expect-error: TSTORE: dst must be a GlobalTensor
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float* p) {
    Tile<TileType::Vec, float, 16, 64> t;
    GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>> g(p);
    TSTORE(t, g);
}
