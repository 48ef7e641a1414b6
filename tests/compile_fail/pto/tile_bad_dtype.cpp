// expect-error: Tile: DType must be int8_t..uint64_t, int4b_t, half, bfloat16_t, float, double or one of the 8-bit
#include <pto/pto-inst.hpp>
struct Pixel {
    char rgb[4];
};
pto::Tile<pto::TileType::Vec, Pixel, 16, 16> t;
