// expect-error: TGATHER: index type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> src, dst;
    Tile<TileType::Vec, int8_t, 4, 16> idx;
    TGATHER(dst, src, idx, idx);
}
