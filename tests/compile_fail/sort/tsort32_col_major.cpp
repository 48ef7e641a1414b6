// expect-error: TSORT32: dst, src and idx must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 32, 32, BLayout::ColMajor> src;
    Tile<TileType::Vec, uint32_t, 32, 32> idx;
    Tile<TileType::Vec, float, 32, 64> dst;
    TSORT32(dst, src, idx);
}
