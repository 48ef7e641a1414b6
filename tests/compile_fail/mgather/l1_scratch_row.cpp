// expect-error: MGATHER: the scratch (four-operand) GM -> L1 form is Coalesce::Elem
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    GlobalTensor<float, Shape<1, 1, 1, 64, 16>, Stride<1, 1, 1, 16, 1>> table(nullptr);
    GlobalTensor<int32_t, Shape<1, 1, 1, 1, 16>, Stride<1, 1, 1, 16, 1>> idx(nullptr);
    GlobalTensor<float, Shape<1, 1, 1, 1, 256>, Stride<1, 1, 1, 256, 1>> scratch(nullptr);
    Tile<TileType::Mat, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512> dst;
    MGATHER<Coalesce::Row>(dst, table, idx, scratch);
}
