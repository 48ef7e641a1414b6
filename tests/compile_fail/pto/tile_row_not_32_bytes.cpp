// expect-error: Tile: a row-major tile's row (Cols * sizeof(DType)) must be a multiple of 32 bytes
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Vec, float, 16, 12> t;
