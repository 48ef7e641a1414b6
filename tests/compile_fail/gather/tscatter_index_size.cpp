// expect-error: TSCATTER: index type not supported for this element size on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src, dst;
    Tile<TileType::Vec, uint16_t, 4, 16> idx;
    TSCATTER(dst, src, idx);
}
