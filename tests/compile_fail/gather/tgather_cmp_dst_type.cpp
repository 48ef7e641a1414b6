// expect-error: TGATHER: the compare form's dst element type must be int32_t or uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 64> dst;
    Tile<TileType::Vec, float, 4, 64> src;
    Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor> k, cnt;
    TGATHER<decltype(dst), decltype(src), decltype(k), decltype(cnt), decltype(k), CmpMode::GT>(dst, src, k,
                                                                                                cnt, k, 0);
}
