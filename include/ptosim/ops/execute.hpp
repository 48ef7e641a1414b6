// The kernel core's one entry point for every instruction with a descriptor (ptosim/isa/table.hpp): operands
// in the descriptor's order, checked against the descriptor, then run by the kernel its row names, on the
// active backend. The C++ intrinsics of the instruction families, the ISA model and PTO-AS all come in here.
#pragma once

#include <cstdint>
#include <span>

#include "ptosim/core/cmp_mode.hpp"
#include "ptosim/core/convert.hpp"
#include "ptosim/core/tile_view.hpp"
#include "ptosim/isa/table.hpp"

namespace ptosim::ops {

// Attributes an instruction may take besides its tiles and scalars (B.DATR fields, C++ arguments).
struct Attrs {
    CmpMode cmp = CmpMode::EQ;  // TCMP, TCMPS (pto-isa numbering)
    int byte = 0;               // THISTOGRAM's ByteId
    // TCVT: the rounding mode (pto-isa's RoundMode), the saturation (Default: the pair's) and whether NaN
    // results become the destination's canonical quiet NaN (B.DATR CANON).
    convert::RoundMode round = convert::RoundMode::None;
    convert::SatMode sat = convert::SatMode::Default;
    bool canon = false;
};

// Operands in the descriptor's (Linx) order: sources as the pto-isa intrinsic lists them, destinations apart.
// A scalar is the bit pattern of one element in the low bytes (ptosim::scalar_bits); the rest is ignored.
struct Operands {
    std::span<const TileView> dst;
    std::span<const TileView> src;
    std::span<const uint64_t> scalars;
    Attrs attrs{};
};

// Validates the operands against op's descriptor (counts, element types the kernel computes, shapes,
// overlaps), then runs its kernel. A failed check (PTOSIM_CHECK) leaves every operand untouched.
void execute(isa::Op op, const Operands& operands);

// True when the kernel core runs op (its row names a kernel).
bool has_kernel(isa::Op op);

}  // namespace ptosim::ops

namespace ptosim::ref {
// The element-wise families' reference kernels (ScalarOps, functors.hpp); operands must already be valid.
void elementwise(isa::Op op, const ops::Operands& operands);
// The row and column reductions' reference kernels: the row's functor as the step, in order along the row
// (column).
void reduce(isa::Op op, const ops::Operands& operands);
}  // namespace ptosim::ref

namespace ptosim::simd {
// The fast kernels of the element-wise families; false when op has none for the operands' element type (the
// caller runs the reference kernel, which gives the same bits anyway).
bool elementwise(isa::Op op, const ops::Operands& operands);
// The reductions' fast kernels (the same order of operations); false: the reference kernel runs.
bool reduce(isa::Op op, const ops::Operands& operands);
}  // namespace ptosim::simd
