// expect-error: TDIV: the precision selector must be a DivAlgorithm
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 8, 16> a, b, c;
    TDIV<ExpAlgorithm::HIGH_PRECISION>(c, a, b);
}
