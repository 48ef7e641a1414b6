// expect-error: Tile: a boxed (fractal) tile's Rows and Cols must be multiples of the box shape
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Mat, half, 24, 32, pto::BLayout::ColMajor, 24, 32, pto::SLayout::RowMajor> t;
