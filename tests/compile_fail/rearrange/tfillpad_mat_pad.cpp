// expect-error: TFILLPAD: a Mat tile's pad value must be Zero or Null
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Mat, half, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 512, PadValue::Max> m;
    TFILLPAD(m, m);
}
