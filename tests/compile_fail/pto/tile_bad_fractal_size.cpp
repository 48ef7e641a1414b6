// expect-error: Tile: SFractalSize must be 512, 1024 or 32
#include <pto/pto-inst.hpp>
pto::Tile<pto::TileType::Mat, half, 32, 32, pto::BLayout::ColMajor, 32, 32, pto::SLayout::RowMajor, 256> t;
