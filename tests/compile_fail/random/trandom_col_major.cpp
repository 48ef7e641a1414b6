// expect-error: TRANDOM: dst must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int32_t, 64, 4, BLayout::ColMajor> dst;
    TRandomKey key = {1, 2};
    TRandomCounter counter = {0, 0, 0, 0};
    TRANDOM<7>(dst, key, counter);
}
