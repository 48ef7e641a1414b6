// expect-error: TGATHER: dst and src0 must have the same element type
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src;
    Tile<TileType::Vec, int32_t, 4, 16> dst, idx;
    TGATHER(dst, src, idx, idx);
}
