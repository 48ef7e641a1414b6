// expect-error: TCONCAT: the index type must be int8_t..uint32_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, float, 4, 16> a, b, d;
    Tile<TileType::Vec, float, 4, 8> i0, i1;
    TCONCAT(d, a, b, i0, i1);
}
