// expect-error: MGATHER: the table must be Layout::ND (Layout::NZ only on the A2A3 profile)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 8, 8>, Stride<1, 1, 1, 1, 8>, Layout::DN> table(nullptr);
    Tile<TileType::Vec, float, 1, 8> dst;
    Tile<TileType::Vec, int32_t, 1, 8> idx;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
