// expect-error: Tile: ValidCol must be -1 (dynamic) or between 0 and Cols
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Vec, float, 16, 64, pto::BLayout::RowMajor, 16, 65> t;
