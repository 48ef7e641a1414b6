// expect-error: MSCATTER: ScatterAtomicOp::Max and Min on this element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<int32_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, int32_t, 1, 8> src;
    Tile<TileType::Vec, uint32_t, 1, 8> idx;
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::Max>(table, src, idx);
}
