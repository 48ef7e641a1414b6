// MSCATTER: write the elements (Coalesce::Elem) or the rows (Coalesce::Row) of a UB tile into a global-memory
// table at the positions an index tile gives (docs/isa/MSCATTER.md).
#pragma once

#include <cstdint>
#include <string_view>

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"

namespace ptosim {

// pto-isa's numbering (pto::Coalesce, pto::ScatterAtomicOp, pto::ScatterOOB).
enum class Coalesce : uint8_t { Row = 0, Elem = 1 };
enum class ScatterAtomic : uint8_t { None = 0, Add = 1, Max = 2, Min = 3 };
enum class ScatterOob : uint8_t { Undefined = 0, Skip = 1, Clamp = 2, Wrap = 3 };

// How one MSCATTER writes. Colliding writes are applied in row-major source order, so with Atomic::None the
// last one wins (pto-isa's ScatterConflict::Last; ptosim treats ScatterConflict::Default the same way).
struct ScatterPolicy {
    Coalesce mode = Coalesce::Row;
    ScatterAtomic atomic = ScatterAtomic::None;
    ScatterOob oob = ScatterOob::Undefined;
};

constexpr std::string_view coalesce_name(Coalesce m) {
    return m == Coalesce::Row ? "Row" : "Elem";
}
constexpr std::string_view scatter_atomic_name(ScatterAtomic a) {
    switch (a) {
        case ScatterAtomic::None:
            return "None";
        case ScatterAtomic::Add:
            return "Add";
        case ScatterAtomic::Max:
            return "Max";
        case ScatterAtomic::Min:
            return "Min";
    }
    return "?";
}

// Where an index lands in a table of `capacity` slots (rows for Row, elements for Elem): itself when inside,
// otherwise as the policy says; -1 means "do not write" (Skip). Clamp clamps to [0, capacity - 1]; Wrap takes
// the non-negative remainder. Undefined never reaches a kernel with an outside index (the entry point rejects
// it), so it maps like Skip here.
constexpr int64_t scatter_remap(int64_t index, int64_t capacity, ScatterOob oob) {
    if (index >= 0 && index < capacity)
        return index;
    switch (oob) {
        case ScatterOob::Clamp:
            return index < 0 ? 0 : capacity - 1;
        case ScatterOob::Wrap:
            return (index % capacity + capacity) % capacity;
        default:
            return -1;
    }
}

namespace ops {
// Checked entry point. Validates every operand and, for ScatterOob::Undefined, every index before anything is
// written: an index outside the table is an error (the device leaves it undefined).
//   Elem: idx has src's valid shape; table[idx[r, c]] <- src[r, c], the table being the contiguous ND tensor
//         seen as one flat array of prod(shape) elements.
//   Row:  idx holds one index per source row (valid shape 1 x R or R x 1); table row idx[r] (of the ND
//         tensor's rows x shape[4] matrix, strides honoured) <- src row r; shape[4] == src valid columns.
void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy);
}  // namespace ops

namespace ref {
// Reference kernel: element by element in row-major source order. Operands must already be valid.
void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy);
}  // namespace ref

namespace simd {
// Fast kernel: row spans, type-specialised loops; the same order and results as the reference.
void mscatter(const GlobalView& table, const TileView& src, const TileView& idx, ScatterPolicy policy);
}  // namespace simd

}  // namespace ptosim
