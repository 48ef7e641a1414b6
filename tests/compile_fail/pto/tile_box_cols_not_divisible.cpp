// expect-error: Tile: a boxed (fractal) tile's Cols must be a multiple of the box's columns
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Mat, half, 16, 24, pto::BLayout::ColMajor, 16, 24, pto::SLayout::RowMajor> t;
