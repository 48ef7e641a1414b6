// expect-error: TQUANT: MxQuantAlg::Hif4 is not provided (HiF4 quantisation is an A6 device form)
#include <pto/pto-inst.hpp>
using namespace pto;
void f() {
    Tile<TileType::Vec, half, 2, 64> src;
    Tile<TileType::Vec, int8_t, 2, 64> dst;
    Tile<TileType::Vec, uint8_t, 2, 32> exp;
    Tile<TileType::Vec, float, 1, 8> max, scaling;
    TQUANT<1, MxQuantAlg::Hif4, decltype(dst), decltype(src), decltype(exp), decltype(max), decltype(max)>(
        dst, src, &exp, &max, &scaling);
}
