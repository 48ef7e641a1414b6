// expect-error: TGATHER: element size not supported on the compiled architecture profile
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, uint8_t, 4, 32> src, dst;
    TGATHER<decltype(dst), decltype(src), MaskPattern::P0101>(dst, src);
}
