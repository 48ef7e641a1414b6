// expect-error: MSCATTER: ScatterAtomicOp::Add needs int32_t, uint32_t, float, half or bfloat16_t
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<uint16_t, Shape<1, 1, 1, 1, 64>, Stride<1, 1, 1, 64, 1>> table(nullptr);
    Tile<TileType::Vec, uint16_t, 1, 16> src;
    Tile<TileType::Vec, uint32_t, 1, 16> idx;
    MSCATTER<Coalesce::Elem, ScatterAtomicOp::Add>(table, src, idx);
}
