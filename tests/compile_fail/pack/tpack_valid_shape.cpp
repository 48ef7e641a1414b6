// expect-error: TPACK: src's valid shape must be dst's
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16, BLayout::RowMajor, 4, 8> src;
    Tile<TileType::Vec, half, 4, 16, BLayout::RowMajor, 4, 9> dst;
    TPACK(dst, src);
}
