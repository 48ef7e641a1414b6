// expect-error: TPRINT: a Mat or Acc tile is printed through a GlobalTensor: TPRINT(tile, tmp)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 16, 16, SLayout::RowMajor, 1024> acc;
    TPRINT(acc);
}
