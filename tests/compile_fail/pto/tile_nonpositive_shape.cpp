// expect-error: Tile: Rows and Cols must be positive
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Vec, float, 0, 8> t;
