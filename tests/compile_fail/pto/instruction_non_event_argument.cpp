// expect-error: TSYNC: trailing arguments of an instruction must be Events
#include <pto/pto-inst.hpp>
using namespace pto;
void f(float* p) {
    Tile<TileType::Vec, float, 16, 64> t;
    GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>> g(p);
    int not_an_event = 0;
    TLOAD(t, g, not_an_event);
}
