// expect-error: MSCATTER: ScatterAtomicOp::Max and Min on this element type not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<half, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, half, 1, 16> src;
    Tile<TileType::Vec, uint32_t, 1, 16> idx;
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::Min>(table, src, idx);
}
