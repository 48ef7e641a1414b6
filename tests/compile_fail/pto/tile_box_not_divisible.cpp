// expect-error: Tile: a boxed (fractal) tile's Rows must be a multiple of the box's rows
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Mat, half, 24, 32, pto::BLayout::ColMajor, 24, 32, pto::SLayout::RowMajor> t;
