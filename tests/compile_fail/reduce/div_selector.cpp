// expect-error: TROWEXPANDDIV: the precision selector must be a DivAlgorithm
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> a, d;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> v;
    TROWEXPANDDIV<ExpAlgorithm::HIGH_PRECISION>(d, a, v);
}
