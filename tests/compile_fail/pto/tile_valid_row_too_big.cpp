// expect-error: Tile: ValidRow must be -1 (dynamic) or between 0 and Rows
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Vec, float, 16, 64, pto::BLayout::RowMajor, 17, 64> t;
