// expect-error: TGATHER: dst and src must be row-major
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> src;
    Tile<TileType::Vec, float, 16, 16> dst;
    TGATHER<decltype(dst), decltype(src), MaskPattern::P0101>(dst, src);
}
