// expect-error: TGATHER: k_value's element type must be uint16_t or uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 4, 64> dst;
    Tile<TileType::Vec, int32_t, 4, 64> src;
    Tile<TileType::Vec, int32_t, 8, 1, BLayout::ColMajor> k;
    Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor> cnt;
    TGATHER<decltype(dst), decltype(src), decltype(k), decltype(cnt), decltype(k), CmpMode::EQ>(dst, src, k,
                                                                                                cnt, k, 0);
}
