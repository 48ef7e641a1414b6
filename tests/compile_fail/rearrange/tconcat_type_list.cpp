// expect-error: TCONCAT: the element type must be int8_t..uint32_t, half, bfloat16_t or float
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, int64_t, 4, 16> a, b, d;
    TCONCAT(d, a, b);
}
