// pto-isa's tile offset helpers, under the path its tests include. ptosim declares them with the Tile
// (pto/common/pto_tile.hpp): GetTileElementOffset<TileT>(r, c) for every layout, GetTileOffset<TileT>(r, c).
#pragma once

#include "pto/common/pto_tile.hpp"
