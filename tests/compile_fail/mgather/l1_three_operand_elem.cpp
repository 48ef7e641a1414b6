// expect-error: MGATHER: the three-operand GM -> L1 form is Coalesce::Row
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> table(nullptr);
    GlobalTensor<int32_t, Shape<1, 1, 1, 16, 16>, Stride<1, 1, 1, 16, 1>> idx(nullptr);
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512> dst;
    MGATHER<Coalesce::Elem>(dst, table, idx);
}
