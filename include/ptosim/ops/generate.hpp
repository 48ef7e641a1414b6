// Tiles generated from their positions: TCI, an arithmetic sequence along the one row (docs/isa/TCI.md), and
// TTRI, a lower or upper triangular mask of ones and zeros (docs/isa/TTRI.md).
#pragma once

#include <cstdint>

#include "ptosim/core/arch.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/table.hpp"

namespace ptosim {

namespace generate {
using isa::DTypeSet;
// Element types per profile, from pto-isa's device code (npu/a5/Tci.hpp, npu/a2a3/TCI.hpp: b16 or b32;
// npu/a5/TTri.hpp, npu/a2a3/TTri.hpp); the CPU profile takes what pto-isa's CPU simulation does.
constexpr DTypeSet tci_types(Arch a) {
    switch (a) {
        case Arch::A5:
        case Arch::KIRIN9030:
            return isa::kI16 | isa::kI32;
        case Arch::A2A3:
            return isa::kI16 | isa::kI32 | isa::kFloats;
        case Arch::CPU:
            break;
    }
    return isa::kInts | isa::kFloats;
}
constexpr DTypeSet ttri_types(Arch a) {
    switch (a) {
        case Arch::A5:
        case Arch::KIRIN9030:
            return isa::kInts | isa::kFloats;
        case Arch::A2A3:
            return isa::kI16 | isa::kI32 | isa::kF16F32;
        case Arch::CPU:
            break;
    }
    return isa::kI16 | isa::kI32 | isa::kFloats;
}
}  // namespace generate

namespace ops {
// dst(0, j) = start + j (descending: start - j) for j < dst's valid columns; dst has one row. start is the
// bit pattern of one dst element (ptosim::scalar_bits). Integers wrap in their width; floating-point values
// are start +- j rounded once to the element type.
void tci(const TileView& dst, uint64_t start, bool descending);
// For every valid (r, c) of the row-major dst: lower: 1 where c <= r + diagonal, else 0; upper: 0 where
// c < r + diagonal, else 1.
void ttri(const TileView& dst, int32_t diagonal, bool upper);
}  // namespace ops

namespace ref {
void tci(const TileView& dst, uint64_t start, bool descending);
void ttri(const TileView& dst, int32_t diagonal, bool upper);
}  // namespace ref

namespace simd {
void ttri(const TileView& dst, int32_t diagonal, bool upper);
}  // namespace simd

}  // namespace ptosim
