// TRANDOM (docs/isa/TRANDOM.md): counter-based random numbers, the Philox-4x32 block cipher of A5's device
// code (npu/a5/TRandom.hpp).
#pragma once

#include <array>
#include <cstdint>

#include "ptosim/core/tile_view.hpp"

namespace ptosim {

namespace random {
using Key = std::array<uint32_t, 2>;
using Counter = std::array<uint32_t, 4>;  // word 0 is the least significant of the 128-bit counter

// A5's vector unit: one repeat is 64 32-bit lanes, each lane one Philox block of 4 words.
inline constexpr int kLanes = 64;
inline constexpr int kWordsPerLane = 4;

// How far the 128-bit counter advances from one row to the next for `valid_cols` columns: 64 per full group
// of 256 columns but the last, then ((valid_cols - 1) mod 64) + 1 (the device adds that, not the lanes the
// last group used).
constexpr uint64_t row_advance(int32_t valid_cols) {
    if (valid_cols <= 0)
        return 0;
    const int32_t groups = (valid_cols + kLanes * kWordsPerLane - 1) / (kLanes * kWordsPerLane);
    return static_cast<uint64_t>(kLanes) * static_cast<uint64_t>(groups - 1) +
           static_cast<uint64_t>((valid_cols - 1) % kLanes) + 1;
}
}  // namespace random

namespace ops {
// Checked entry point. dst (row-major, int32_t or uint32_t) gets, for every valid (r, c), word c mod 4 of
// Philox-4x32-`rounds`(counter + r * random::row_advance(validCol) + floor(c / 4), key); rounds is 7 or 10.
// The caller's counter is not advanced.
void trandom(const TileView& dst, const random::Key& key, const random::Counter& counter, int rounds);
}  // namespace ops

namespace ref {
void trandom(const TileView& dst, const random::Key& key, const random::Counter& counter, int rounds);
}  // namespace ref

}  // namespace ptosim
