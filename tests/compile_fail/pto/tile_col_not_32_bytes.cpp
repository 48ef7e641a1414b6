// expect-error: Tile: a column-major tile's column (Rows * sizeof(DType)) must be a multiple of 32 bytes
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Vec, uint16_t, 24, 1, pto::BLayout::ColMajor> t;
