// expect-error: TMOV: the grp_axis form (MX exponents to the ZZ layout) is not supported yet
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint8_t, 16, 32> dst, src, tmp;
    TMOV<0>(dst, src, tmp);
}
