// TLOAD / TSTORE: move the valid region of a tile between global memory and the tile.
#pragma once

#include <cstdint>
#include <span>

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/pre_quant.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// What TLOAD writes into the part of the tile outside the valid region (C++ PadValue numbering).
enum class Pad : uint8_t { Null = 0, Zero = 1, Max = 2, Min = 3 };

// How TSTORE converts and writes each element (docs/isa/TSTORE.md): the tile's element, converted to the
// global tensor's type by the pre-quant rules (ReLU: x > 0 ? x : 0), replaces the global element or, with
// atomic_add, is added to it (the sum rounded once in the global type; integers wrap) under the process-wide
// element lock.
struct StoreSpec {
    bool relu = false;
    bool atomic_add = false;
    prequant::Mode mode = prequant::Mode::NoQuant;
    // One word for every element, or (words not empty) one per tile column, or per tile row when
    // words_by_row (pto-isa's CPU rule for column-major tiles).
    uint64_t scalar = 0;
    std::span<const uint64_t> words;
    bool words_by_row = false;
    bool saturate = false;
};

namespace ops {
// Checked entry points: validate the operands (ptosim::check), then run the selected kernel.
void tload(const TileView& dst, const GlobalView& src, Pad pad = Pad::Null);
void tstore(const GlobalView& dst, const TileView& src);
// A converting, ReLU, quantising or accumulating store; element types may differ (both convertible).
void tstore(const GlobalView& dst, const TileView& src, const StoreSpec& spec);
}  // namespace ops

namespace ref {
// Element-by-element reference kernels; operands must already be valid.
void tload(const TileView& dst, const GlobalView& src, Pad pad);
void tstore(const GlobalView& dst, const TileView& src);
void tstore(const GlobalView& dst, const TileView& src, const StoreSpec& spec);
}  // namespace ref

namespace simd {
// Span-copy kernels: one memcpy per contiguous run of the valid region.
void tload(const TileView& dst, const GlobalView& src, Pad pad);
void tstore(const GlobalView& dst, const TileView& src);
}  // namespace simd

}  // namespace ptosim
