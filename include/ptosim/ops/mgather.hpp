// MGATHER: read a global-memory table into a tile through indices, element by element (Coalesce::Elem) or
// row by row (Coalesce::Row), with an out-of-bounds policy (docs/isa/MGATHER.md). The destination is a UB
// tile (indices in a UB tile) or an L1 tile in NZ form (indices in global memory, Elem staged through a
// global scratch buffer as on the device).
#pragma once

#include <cstdint>
#include <string_view>

#include "ptosim/core/global_view.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/table.hpp"
#include "ptosim/ops/scatter.hpp"

namespace ptosim {

// pto-isa's numbering (pto::GatherOOB).
enum class GatherOob : uint8_t { Undefined = 0, Clamp = 1, Wrap = 2, Zero = 3 };

// MGATHER's element types per profile (npu/a5 and npu/a2a3 MGather.hpp: the 8-bit floats on A5 only) and its
// index types.
inline constexpr isa::Types kGatherData = {
    isa::kInt8To32 | isa::kFloats | isa::DTypeSet{DType::HIF8, DType::E4M3, DType::E5M2},
    isa::kInt8To32 | isa::kFloats};
inline constexpr isa::DTypeSet kGatherIndex = {DType::S32, DType::U32};

struct GatherPolicy {
    Coalesce mode = Coalesce::Row;
    GatherOob oob = GatherOob::Undefined;
};

constexpr std::string_view gather_oob_name(GatherOob o) {
    switch (o) {
        case GatherOob::Undefined:
            return "Undefined";
        case GatherOob::Clamp:
            return "Clamp";
        case GatherOob::Wrap:
            return "Wrap";
        case GatherOob::Zero:
            return "Zero";
    }
    return "?";
}

// The table slot an index reads, out of `capacity` slots (rows for Row, elements for Elem), or -1 for "write
// zero". The devices read every index as uint32_t (npu/a5 and npu/a2a3 MGather.hpp), so a negative int32_t
// index is a large unsigned one: Clamp maps it to the last slot, Wrap takes its unsigned remainder. Undefined
// never reaches a kernel with an outside index (the entry point rejects it), so it maps like Zero here.
constexpr int64_t gather_remap(uint32_t index, int64_t capacity, GatherOob oob) {
    if (static_cast<int64_t>(index) < capacity)
        return index;
    switch (oob) {
        case GatherOob::Clamp:
            return capacity - 1;
        case GatherOob::Wrap:
            return static_cast<int64_t>(index % static_cast<uint64_t>(capacity));
        default:
            return -1;
    }
}

namespace ops {
// Checked entry points. Every operand, every index when the policy is GatherOob::Undefined, and every byte of
// global memory the instruction reads or writes are validated before anything is written.
//   Elem: idx has dst's valid shape; dst[r, c] <- table[idx[r, c]], the table seen as one flat array of
//         prod(shape) elements (ND: a packed tensor; NZ, on the A2A3 device only: the flat index is split
//         into the logical row and column of the NZ matrix).
//   Row:  idx holds one index per destination row (valid shape 1 x R or R x 1); dst row r <- table row
//         idx[r] of the tensor's rows x columns matrix (strides honoured), which is at least as wide as dst.
// dst is a UB tile: row- or column-major, or NZ paired with an NZ table (A2A3).
void mgather(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy);
// GM -> L1, Coalesce::Row: dst is an L1 tile in NZ form, idx a global tensor of R indices (1 x R or R x 1).
// Only dst's valid region is written, except that GatherOob::Zero first clears the whole tile (the device
// does, before its per-row transfers).
void mgather_l1_rows(const TileView& dst, const GlobalView& table, const GlobalView& idx, GatherOob oob);
// GM -> L1, Coalesce::Elem: idx is a global tensor with dst's valid shape (at least); the device gathers into
// `scratch` (at least Rows x Cols elements, cleared first) in the tile's NZ order and copies all of it to the
// tile, so both end up holding the NZ image, zero outside the valid region.
void mgather_l1_elems(const TileView& dst, const GlobalView& table, const GlobalView& idx,
                      const GlobalView& scratch, GatherOob oob);
}  // namespace ops

namespace ref {
// Reference kernel: element by element, reading like the definition. Operands must already be valid.
void mgather(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy);
}  // namespace ref

namespace simd {
// Fast kernel: row spans and type-specialised loops for row-major tiles and ND tables; the same results as
// the reference.
void mgather(const TileView& dst, const GlobalView& table, const TileView& idx, GatherPolicy policy);
}  // namespace simd

}  // namespace ptosim
