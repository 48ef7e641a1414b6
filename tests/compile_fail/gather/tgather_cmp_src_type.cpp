// expect-error: TGATHER: the compare form's src0 element type must be int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint32_t, 4, 64> dst;
    Tile<TileType::Vec, bfloat16_t, 4, 64> src;
    Tile<TileType::Vec, uint32_t, 8, 1, BLayout::ColMajor> k, cnt;
    TGATHER<decltype(dst), decltype(src), decltype(k), decltype(cnt), decltype(k), CmpMode::GT>(dst, src, k,
                                                                                                cnt, k, 0);
}
