// expect-error: TSCATTER: dst and src must have the same element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src;
    Tile<TileType::Vec, int32_t, 4, 32> dst;
    TSCATTER<MaskPattern::P0101>(dst, src);
}
