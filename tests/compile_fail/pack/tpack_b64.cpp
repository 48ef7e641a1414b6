// expect-error: TPACK: src's element must be wider than dst's
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int64_t, 4, 16> src;
    Tile<TileType::Vec, int32_t, 4, 16> dst;
    TPACK(dst, src);
}
