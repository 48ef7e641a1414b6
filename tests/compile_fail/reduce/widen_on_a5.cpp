// expect-error: TROWSUM: dst must have src's element type (the CPU profile also takes the sum types
#include <pto/pto-inst.hpp>
using namespace pto;
// half -> float sums exist in pto-isa's CPU simulation only; the default profile (A5) keeps the type.
void f() {
    Tile<TileType::Vec, half, 8, 16> src, tmp;
    Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor> dst;
    TROWSUM(dst, src, tmp);
}
