// expect-error: TGATHER: dst and src must have the same element size
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src;
    Tile<TileType::Vec, half, 4, 16> dst;
    TGATHER<decltype(dst), decltype(src), MaskPattern::P0101>(dst, src);
}
