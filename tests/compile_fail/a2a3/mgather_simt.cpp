// expect-error: MGATHER: GatherExec::Simt is not available on the A2A3 profile (no SIMT unit)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> table(nullptr);
    GlobalTensor<int32_t, Shape<1, 1, 1, 16, 16>, Stride<1, 1, 1, 16, 1>> idx(nullptr);
    GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> scratch(nullptr);
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512> dst;
    MGATHER<Coalesce::Elem, GatherOOB::Zero, GatherExec::Simt>(dst, table, idx, scratch);
}
