// expect-error: TPACK: src's element must be wider than dst's
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    // The CPU profile widens integers; A5 has only narrowing stores.
    Tile<TileType::Vec, int16_t, 3, 16, BLayout::RowMajor, 2, 3> src;
    Tile<TileType::Vec, int32_t, 3, 8, BLayout::RowMajor, 2, 3> dst;
    TPACK(dst, src);
}
